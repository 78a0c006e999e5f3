import Storage
import Synchronization
import Workers

/// How many objects of one command (`get -r`, a folder's `upload`, `cp -r`) are in
/// flight at once: the one place that width is chosen, so that a budget of connections
/// shared by several commands can wrap it.
///
/// Without `--parallel` it starts at `manyObjects` and follows the server: a round of
/// busy answers (429, 503 SlowDown: `ServerLoad`) halves the width (down to 1), a round
/// being what comes before the next job ends, and as many calm jobs in a row (no busy
/// answer meanwhile) as the width grow it by one, back up to where it started. The requests already sent keep their own
/// retries and waits (`RetryPolicy`, `Retry-After`); no new one starts while as many
/// run as the width allows. `--parallel N` pins the width at N whatever the server says.
///
/// Large objects go fewer at once: unpinned, the objects in flight hold at most
/// `bytesInFlight` between them (`carrying`), so 32 files of 256 MiB never run together.
public final class TransferWidth: PoolWidth {
    /// Objects at once when `--parallel` is not given. Each small object is a request
    /// whose time is mostly waiting (for the server, for the local file's create and
    /// rename), so many at once keep the connections busy; see the man page for the
    /// sweep that chose it.
    public static let manyObjects = 32
    /// The most `--parallel` takes: the connections a store keeps to one host.
    public static let ceiling = ServerLoad.connectionsPerHost
    /// The bytes of the objects in flight at once, unpinned: one 256 MiB object (its
    /// ranges or segments several at once, as for a single file), or 8 of 32 MiB, or 32
    /// small ones. A few large objects already keep the connections busy with their
    /// ranges; more at once only spread the same bandwidth over more partial files
    /// (each a resumable leftover if the run stops).
    public static let bytesInFlight: Int64 = 256 << 20

    private let load: ServerLoad?
    private let start: Int
    private let pinned: Bool
    private let state: Mutex<State>
    /// The bytes in flight; nil when pinned.
    private let bytes: Allowance?

    private struct State {
        var width: Int
        var busySeen: Int
        /// Jobs ended since the last cut: a cut waits for one, so that one round of
        /// busy answers (to the requests in flight together) halves the width once.
        var endedSinceCut = 0
        /// Jobs ended in a row with no busy answer heard meanwhile.
        var calm = 0
        var lowest: Int
    }

    public convenience init(pinned: Int?, store: any ObjectStore, start: Int = TransferWidth.manyObjects) {
        self.init(pinned: pinned, load: store.load, start: start)
    }

    /// As `init(pinned:store:start:)`, following `load` (nil: a store without a server).
    public init(pinned: Int?, load: ServerLoad?, start: Int = TransferWidth.manyObjects) {
        self.load = load
        self.pinned = pinned != nil
        self.start = max(1, min(pinned ?? start, Self.ceiling))
        state = Mutex(State(width: self.start, busySeen: load?.busyAnswers ?? 0, lowest: self.start))
        bytes = pinned == nil ? Allowance(limit: Self.bytesInFlight) : nil
    }

    /// Runs `body`, one object's transfer, holding its `size` in bytes of
    /// `bytesInFlight` (waiting in turn until it fits; pinned, at once).
    public func carrying<Value>(_ size: Int64, _ body: () async throws -> Value) async throws -> Value {
        guard let bytes else { return try await body() }
        return try await bytes.holding(size, body)
    }

    /// The most objects of at least `size` bytes that can be in flight at once.
    public func mostAtOnce(ofAtLeast size: Int64) -> Int {
        guard let bytes else { return start }
        return max(1, min(start, Int(bytes.limit / max(size, 1))))
    }

    /// Objects that may be in flight now.
    public var current: Int {
        guard !pinned, let load else { return start }
        let busy = load.busyAnswers
        return state.withLock { state in
            if busy > state.busySeen {
                if state.endedSinceCut > 0 || state.width == start {
                    state.width = max(1, state.width / 2)
                    state.lowest = min(state.lowest, state.width)
                    state.endedSinceCut = 0
                }
                state.calm = 0
                state.busySeen = busy
            }
            return state.width
        }
    }

    public func jobEnded() {
        guard !pinned, let load else { return }
        let busy = load.busyAnswers
        state.withLock { state in
            state.endedSinceCut += 1
            // A busy answer not yet seen: the next `current` cuts; this job was not calm.
            guard busy == state.busySeen else {
                state.calm = 0
                return
            }
            state.calm += 1
            if state.calm >= state.width, state.width < start {
                state.width += 1
                state.calm = 0
            }
        }
    }

    /// The width it starts at, the widest it gets.
    public var most: Int { start }

    /// The narrowest the width has been (what a test of the backing off looks at).
    public var lowest: Int { state.withLock { $0.lowest } }
}
