import Foundation
import Synchronization

/// What the interactive shell's signal handlers saw.
///
/// A handler only stores a flag and writes one byte to a wake pipe, both
/// async-signal-safe; readers poll the pipe next to the terminal, so a signal is seen
/// at once whichever thread the kernel delivered it to.
public enum SignalEvents {
    private static let interrupt = Atomic<Bool>(false)
    private static let resize = Atomic<Bool>(false)
    private static let suspend = Atomic<Bool>(false)
    private static let hangup = Atomic<Int32>(0)
    private static let wakeWriter = Atomic<Int32>(-1)
    private static let wakeReader = Atomic<Int32>(-1)

    /// Installs handlers for SIGINT, SIGWINCH, SIGHUP, SIGTERM and SIGTSTP (none restarts
    /// a system call; Ctrl-Z moves the running command to the background, as in lftp,
    /// and never stops objsh). Call once, before the first prompt.
    public static func install() {
        var descriptors: [Int32] = [-1, -1]
        guard pipe(&descriptors) == 0 else { return }
        for descriptor in descriptors {
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        }
        wakeReader.store(descriptors[0], ordering: .relaxed)
        wakeWriter.store(descriptors[1], ordering: .relaxed)
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { SignalEvents.record($0) }
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        for signal in [SIGINT, SIGWINCH, SIGHUP, SIGTERM, SIGTSTP] { sigaction(signal, &action, nil) }
    }

    /// Installs the SIGINT handler alone, for one command of a script; the handler it
    /// replaced, for `restoreInterrupts`. An earlier Ctrl-C is forgotten.
    static func catchInterrupts() -> sigaction {
        clearInterrupt()
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { SignalEvents.record($0) }
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        var previous = sigaction()
        sigaction(SIGINT, &action, &previous)
        return previous
    }

    /// Puts back the SIGINT handler `catchInterrupts` replaced.
    static func restoreInterrupts(_ previous: sigaction) {
        var previous = previous
        sigaction(SIGINT, &previous, nil)
    }

    private static func record(_ signal: Int32) {
        let savedErrno = errno
        switch signal {
        case SIGINT: interrupt.store(true, ordering: .relaxed)
        case SIGWINCH: resize.store(true, ordering: .relaxed)
        case SIGTSTP: suspend.store(true, ordering: .relaxed)
        default: hangup.store(signal, ordering: .relaxed)
        }
        var byte: UInt8 = 0
        _ = write(wakeWriter.load(ordering: .relaxed), &byte, 1)
        errno = savedErrno
    }

    /// Whether Ctrl-C was pressed since the flag was last taken; takes it.
    public static func takeInterrupt() -> Bool { interrupt.exchange(false, ordering: .relaxed) }
    /// Whether Ctrl-C was pressed, leaving the flag set.
    public static var isInterrupted: Bool { interrupt.load(ordering: .relaxed) }
    /// Forgets an earlier Ctrl-C (before a new prompt or command).
    public static func clearInterrupt() { interrupt.store(false, ordering: .relaxed) }
    /// Whether Ctrl-Z was pressed since the flag was last taken; takes it.
    public static func takeSuspend() -> Bool { suspend.exchange(false, ordering: .relaxed) }
    /// Forgets an earlier Ctrl-Z (one pressed at the prompt moves nothing).
    public static func clearSuspend() { suspend.store(false, ordering: .relaxed) }
    /// Whether the window changed size since the flag was last taken; takes it.
    public static func takeResize() -> Bool { resize.exchange(false, ordering: .relaxed) }
    /// The SIGHUP or SIGTERM received, if any: the shell should save and leave.
    public static var hangupSignal: Int32? {
        let signal = hangup.load(ordering: .relaxed)
        return signal == 0 ? nil : signal
    }

    /// The read end of the wake pipe, to poll next to the terminal.
    static var wakeDescriptor: Int32 { wakeReader.load(ordering: .relaxed) }

    /// Empties the wake pipe; the flags say what happened.
    static func drainWakePipe() {
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(wakeDescriptor, &buffer, buffer.count) > 0 {}
    }
}
