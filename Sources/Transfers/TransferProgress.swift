import Storage
import Synchronization

/// Bytes and items done of a transfer, shared by its workers; the shell's status line reads it.
public final class TransferProgress: Sendable {
    public struct Snapshot: Sendable, Equatable {
        public var name: String
        public var bytesDone: Int64
        public var bytesTotal: Int64
        public var itemsDone: Int
        public var itemsTotal: Int
        /// False for a stream (standard input), whose total is learnt at its end.
        public var totalIsKnown = true
    }

    private let state: Mutex<Snapshot>
    public let started = ContinuousClock.now

    public init(name: String, bytesTotal: Int64, itemsTotal: Int = 1) {
        state = Mutex(Snapshot(name: name, bytesDone: 0, bytesTotal: bytesTotal, itemsDone: 0, itemsTotal: itemsTotal))
    }

    /// Progress of a stream whose total is not known: the line shows the bytes so far.
    public init(streaming name: String) {
        state = Mutex(Snapshot(name: name, bytesDone: 0, bytesTotal: 0, itemsDone: 0, itemsTotal: 1, totalIsKnown: false))
    }

    public var snapshot: Snapshot { state.withLock { $0 } }

    public func add(bytes: Int64) { state.withLock { $0.bytesDone += bytes } }
    /// A meter for one request's body: the bytes it hands out show as they go.
    public func meter() -> SendMeter { SendMeter { [self] bytes in add(bytes: bytes) } }
    public func finishItem() { state.withLock { $0.itemsDone += 1 } }
    /// The item now moving, for the line (several files at once show the latest).
    public func nowOn(_ name: String) { state.withLock { $0.name = name } }
    /// More work found while walking a folder.
    public func addTotal(bytes: Int64, items: Int) {
        state.withLock {
            $0.bytesTotal += bytes
            $0.itemsTotal += items
        }
    }
}
