/// What the jobs of a test did, told to it as they run: which began and in what order,
/// how many ran at once at most, which ended and which of those saw a cancellation. A
/// test waits on it for a state (so many begun, so many ended) instead of sleeping and
/// hoping; a wait gives up after a minute, so a state never reached fails the test's
/// checks instead of hanging it.
actor JobGauge {
    private(set) var begun: [Int] = []
    private(set) var cancelled: [Int] = []
    private(set) var highest = 0
    private var running = 0
    private var ended = 0
    private var waiters: [Waiter] = []
    private var waitersMade = 0

    /// One who waits for so many jobs begun and so many ended, and the timer that gives up.
    private struct Waiter {
        let id: Int
        let begun: Int
        let ended: Int
        let wake: CheckedContinuation<Void, Never>
        let timer: Task<Void, Never>
    }

    func enter(_ item: Int) {
        begun.append(item)
        running += 1
        highest = max(highest, running)
        wakeWaiters()
    }

    func leave() { running -= 1 }

    func noteEnded(_ item: Int, cancelled wasCancelled: Bool) {
        if wasCancelled { cancelled.append(item) }
        ended += 1
        wakeWaiters()
    }

    /// Returns once `count` jobs have begun.
    func waitUntilBegun(_ count: Int) async { await waitUntil(begun: count, ended: 0) }

    /// Returns once `count` jobs have told how they ended.
    func waitUntilEnded(_ count: Int) async { await waitUntil(begun: 0, ended: count) }

    private func waitUntil(begun: Int, ended: Int) async {
        guard !reached(begun: begun, ended: ended) else { return }
        waitersMade += 1
        let id = waitersMade
        await withCheckedContinuation { wake in
            let timer = Task {
                try? await Task.sleep(for: .seconds(60))
                self.giveUp(id)
            }
            waiters.append(Waiter(id: id, begun: begun, ended: ended, wake: wake, timer: timer))
        }
    }

    private func reached(begun: Int, ended: Int) -> Bool {
        self.begun.count >= begun && self.ended >= ended
    }

    private func wakeWaiters() {
        for waiter in waiters where reached(begun: waiter.begun, ended: waiter.ended) {
            waiter.timer.cancel()
            waiter.wake.resume()
        }
        waiters.removeAll { reached(begun: $0.begun, ended: $0.ended) }
    }

    private func giveUp(_ id: Int) {
        guard let index = waiters.firstIndex(where: { $0.id == id }) else { return }
        waiters.remove(at: index).wake.resume()
    }
}

/// A gate jobs wait at until the test opens it; waiting ignores cancellation, so a job
/// held here ends normally however the pool is cancelled meanwhile.
actor Gate {
    private var isOpen = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func pass() async {
        guard !isOpen else { return }
        await withCheckedContinuation { waiting.append($0) }
    }

    func open() {
        isOpen = true
        for job in waiting { job.resume() }
        waiting.removeAll()
    }
}

/// A job that waits until it is cancelled, telling the gauge how it ended; a minute at
/// most, so that a cancellation that never comes fails the test instead of hanging it.
func sleepUntilCancelled(_ item: Int, _ gauge: JobGauge) async throws {
    do {
        try await Task.sleep(for: .seconds(60))
    } catch {
        await gauge.noteEnded(item, cancelled: true)
        throw error
    }
    await gauge.noteEnded(item, cancelled: false)
}

struct Failure: Error, Equatable {}

/// `items` given one at a time as an async sequence, as a stream of names would be.
func asyncItems(_ items: Range<Int>) -> AsyncStream<Int> {
    AsyncStream { continuation in
        for item in items { continuation.yield(item) }
        continuation.finish()
    }
}
