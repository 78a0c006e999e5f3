import Listing
import Places
import Storage
import Workers

/// `rm -r`: every object under a container or folder, in bulk requests when the store
/// has them (large objects one by one, with their segments), else many at once.
public struct Deleter: Sendable {
    public let store: any ObjectStore
    /// Single deletes in flight at once, when there is no bulk delete.
    public var parallel = 16
    /// Names in one bulk request, and bulk requests in flight: a bulk request is worked
    /// off one name after another by the server, so several smaller ones go faster than
    /// one of the server's maximum (measured by bench/transfer.sh).
    public var bulkBatch = 250
    public var bulkParallel = 8

    public init(store: any ObjectStore) { self.store = store }

    /// How many objects, and bytes, lie under `place`, a container or folder (what `rm -r` asks about).
    public func count(under place: Location) async throws -> (objects: Int, bytes: Int64) {
        var objects = 0
        var bytes: Int64 = 0
        for try await page in ParallelListing(store: store, container: place.container!, prefix: place.prefix) {
            for case .object(let object) in page {
                objects += 1
                bytes += object.bytes
            }
        }
        return (objects, bytes)
    }

    /// Deletes every object under `place` (a container or folder), taken from the listing
    /// engine; returns how many. `failed` hears of each object that could not be deleted
    /// as the rest go on; then a `someFailed` error tells how many.
    public func deleteAll(
        under place: Location, progress: TransferProgress? = nil,
        failed: @escaping @Sendable (ObjectFailure) -> Void = { _ in }
    ) async throws -> Int {
        let batch = min(try await store.bulkDeleteLimit(), bulkBatch)
        let tally = Tally(failed)
        let container = place.container!
        for try await page in ParallelListing(store: store, container: container, prefix: place.prefix) {
            let objects = page.compactMap { entry -> ObjectSummary? in if case .object(let object) = entry { object } else { nil } }
            try await delete(objects, container: container, batch: batch, tally: tally, progress: progress)
        }
        return try tally.total()
    }

    /// Deletes listed `objects` of `container` (what a pattern matched), as `deleteAll`
    /// deletes a page; returns how many, or throws `someFailed` after telling `failed`.
    public func delete(
        _ objects: [ObjectSummary], container: String, progress: TransferProgress? = nil,
        failed: @escaping @Sendable (ObjectFailure) -> Void = { _ in }
    ) async throws -> Int {
        let tally = Tally(failed)
        try await delete(objects, container: container, batch: min(try await store.bulkDeleteLimit(), bulkBatch), tally: tally, progress: progress)
        return try tally.total()
    }

    private func delete(_ objects: [ObjectSummary], container: String, batch: Int, tally: Tally, progress: TransferProgress?) async throws {
        progress?.addTotal(bytes: 0, items: objects.count)
        guard batch > 1 else { return try await deleteOneByOne(objects, container: container, tally: tally, progress: progress) }
        // Only the objects the listing cannot tell are looked up; those found plain go in bulk.
        let objects = await LargeObjectLookup.resolving(objects, container: container, store: store)
        // Large objects, and those that may still be, go one by one: their segments go with them.
        let isLarge = { (object: ObjectSummary) in object.manifestKind != nil || object.mayBeLargeObject }
        let names = objects.filter { !isLarge($0) }.map(\.name)
        let batches = stride(from: 0, to: names.count, by: batch).map { Array(names[$0..<min(names.count, $0 + batch)]) }
        try await WorkerPool.forEach(batches, limit: bulkParallel) { [store] names in
            let failures = try await Self.retryingBusy(try await store.deleteObjects(container: container, names: names), in: container, store)
            for _ in 0..<(names.count - failures.count) { tally.succeeded() }
            for (name, error) in failures { tally.failed(ObjectFailure(name: name, error: error)) }
            for _ in names { progress?.finishItem() }
        }
        try await deleteOneByOne(objects.filter(isLarge), container: container, tally: tally, progress: progress)
    }

    /// The names a bulk delete failed on because the server was busy (a 5xx or 429 for that
    /// name, as an object server that timed out under load gives) tried again, each with
    /// a DELETE of its own that the HTTP layer retries; the failures that remain.
    static func retryingBusy(
        _ failures: [String: StorageError], in container: String, _ store: any ObjectStore
    ) async throws -> [String: StorageError] {
        var left: [String: StorageError] = [:]
        for (name, error) in failures {
            guard case .server(let status, _) = error, status >= 500 || status == 429 else {
                left[name] = error
                continue
            }
            do {
                try await store.deleteListedObject(.nameOnly(name), container: container)
            } catch let again as StorageError {
                left[name] = again
            }
        }
        return left
    }

    /// Deletes `objects` with a request each (large ones with their segments), `parallel` at once.
    private func deleteOneByOne(_ objects: [ObjectSummary], container: String, tally: Tally, progress: TransferProgress?) async throws {
        try await WorkerPool.forEach(objects, limit: parallel) { [store] object in
            try await tally.record(object.name) { try await store.deleteListedObject(object, container: container) }
            progress?.finishItem()
        }
    }

    /// Deletes every version of every object in `container` for good, delete markers
    /// too, a page at a time with several deletes at once; returns how many. Only what
    /// a user agreed to (`rm -r` of a container that keeps versions) comes here.
    public func deleteVersions(in container: String) async throws -> Int {
        var count = 0
        // Each page is deleted whole before the next is asked for, so the first page of
        // what is left is always the next: no marker is followed past deleted versions.
        while true {
            let versions = try await store.listVersions(in: container, prefix: "", after: nil, limit: store.maximumPageSize).versions
            guard !versions.isEmpty else { return count }
            try await WorkerPool.forEach(versions, limit: parallel) { [store] version in
                try await store.deleteVersion(container: container, name: version.name, version: version.id)
            }
            count += versions.count
        }
    }

    /// Deletes a container emptied just before; its listing may lag the deletes for a
    /// moment, so a "not empty" answer is asked again a few times.
    public func deleteEmptiedContainer(_ container: String) async throws {
        var tries = 0
        while true {
            do {
                return try await store.deleteContainer(container)
            } catch StorageError.containerNotEmpty(let name) {
                tries += 1
                guard tries < 6 else { throw StorageError.containerNotEmpty(name) }
                try await Task.sleep(for: .milliseconds(100 << tries))
            }
        }
    }
}
