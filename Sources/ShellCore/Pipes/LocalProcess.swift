import Foundation

/// A local program objsh starts: `/bin/sh -c TEXT` for `!TEXT` and for what follows a
/// `|`, or the user's shell for `!` alone. It runs in the local folder `lcd` chose, with
/// the default action of every signal (objsh ignores SIGPIPE and catches others, and an
/// ignored signal would stay ignored across exec), and no descriptor of objsh's but the
/// three it is given.
struct LocalProcess: Sendable {
    let pid: pid_t

    /// The signals a child gets back at their default action.
    private static let defaultSignals = [SIGPIPE, SIGINT, SIGQUIT, SIGTERM, SIGHUP, SIGTSTP, SIGTTIN, SIGTTOU, SIGWINCH, SIGCHLD]

    /// Starts `arguments` (the program's path first) in `folder`; `input`, when given,
    /// becomes its standard input (the others are objsh's own).
    static func start(_ arguments: [String], in folder: String, input: Int32? = nil) throws -> LocalProcess {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let input { posix_spawn_file_actions_adddup2(&actions, input, 0) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var signals = sigset_t()
        sigemptyset(&signals)
        for signal in defaultSignals { sigaddset(&signals, signal) }
        posix_spawnattr_setsigdefault(&attributes, &signals)
        var noneBlocked = sigset_t()
        sigemptyset(&noneBlocked)
        posix_spawnattr_setsigmask(&attributes, &noneBlocked)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        // A small sh enters the folder and execs the program (glibc's addchdir_np is not
        // visible to Swift here); a folder gone since `lcd` is told by that sh.
        let entering = ["/bin/sh", "-c", #"cd -- "$0" && exec "$@""#, folder] + arguments
        let argv = entering.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let failure = posix_spawn(&pid, "/bin/sh", &actions, &attributes, argv, environ)
        guard failure == 0 else { throw CommandFailure.localProgram(arguments[0], .system(failure)) }
        return LocalProcess(pid: pid)
    }

    /// `/bin/sh -c text`.
    static func shell(_ text: String, in folder: String, input: Int32? = nil) throws -> LocalProcess {
        try start(["/bin/sh", "-c", text], in: folder, input: input)
    }

    /// The user's shell (`$SHELL`, or /bin/sh), interactive on the terminal.
    static func interactiveShell(in folder: String, input: Int32? = nil) throws -> LocalProcess {
        let shell = ProcessInfo.processInfo.environment["SHELL"].flatMap { $0.isEmpty ? nil : $0 } ?? "/bin/sh"
        return try start([shell], in: folder, input: input)
    }

    /// Waits for the program to end, on a thread of its own (it may run for hours, and
    /// the threads that run tasks are few); its status as a POSIX shell gives it: the
    /// exit code, or 128 plus the signal that ended it.
    /// Ctrl-Z stops nothing objsh runs: the programs share objsh's process group, so the
    /// terminal's SIGTSTP stops them (or they stop themselves, as less and vim do) while
    /// objsh goes on; a stopped program is continued at once, with the group's others.
    func wait() async -> Int32 {
        let pid = pid
        return await withCheckedContinuation { continuation in
            let thread = Thread {
                var status: Int32 = 0
                while true {
                    guard waitpid(pid, &status, WUNTRACED) >= 0 else {
                        if errno == EINTR { continue }
                        break
                    }
                    // Stopped (0x7f in the low byte): by Ctrl-Z, or by a program that stops itself on it.
                    guard status & 0xff == 0x7f else { break }
                    let stop = (status >> 8) & 0xff
                    if stop == SIGTSTP || stop == SIGSTOP { kill(0, SIGCONT) }
                }
                let signal = status & 0x7f
                continuation.resume(returning: signal == 0 ? (status >> 8) & 0xff : 128 + signal)
            }
            thread.start()
        }
    }
}
