import Glibc
import Storage

extension Downloader {
    /// Fetches `info` as the ranges of `plan`, several at once, into the partial file.
    /// Ranges an earlier run listed in the journal are kept (and read back to verify);
    /// a partial written as one stream keeps the ranges its bytes cover.
    func downloadInRanges(
        _ info: ObjectInfo, plan: RangePlan, verification: Verification, into partial: Partial,
        progress: TransferProgress?
    ) async throws -> DownloadOutcome {
        let journalPath = RangeJournal.name(forPartial: partial.path)
        var kept: Set<Int>
        if let listed = RangeJournal.listed(at: journalPath, plan: plan) {
            kept = listed.filter { plan.slices[$0].end <= partial.size }
        } else if LocalFile.exists(journalPath) || partial.size > info.bytes {
            // A journal of another plan cannot say which bytes are whole: start anew.
            try LocalFile.truncate(partial.descriptor, path: partial.path)
            kept = []
        } else {
            kept = plan.slices(within: partial.size)
        }
        let journal = try RangeJournal(path: journalPath, plan: plan, done: kept)
        let keptBytes = Self.bytes(of: kept, in: plan)
        progress?.add(bytes: keptBytes)
        let download = RangedDownload(
            downloader: self, info: info, plan: plan, verification: verification,
            partial: partial.path, descriptor: partial.descriptor, journal: journal, progress: progress)
        do {
            let note = try await download.run(kept: kept)
            return DownloadOutcome(bytes: info.bytes, resumedFrom: keptBytes, note: note, resumedRanges: true)
        } catch let error where Self.isCancellation(error) {
            let whole = Self.bytes(of: RangeJournal.listed(at: journalPath, plan: plan) ?? [], in: plan)
            throw TransferError.interrupted(.download(name: info.name, kept: whole, of: info.bytes, partial: partial.path, inRanges: true))
        }
    }

    static func bytes(of ranges: Set<Int>, in plan: RangePlan) -> Int64 {
        ranges.reduce(0) { $0 + plan.slices[$1].bytes }
    }
}
