import Places
import Storage
import Transfers
import Workers

/// The comparison of two places: both listed (or walked) in byte order, merged by name,
/// and each name both hold judged by content, `window` judgements in flight at once.
/// Verdicts come out in name order, and memory stays the pages and the window in
/// flight, however many names the places hold.
public struct Comparison: Sendable {
    public let source: SyncPlace
    public let destination: SyncPlace
    public let filter: NameFilter
    /// How the local sides' files are hashed (nil for a remote side).
    public let sourceDigests: (any FileDigesting)?
    public let destinationDigests: (any FileDigesting)?
    /// Judgements (requests, file reads) in flight at once.
    public var window = 16

    /// `digesting` makes the digests of a local side's root: `FileDigests` reads the
    /// files; a `DigestCache` in front of them remembers what earlier runs read.
    public init(
        source: SyncPlace, destination: SyncPlace, filter: NameFilter = .none,
        digesting: (String) -> any FileDigesting = { FileDigests(root: $0) }
    ) {
        self.source = source
        self.destination = destination
        self.filter = filter
        sourceDigests = Self.digests(of: source, digesting)
        destinationDigests = Self.digests(of: destination, digesting)
    }

    static func digests(of place: SyncPlace, _ digesting: (String) -> any FileDigesting) -> (any FileDigesting)? {
        if case .local(let root) = place { digesting(root) } else { nil }
    }

    /// The judge of a name both places hold, with this comparison's digests.
    public var judge: ContentJudge {
        ContentJudge(source: source, destination: destination, sourceDigests: sourceDigests, destinationDigests: destinationDigests)
    }

    /// The files and bytes both local sides read so far.
    public var counters: HashCounters {
        let counts = [sourceDigests?.counters, destinationDigests?.counters].compactMap { $0 }
        var total = HashCounters()
        for count in counts {
            total.filesRead += count.filesRead
            total.bytesRead += count.bytesRead
        }
        return total
    }

    /// Keeps the local sides' digests for the next run; `complete` when the run compared
    /// every name (no filter, no failure).
    public func saveDigests(complete: Bool) {
        sourceDigests?.save(complete: complete && filter.isEmpty)
        destinationDigests?.save(complete: complete && filter.isEmpty)
    }

    /// Hands every verdict to `emit` in name order; returns the totals.
    @discardableResult
    public func run(_ emit: (Verdict) async throws -> Void) async throws -> ComparisonTotals {
        var totals = ComparisonTotals()
        try await process(limit: window) {
            $0
        } emit: { verdict in
            totals.count(verdict)
            try await emit(verdict)
        }
        return totals
    }

    /// Judges every name and hands its verdict to `act`, at most `limit` names begun and
    /// not yet emitted, begun in name order; `emit` then hears `act`'s outcomes in name
    /// order. A name emitted is done with: the local sides' caches write it out, so
    /// they hold only the names in flight. `meet` hears each name in name order before
    /// it is judged.
    public func process<Outcome: Sendable>(
        limit: Int, meet: @escaping @Sendable (MergedName) -> Void = { _ in },
        _ act: @escaping @Sendable (Verdict) async throws -> Outcome, emit: (Outcome) async throws -> Void
    ) async throws {
        let sides = [sourceDigests, destinationDigests].compactMap { $0 }
        for side in sides { side.begin(keepingUnseen: !filter.isEmpty) }
        let names = MergeJoin(PlacePages(source, filter: filter), PlacePages(destination, filter: filter)).map { name in
            for side in sides { side.expect(name.name) }
            meet(name)
            return name
        }
        let judge = self.judge
        try await WorkerPool.forEachInOrder(names, limit: limit) { name -> (String, Outcome) in
            let verdict: Verdict =
                switch name {
                case .source(let entry): .onlyInSource(entry)
                case .destination(let entry): .onlyInDestination(entry)
                case .both(let from, let to): try await judge.judge(from, to)
                }
            return (name.name, try await act(verdict))
        } emit: { name, outcome in
            try await emit(outcome)
            for side in sides { side.settle(through: name) }
        }
    }
}
