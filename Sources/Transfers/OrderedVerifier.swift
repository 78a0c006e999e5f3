import Storage
import Synchronization

/// Verifies one object's bytes in byte order while its parts arrive out of order: the
/// worker of part `i` waits until parts before it were hashed, hashes its own part from
/// its spool file, then lets the next one in. A failure anywhere (a worker's, or a
/// cancellation) releases every waiter, so no worker waits for a part that never comes.
final class OrderedVerifier: Sendable {
    private struct State {
        var verifier: StreamVerifier
        var next = 0
        var failed = false
        var waiting: [Int: CheckedContinuation<Void, Never>] = [:]
    }
    private let state: Mutex<State>

    init(_ verification: Verification, name: String) {
        state = Mutex(State(verifier: StreamVerifier(verification, name: name)))
    }

    /// Hashes part `index`, whose bytes `read` hands over, after the parts before it.
    func hash(_ index: Int, _ read: ((UnsafeRawBufferPointer) throws -> Void) throws -> Void) async throws {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let ready = state.withLock { state in
                    if state.failed || state.next == index { return true }
                    state.waiting[index] = continuation
                    return false
                }
                if ready { continuation.resume() }
            }
        } onCancel: {
            fail()
        }
        do {
            try Task.checkCancellation()
            var verifier = try state.withLock { state in
                guard !state.failed else { throw CancellationError() }
                return state.verifier
            }
            try read { try verifier.update($0) }
            let waiter = state.withLock { state in
                state.verifier = verifier
                state.next = index + 1
                return state.waiting.removeValue(forKey: index + 1)
            }
            waiter?.resume()
        } catch {
            fail()
            throw error
        }
    }

    /// Lets every waiter go: the copy failed, and no later part will be hashed.
    func fail() {
        let waiters = state.withLock { state in
            state.failed = true
            defer { state.waiting = [:] }
            return Array(state.waiting.values)
        }
        waiters.forEach { $0.resume() }
    }

    /// The verdict on the whole, once every part was hashed: nil when verified, else why
    /// the bytes are not verified; throws when they are proven wrong.
    func finish() throws -> UnverifiedReason? {
        var verifier = state.withLock { $0.verifier }
        return try verifier.finish()
    }
}
