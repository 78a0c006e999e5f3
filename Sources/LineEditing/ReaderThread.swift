import Foundation

/// Runs blocking terminal reads on a thread of their own, so they never hold one of
/// the few threads that run Swift tasks (a TAB in the middle of a read awaits a task).
enum ReaderThread {
    static func run<Value: Sendable>(_ work: @escaping @Sendable () -> Value) async -> Value {
        await withCheckedContinuation { continuation in
            let thread = Thread { continuation.resume(returning: work()) }
            thread.stackSize = 4 << 20
            thread.start()
        }
    }
}
