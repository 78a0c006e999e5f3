import Foundation
import Synchronization

/// SIGPIPE, ignored: a write to a pipe whose reader went away fails with EPIPE instead
/// of ending objsh (`DescriptorOutput`, `StandardOutput` stop the command writing).
public enum BrokenPipes {
    private static let ignored: Void = { _ = signal(SIGPIPE, SIG_IGN) }()

    /// Ignores SIGPIPE from now on (once; programs objsh starts get the default back).
    public static func ignore() { ignored }
}

/// Whether anyone still reads an output: a pipe's reader may end first (`| head -1`).
/// When it does, the command writing there is stopped quietly (its task cancelled), as
/// SIGPIPE stops a POSIX command, except that objsh goes on.
public final class OutputReader: Sendable {
    private let state = Mutex<(gone: Bool, stop: (@Sendable () -> Void)?)>((false, nil))

    public init() {}

    /// Whether the reader went away.
    public var isGone: Bool { state.withLock { $0.gone } }

    /// Notes that the reader went away (a write found it gone, or it ended) and stops
    /// the command writing. A later command is stopped at its first write, not before.
    public func readerWentAway() {
        let stop = state.withLock { state -> (@Sendable () -> Void)? in
            state.gone = true
            return state.stop
        }
        stop?()
    }

    /// Runs `work` in a task of its own, cancelled when the reader goes away meanwhile.
    func stoppingWhenGone<Value: Sendable>(_ work: @escaping @MainActor @Sendable () async throws -> Value) async throws -> Value {
        let task = Task { @MainActor in try await work() }
        state.withLock { $0.stop = { task.cancel() } }
        defer { state.withLock { $0.stop = nil } }
        return try await withTaskCancellationHandler {
            try await task.value
        } onCancel: {
            task.cancel()
        }
    }
}

/// A command's standard output into a descriptor of its own (a pipe to a local filter,
/// a file of `>`), its errors where the shell writes its own. The first failure to write
/// is kept (a full disk must not leave a file cut short in place); a pipe whose reader
/// went away (EPIPE) stops the command through `reader`, and later output is dropped, as
/// is any after `detach` (the owner closes the descriptor then). Writes hold a lock, so
/// workers' lines never interleave.
final class DescriptorOutput: ShellOutput {
    let errors: any ShellOutput
    let reader = OutputReader()
    /// The descriptor until `detach`, and the errno of the first write that failed.
    private let state: Mutex<(descriptor: Int32?, failure: Int32?)>

    init(descriptor: Int32, errors: any ShellOutput) {
        self.errors = errors
        state = Mutex((descriptor, nil))
    }

    /// The errno of the first write that failed, other than a reader gone away.
    var writeFailure: Int32? { state.withLock { $0.failure } }

    var outputReader: OutputReader? { reader }

    /// Drops every later write: the owner is about to close the descriptor.
    func detach() { state.withLock { $0.descriptor = nil } }

    func write(_ text: String) {
        _ = Array(text.utf8).withUnsafeBytes { writeBytes($0) }
    }

    func writeError(_ text: String) { errors.writeError(text) }

    func writeBytes(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let written = state.withLock { state -> Bool in
            guard let descriptor = state.descriptor, state.failure == nil, !reader.isGone else { return false }
            if StandardOutput.writeAll(descriptor, bytes) { return true }
            if errno != EPIPE { state.failure = errno }
            return false
        }
        if !written && writeFailure == nil { reader.readerWentAway() }
        return written
    }
}
