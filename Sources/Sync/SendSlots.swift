/// At most `count` jobs at once among many tasks, the others waiting their turn in the
/// order they came: how a sync keeps `parallel` names sending while its comparison,
/// with more names in flight, goes on judging.
actor SendSlots {
    private var free: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(_ count: Int) { free = max(1, count) }

    /// Runs `job` once a slot is free, and frees it after.
    nonisolated func run<Value: Sendable>(_ job: @Sendable () async throws -> Value) async throws -> Value {
        await acquire()
        do {
            let value = try await job()
            await release()
            return value
        } catch {
            await release()
            throw error
        }
    }

    private func acquire() async {
        if free > 0 {
            free -= 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    /// Hands the slot to the first waiting, else frees it.
    private func release() {
        if waiting.isEmpty { free += 1 } else { waiting.removeFirst().resume() }
    }
}
