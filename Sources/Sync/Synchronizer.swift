import Foundation
import Glibc
import Places
import Storage
import Synchronization
import Transfers

/// What a sync did, counted as it goes.
public struct SyncTotals: Sendable, Equatable {
    /// Files sent up or objects brought down (through objsh, between a folder and a store).
    public var sent = 0
    public var sentBytes: Int64 = 0
    /// Objects copied from store to store.
    public var copied = 0
    public var copiedBytes: Int64 = 0
    public var deleted = 0
    public var deletedBytes: Int64 = 0
    /// Names the same on both sides, left alone.
    public var same = 0
    public var failed = 0
    /// Names sent that nothing could prove the same after (a DLO, an opaque ETag).
    public var unverified = 0
    /// Names SRC holds (after exclusions): none, and `--delete` would empty DEST.
    public var inSource = 0

    public init() {}
}

/// One thing a sync did, told as it happens.
public enum SyncEvent: Sendable {
    /// A name sent, as the comparison judged it (`+` or `~`), and how it was checked.
    case sent(Verdict, CopyCheck)
    /// A name only DEST held, removed.
    case deleted(name: String, bytes: Int64)
    case failed(ObjectFailure)
}

/// `sync`: makes DEST hold what SRC holds, driven by the comparison's verdicts. Names
/// only in SRC or different go along the route, `parallel` at once, while the
/// comparison goes on judging the names after them: its window is widened by the names
/// sending, so memory stays that window however many names there are. Names only DEST
/// holds are spooled, to be removed at the end once the person agrees (`delete`). A
/// failure of one name is told and counted, and the others go on.
public struct Synchronizer: Sendable {
    public let comparison: Comparison
    public let route: SyncRoute
    public let progress: TransferProgress?

    public init(comparison: Comparison, route: SyncRoute, progress: TransferProgress?) {
        self.comparison = comparison
        self.route = route
        self.progress = progress
    }

    /// Sends what SRC holds and DEST lacks or holds otherwise; `event` hears of each name
    /// acted on. With `collectingDeletes`, what only DEST holds is spooled, for `delete`.
    public func send(
        collectingDeletes: Bool, event: @escaping @Sendable (SyncEvent) -> Void
    ) async throws -> (totals: SyncTotals, deletes: DeletionSpool?) {
        let totals = Locked(SyncTotals())
        let spool = collectingDeletes ? try DeletionSpool() : nil
        let transfer = SyncTransfer(route: route, judge: comparison.judge, progress: progress)
        let slots = SendSlots(route.parallel)
        let paths: DownloadPaths? = if case .download = route { DownloadPaths() } else { nil }
        let landing = Landing()
        try await comparison.process(limit: comparison.window + route.parallel, meet: { paths?.meet($0) }) { [self] verdict in
            switch verdict {
            case .onlyInSource(let entry), .differs(let entry, _, _):
                if let refusal = paths?.refusal(of: entry.name) {
                    Self.refuse(entry, refusal, totals, event)
                    break
                }
                progress?.addTotal(bytes: entry.bytes, items: 1)
                try await slots.run { if try await send(verdict, transfer, totals, event) { landing.sent(entry.name) } }
            case .same, .onlyInDestination: break
            }
            return verdict
        } emit: { verdict in
            switch verdict {
            case .same(let entry, _, _):
                _ = paths?.refusal(of: entry.name)
                totals.withLock {
                    $0.same += 1
                    $0.inSource += 1
                }
            case .onlyInDestination(let entry):
                try spool?.add(entry)
                landing.metInDestination()
            case .onlyInSource: totals.withLock { $0.inSource += 1 }
            case .differs:
                totals.withLock { $0.inSource += 1 }
                landing.metInDestination()
            }
        }
        try await checkLanding(landing, totals, event)
        return (totals.withLock { $0 }, spool)
    }

    /// Sends one name; a failure of it is told and counted. Whether it was sent.
    @discardableResult
    func send(_ verdict: Verdict, _ transfer: SyncTransfer, _ totals: Locked<SyncTotals>, _ event: @escaping @Sendable (SyncEvent) -> Void)
        async throws -> Bool
    {
        let copies = if case .copy = route { true } else { false }
        let entry = verdict.sourceEntry
        do {
            let check = try await transfer.send(entry)
            totals.withLock {
                if copies {
                    $0.copied += 1
                    $0.copiedBytes += entry.bytes
                } else {
                    $0.sent += 1
                    $0.sentBytes += entry.bytes
                }
                if check != .verified { $0.unverified += 1 }
            }
            event(.sent(verdict, check))
            return true
        } catch let error where !Self.stopsAll(error) {
            totals.withLock { $0.failed += 1 }
            event(.failed(ObjectFailure(name: entry.name, error: error)))
            return false
        }
    }

    /// A name sync down cannot write below its folder: told and counted as failed.
    static func refuse(
        _ entry: PlaceEntry, _ refusal: LocalNameRefusal, _ totals: Locked<SyncTotals>, _ event: @Sendable (SyncEvent) -> Void
    ) {
        let name = entry.object?.name ?? entry.name
        totals.withLock { $0.failed += 1 }
        event(.failed(ObjectFailure(name: entry.name, error: TransferError.unsafeName(name, reason: refusal))))
    }

    /// What ends the whole run rather than one name: Ctrl-C.
    static func stopsAll(_ error: any Error) -> Bool {
        if Task.isCancelled || error is CancellationError || error is UploadInterrupted { return true }
        if let error = error as? StorageError, error == .cancelled { return true }
        if case TransferError.interrupted = error { return true }
        return false
    }
}

extension Verdict {
    /// SRC's side of a name to send.
    var sourceEntry: PlaceEntry {
        switch self {
        case .onlyInSource(let entry), .onlyInDestination(let entry), .same(let entry, _, _), .differs(let entry, _, _): entry
        }
    }
}
