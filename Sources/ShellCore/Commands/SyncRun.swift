import Foundation
import Rendering
import Storage
import Sync
import Synchronization
import Transfers

/// One `sync` under way: the synchronizer's events in words (a plan line for each name
/// acted on, a failure as it happens), the question before deletes, the failures again
/// at the end, and the summary.
@MainActor
struct SyncRun {
    let synchronizer: Synchronizer
    let json: Bool
    let context: CommandContext
    /// `--max-delete`: more names only DEST holds than this, and none go.
    let maxDeletes: Int?
    /// Failures listed again at the end, at most this many (the count tells the rest).
    nonisolated static let failuresKept = 100

    func run(deletes: Bool, source: String, destination: String) async throws {
        let started = ContinuousClock.now
        let failures = Locked(FailureList())
        let event = events(failures)
        let progress = synchronizer.progress
        var (totals, spool) = try await context.console.withProgress(progress) {
            try await synchronizer.send(collectingDeletes: deletes, event: event)
        }
        var refusal: DeletionRefusal?
        if let spool, spool.count > 0 {
            refusal = deletionRefusal(of: spool, totals, source: source)
            if refusal == nil, await confirmed(spool, destination) {
                try await context.console.withProgress(progress) { try await synchronizer.delete(spool, into: &totals, event: event) }
            }
        }
        let (kept, first) = failures.withLock { ($0.kept, $0.first) }
        if !kept.isEmpty {
            context.console.writeError("sync: \(totals.failed) failed:\n")
            for failure in kept { context.console.writeError("  \(escaped(ErrorReport.words(failure)))\n") }
        }
        if let refusal, first != nil { context.console.writeError("sync: \(escaped(ErrorReport.words(refusal)))\n") }
        summarize(totals, seconds: ProgressText.seconds(ContinuousClock.now - started))
        if let first { throw ErrorReport.SomeObjectsFailed(failed: totals.failed, total: totals.acted, first: first.error) }
        if let refusal { throw CommandFailure.deletionsRefused(refusal) }
    }

    /// Why what only DEST holds must stay, if it must: a failure in the run (DEST may
    /// lack what was meant to replace it), an empty SRC, or more than `--max-delete`.
    func deletionRefusal(of spool: DeletionSpool, _ totals: SyncTotals, source: String) -> DeletionRefusal? {
        if totals.failed > 0 { return .failures(totals.failed) }
        if totals.inSource == 0 { return .emptySource(source) }
        if let maxDeletes, spool.count > maxDeletes { return .overLimit(count: spool.count, limit: maxDeletes) }
        return nil
    }

    /// Tells each name acted on as it happens: on standard output its plan line (or
    /// record); a failure, or a copy nothing proves, on standard error.
    func events(_ failures: Locked<FailureList>) -> @Sendable (SyncEvent) -> Void {
        let console = context.console
        let json = json
        return { event in
            switch event {
            case .sent(let verdict, let check):
                Self.tell(verdict, json: json, console)
                if check != .verified { console.writeError("sync: \(escaped(verdict.name)): sent, but \(ErrorReport.words(check))\n") }
            case .deleted(let name, let bytes):
                Self.tell(.onlyInDestination(PlaceEntry(deleted: name, bytes: bytes)), json: json, console)
            case .failed(let failure):
                console.writeFailure(failure, of: "sync")
                failures.withLock {
                    if $0.first == nil { $0.first = failure }
                    if $0.kept.count < Self.failuresKept { $0.kept.append(failure) }
                }
            }
        }
    }

    /// A name acted on, as the plan tells it: its line, or its JSON record.
    nonisolated static func tell(_ verdict: Verdict, json: Bool, _ console: Console) {
        if json {
            if let record = PlanLines.record(verdict) { console.write(record.jsonText) }
        } else if let line = PlanLines.line(verdict) {
            console.write(line)
        }
    }

    /// At a terminal: says how many objects and bytes only DEST holds, and asks.
    func confirmed(_ spool: DeletionSpool, _ destination: String) async -> Bool {
        guard let confirm = context.settings.streams.confirm else { return true }
        let objects = "\(spool.count) object\(spool.count == 1 ? "" : "s")"
        guard await confirm("delete \(objects) (\(ByteCountText.format(spool.bytes))) that only \(escaped(destination)) holds?") else {
            context.console.writeError("sync: nothing deleted\n")
            return false
        }
        return true
    }

    /// `sync: sent 3 (1.2 KiB), copied 0 (0 B), deleted 1 (5 B), same 9, failed 0; hashed 2 files (8 B); 0.4 s`.
    func summarize(_ totals: SyncTotals, seconds: Double) {
        let hashed = synchronizer.comparison.counters
        guard !json else { return context.console.writeJSON([record(totals, hashed, seconds)]) }
        let size = ByteCountText.format
        context.console.write(
            "sync: sent \(totals.sent) (\(size(totals.sentBytes))), copied \(totals.copied) (\(size(totals.copiedBytes))), "
                + "deleted \(totals.deleted) (\(size(totals.deletedBytes))), same \(totals.same), failed \(totals.failed); "
                + "hashed \(hashed.filesRead) files (\(size(hashed.bytesRead))); \(String(format: "%.1f", seconds)) s\n")
    }

    func record(_ totals: SyncTotals, _ hashed: HashCounters, _ seconds: Double) -> JSONLine {
        var record = JSONLine()
        record.add(.kind, "totals")
        record.add(.sent, totals.sent)
        record.add(.sentBytes, totals.sentBytes)
        record.add(.copied, totals.copied)
        record.add(.copiedBytes, totals.copiedBytes)
        record.add(.deleted, totals.deleted)
        record.add(.deletedBytes, totals.deletedBytes)
        record.add(.same, totals.same)
        record.add(.failed, totals.failed)
        record.add(.unverified, totals.unverified)
        record.add(.hashedFiles, hashed.filesRead)
        record.add(.hashedBytes, hashed.bytesRead)
        record.add(.milliseconds, Int(seconds * 1000))
        return record
    }
}

extension JSONLine {
    /// The record as one line of text.
    var jsonText: String {
        var page: [UInt8] = []
        append(to: &page)
        return String(decoding: page, as: UTF8.self)
    }
}

/// The failures of a sync: the first (its kind is the exit status), and those listed at the end.
struct FailureList: Sendable {
    var first: ObjectFailure?
    var kept: [ObjectFailure] = []
}

extension SyncTotals {
    /// Names acted on, or tried.
    var acted: Int { sent + copied + deleted + failed }
}

extension PlaceEntry {
    /// A name removed from DEST, as a plan line tells it.
    init(deleted name: String, bytes: Int64) {
        self.init(name: name, origin: .object(ObjectSummary(name: name, bytes: bytes, contentType: "")))
    }
}
