import Dispatch
import Foundation

/// Jobs 0..<count run on `threads` threads of their own, each taking the next job as
/// soon as it is done with one, at most `ahead` jobs past the one the caller waits for;
/// the caller takes the results in job order (`next`).
///
/// Why not batches: a batch waits for its slowest job and plans on one thread, and on
/// two cores a search of a common term kept only 0.83 of them busy.
final class ChunkPipeline: @unchecked Sendable {
    private let count: Int
    private let ahead: Int
    private let scan: @Sendable (Int) -> Result<Candidates, Error>
    private let state = NSCondition()
    private let running = DispatchGroup()
    // Guarded by `state`.
    private var results: [Int: Result<Candidates, Error>] = [:]
    private var claimed = 0
    private var taken = 0
    private var stopped = false

    init(jobs count: Int, threads: Int, ahead: Int, scan: @escaping @Sendable (Int) -> Result<Candidates, Error>) {
        self.count = count
        self.ahead = max(1, ahead)
        self.scan = scan
        for _ in 0..<threads {
            running.enter()
            Thread.detachNewThread { [self] in
                work()
                running.leave()
            }
        }
    }

    /// The next job's result, waited for.
    func next() -> Result<Candidates, Error> {
        state.lock()
        defer { state.unlock() }
        while results[taken] == nil { state.wait() }
        let result = results.removeValue(forKey: taken)!
        taken += 1
        state.broadcast()
        return result
    }

    /// Stops the threads from taking more jobs and waits for those running.
    func finish() {
        state.lock()
        stopped = true
        state.broadcast()
        state.unlock()
        running.wait()
    }

    private func work() {
        while let job = claim() {
            let result = scan(job)
            state.lock()
            results[job] = result
            state.broadcast()
            state.unlock()
        }
    }

    /// The next job no thread has taken, once it is within `ahead` of the caller; nil
    /// when none is left or the caller stopped.
    private func claim() -> Int? {
        state.lock()
        defer { state.unlock() }
        while !stopped && claimed < count && claimed - taken >= ahead { state.wait() }
        guard !stopped, claimed < count else { return nil }
        claimed += 1
        return claimed - 1
    }
}
