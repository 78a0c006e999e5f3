import Dispatch
import Foundation
import Storage

/// One search over segments, a chunk at a time, in segment then name order.
///
/// Each chunk goes through three steps: its blocks are chosen (trigrams, then the
/// query's bounds on a block's sizes and dates), its names are decoded and tested on
/// their bytes (`NameScanner`), and the query's own tests make objects of those that
/// pass. The middle step, where the time goes, runs for up to `workers` chunks side by
/// side on threads of their own, touching only the mapped bytes and the query's runs;
/// the first and last run on the caller's thread in chunk order, so the query's
/// closures are never called concurrently and results come in the order of a serial scan.
struct IndexScan {
    let query: IndexQuery
    let required: [UInt32]
    let workers: Int

    /// The threads a search may use: one a core.
    static var defaultWorkers: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

    /// Calls `body` with each chunk's matches (none for a chunk without), with the
    /// name its segment was given.
    func run(_ segments: [(String, SegmentReader)], _ body: (String, [ObjectSummary]) throws -> Void) throws {
        let jobs = segments.flatMap { segment in (0..<segment.1.chunkCount).map { (segment, $0) } }
        // Two chunks a thread: a short last chunk of a segment leaves the other thread busy.
        let batchSize = workers > 1 ? workers * 2 : 1
        let batches = stride(from: 0, to: jobs.count, by: batchSize).map { jobs[$0..<min(jobs.count, $0 + batchSize)] }
        var pending: ScanInFlight?
        // Never leave a scan running over mappings about to be unmapped.
        defer { _ = pending?.wait() }
        for (index, batch) in batches.enumerated() {
            if index == 0 { pending = try start(batch) }
            let scanned = pending!.wait()
            // The next batch is scanned while this one's objects are made and handed on.
            pending = index + 1 < batches.count ? try start(batches[index + 1]) : nil
            for (job, result) in zip(batch, scanned) {
                let found = objects(try result.get())
                if !found.isEmpty { try body(job.0.0, found) }
            }
        }
    }

    /// Plans a batch of chunks here, and scans them on other threads (here with one worker).
    private func start(_ batch: ArraySlice<((String, SegmentReader), Int)>) throws -> ScanInFlight {
        let plans = try batch.map { job in try plan(job.0.1.chunk(job.1)) }
        let (runs, sure, workers) = (query.runs, query.runIsTheMatch && query.runs.count == 1, workers)
        return ScanInFlight(inBackground: workers > 1) { Self.scan(plans, runs: runs, runIsTheMatch: sure, workers: workers) }
    }

    /// The chunk and those of its blocks that can hold a match, ascending.
    func plan(_ chunk: Chunk) -> (Chunk, [Int]) {
        (chunk, chunk.blocks(holding: required).filter { query.blocks(chunk.facts(of: $0)) })
    }

    /// Each plan's candidates, in the plans' order, scanned on up to `workers` threads.
    static func scan(_ plans: [(Chunk, [Int])], runs: [[UInt8]], runIsTheMatch: Bool, workers: Int) -> [Result<Candidates, Error>] {
        @Sendable func one(_ plan: (Chunk, [Int])) -> Result<Candidates, Error> {
            Result { try NameScanner(runs: runs, runIsTheMatch: runIsTheMatch).scan(plan.0, blocks: plan.1) }
        }
        guard workers > 1, plans.count > 1 else { return plans.map(one) }
        var results = [Result<Candidates, Error>](repeating: .success(Candidates()), count: plans.count)
        results.withUnsafeMutableBufferPointer { slots in
            // Each thread writes only its own slot; concurrentPerform returns when all have.
            let slots = UncheckedSlots(buffer: slots)
            DispatchQueue.concurrentPerform(iterations: plans.count) { slots.buffer[$0] = one(plans[$0]) }
        }
        return results
    }

    /// The candidates that the query's bounds and final test keep, as objects.
    func objects(_ candidates: Candidates) -> [ObjectSummary] {
        var found: [ObjectSummary] = []
        found.reserveCapacity(candidates.entries.count)
        var start = 0
        candidates.names.withUnsafeBufferPointer { names in
            for candidate in candidates.entries {
                defer { start = candidate.end }
                let bytes = Int64(clamping: candidate.size)
                let date = candidate.date == 0 ? nil : Date(timeIntervalSince1970: Double(candidate.date - 1) / 1000)
                guard query.facts(bytes, date) else { continue }
                let name = candidate.name ?? String(decoding: UnsafeBufferPointer(rebasing: names[start..<candidate.end]), as: UTF8.self)
                let object = ObjectSummary(name: name, bytes: bytes, contentType: "", lastModified: date)
                if candidate.sure || query.keep(object) { found.append(object) }
            }
        }
        return found
    }
}

/// The result slots of one `concurrentPerform`, each written by one thread only.
private struct UncheckedSlots: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<Result<Candidates, Error>>
}

/// One batch's scan: on a thread of its own (which `concurrentPerform` joins others to),
/// or done at once.
private final class ScanInFlight: @unchecked Sendable {
    private let done = DispatchGroup()
    /// Written once before `done` is left, read only after it is waited for.
    private var results: [Result<Candidates, Error>] = []

    init(inBackground: Bool, _ scan: @escaping @Sendable () -> [Result<Candidates, Error>]) {
        guard inBackground else {
            results = scan()
            return
        }
        done.enter()
        DispatchQueue.global().async {
            self.results = scan()
            self.done.leave()
        }
    }

    func wait() -> [Result<Candidates, Error>] {
        done.wait()
        return results
    }
}
