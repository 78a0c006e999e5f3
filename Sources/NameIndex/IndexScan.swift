import Dispatch
import Foundation
import Storage

/// One search over segments, a chunk at a time, in segment then name order.
///
/// Each chunk goes through three steps: its blocks are chosen (trigrams, then the
/// query's bounds on a block's sizes and dates), its names are decoded and tested on
/// their bytes (`NameScanner`), and the query's own tests make objects of those that
/// pass. The first two, where the time goes, run on `workers` threads of their own that
/// each take the next chunk as soon as they are done with one (`ChunkPipeline`),
/// touching only the mapped bytes, the query's runs and its `blocks` test; the last
/// runs on the caller's thread in chunk order, so `facts` and `keep` are never called
/// concurrently and results come in the order of a serial scan.
struct IndexScan {
    let query: IndexQuery
    let required: [UInt32]
    let workers: Int

    /// The threads a search may use: one a core.
    static var defaultWorkers: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

    /// Calls `body` with each chunk's matches (none for a chunk without), with the
    /// name its segment was given.
    func run(_ segments: [(String, SegmentReader)], _ body: (String, [ObjectSummary]) throws -> Void) throws {
        let jobs = segments.flatMap { segment in (0..<segment.1.chunkCount).map { (segment.0, segment.1, $0) } }
        let (required, blocks, runs) = (required, query.blocks, query.runs)
        let sure = query.runIsTheMatch && runs.count == 1
        @Sendable func scan(_ job: Int) -> Result<Candidates, Error> {
            Result {
                let chunk = try jobs[job].1.chunk(jobs[job].2)
                let chosen = chunk.blocks(holding: required).filter { blocks(chunk.facts(of: $0)) }
                return try NameScanner(runs: runs, runIsTheMatch: sure).scan(chunk, blocks: chosen)
            }
        }
        guard workers > 1, jobs.count > 1 else {
            for job in jobs.indices { try hand(objects(try scan(job).get()), of: jobs[job].0, to: body) }
            return
        }
        // Chunks scanned ahead of the caller wait in memory: two a thread keeps both busy.
        let pipeline = ChunkPipeline(jobs: jobs.count, threads: min(workers, jobs.count), ahead: workers * 2, scan: scan)
        // Never leave a scan running over mappings about to be unmapped.
        defer { pipeline.finish() }
        for job in jobs.indices { try hand(objects(try pipeline.next().get()), of: jobs[job].0, to: body) }
    }

    private func hand(_ found: [ObjectSummary], of segment: String, to body: (String, [ObjectSummary]) throws -> Void) throws {
        if !found.isEmpty { try body(segment, found) }
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
