import Foundation
import Storage

/// The file a command's output goes to: `> FILE` writes a temporary file beside FILE and
/// renames it into place only when the command succeeded (so a failed command, or a
/// `cat` whose bytes fail their check, leaves FILE as it was); `>> FILE` appends as the
/// output comes. A FILE that is no regular file (`/dev/null`, a FIFO) is written as it is.
struct OutputFile {
    /// FILE as typed, for messages.
    let typed: String
    /// Where the bytes end: FILE, or what its symbolic link names.
    let path: String
    let descriptor: Int32
    /// The temporary file renamed into place by `commit`, for `>` onto a regular file.
    let temporary: String?

    /// Opens `redirection`'s file, relative to `folder` (the local folder `lcd` chose).
    static func open(_ redirection: Redirection, in folder: String) throws -> OutputFile {
        let local = LocalPath(typed: redirection.target.text, in: folder)
        let failure = { (problem: LocalProblem) in CommandFailure.outputFile(local.text, problem) }
        var path = local.absolute
        if let resolved = realpath(path, nil) {
            path = String(cString: resolved)
            free(resolved)
        }
        var info = stat()
        let exists = stat(path, &info) == 0
        if exists && info.st_mode & S_IFMT == S_IFDIR { throw failure(.isADirectory) }
        if redirection.mode == .append || (exists && info.st_mode & S_IFMT != S_IFREG) {
            let flags = O_WRONLY | O_CLOEXEC | (redirection.mode == .append ? O_APPEND | O_CREAT : 0)
            let descriptor = Foundation.open(path, flags, 0o666)
            guard descriptor >= 0 else { throw failure(.lastSystemError) }
            return OutputFile(typed: local.text, path: path, descriptor: descriptor, temporary: nil)
        }
        let slash = path.lastIndex(of: "/")!
        var template = Array((String(path[...slash]) + "." + String(path[path.index(after: slash)...]) + ".objsh-XXXXXX").utf8CString)
        let descriptor = mkstemp(&template)
        guard descriptor >= 0 else { throw failure(.lastSystemError) }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        let mask = umask(0)
        umask(mask)
        fchmod(descriptor, exists ? info.st_mode & 0o7777 : 0o666 & ~mask)
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return OutputFile(typed: local.text, path: path, descriptor: descriptor, temporary: temporary)
    }

    /// Puts the output in place: the temporary file synced and renamed onto FILE.
    func commit() throws {
        defer { close(descriptor) }
        guard let temporary else { return }
        guard fsync(descriptor) == 0, rename(temporary, path) == 0 else {
            let problem = LocalProblem.lastSystemError
            unlink(temporary)
            throw CommandFailure.outputFile(typed, problem)
        }
    }

    /// Drops the output of a command that failed: FILE stays as it was (`>>` keeps what came).
    func discard() {
        close(descriptor)
        if let temporary { unlink(temporary) }
    }
}
