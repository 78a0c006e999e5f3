import Foundation
import Glibc
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
/// only in SRC or different go along the route, `parallel` at once, in batches so that
/// memory stays one batch and the comparison's window; names only DEST holds are
/// spooled, to be removed at the end once the person agrees (`delete`). A failure of
/// one name is told and counted, and the others go on.
public struct Synchronizer: Sendable {
    public let comparison: Comparison
    public let route: SyncRoute
    public let progress: TransferProgress?
    /// Names sent per batch.
    public var batch = 64

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
        var pending: [Verdict] = []
        try await comparison.run { verdict in
            switch verdict {
            case .same: totals.withLock { $0.same += 1 }
            case .onlyInDestination(let entry): try spool?.add(entry)
            case .onlyInSource(let entry), .differs(let entry, _, _):
                progress?.addTotal(bytes: entry.bytes, items: 1)
                pending.append(verdict)
                if pending.count >= batch {
                    try await send(pending, transfer, totals, event)
                    pending.removeAll(keepingCapacity: true)
                }
            }
        }
        try await send(pending, transfer, totals, event)
        return (totals.withLock { $0 }, spool)
    }

    /// Sends a batch, `route.parallel` at once; a failure of one name is told and counted.
    func send(_ verdicts: [Verdict], _ transfer: SyncTransfer, _ totals: Locked<SyncTotals>, _ event: @escaping @Sendable (SyncEvent) -> Void)
        async throws
    {
        let copies = if case .copy = route { true } else { false }
        try await WorkerPool.forEach(verdicts, limit: route.parallel) { verdict in
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
            } catch let error where !Self.stopsAll(error) {
                totals.withLock { $0.failed += 1 }
                event(.failed(ObjectFailure(name: entry.name, error: error)))
            }
        }
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
