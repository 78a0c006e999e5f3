import Listing
import Storage

/// Every object of several containers, in container order then byte order: the
/// containers are listed `containersAtOnce` at a time (`OrderedStreams`), each in key
/// ranges of its own (`ParallelListing`), a few pages ahead of the reader at most, so
/// memory is bounded by the pages in flight. `ls -R` at the root and `search` walk so.
public struct AccountWalk: Sendable {
    /// How many containers are listed at once.
    public static let containersAtOnce = 3

    public let store: any ObjectStore
    public let containers: [String]
    /// Only names under this prefix, in every container.
    public var prefix = ""

    public init(store: any ObjectStore, containers: [String], prefix: String = "") {
        self.store = store
        self.containers = containers
        self.prefix = prefix
    }

    /// Calls `body` with each non-empty page of objects that pass `keep`, and their container.
    /// With `lookingUpSizes`, an object that may be a DLO is looked up first (as `ls -l` does);
    /// without, the store may leave sizes out.
    public func eachPage(
        lookingUpSizes: Bool, keeping keep: (@Sendable (ObjectSummary) -> Bool)? = nil,
        _ body: (String, [ObjectSummary]) throws -> Void
    ) async throws {
        let each = ParallelListing.concurrency(eachOf: containers.count, width: Self.containersAtOnce)
        var streams = OrderedStreams<[ObjectSummary]>(
            containers.map { container in
                { pages(of: container, concurrency: each, lookingUpSizes: lookingUpSizes, keeping: keep) }
            }, width: Self.containersAtOnce)
        defer { streams.cancel() }
        while let (index, objects) = try await streams.next() {
            if !objects.isEmpty { try body(containers[index], objects) }
        }
    }

    /// The pages of one container's objects, one listing page at a time.
    func pages(of container: String, concurrency: Int, lookingUpSizes: Bool, keeping keep: (@Sendable (ObjectSummary) -> Bool)?)
        -> @Sendable () async throws -> [ObjectSummary]?
    {
        let listing = ParallelListing(
            store: store, container: container, prefix: prefix, namesOnly: !lookingUpSizes && keep == nil,
            concurrency: concurrency)
        let (puller, store) = (ListingPuller(listing), store)
        return {
            guard let page = try await puller.next() else { return nil }
            var objects: [ObjectSummary] = []
            for case .object(let object) in page where keep?(object) ?? true { objects.append(object) }
            guard lookingUpSizes else { return objects }
            return await LargeObjectLookup.resolving(objects, container: container, store: store)
        }
    }
}
