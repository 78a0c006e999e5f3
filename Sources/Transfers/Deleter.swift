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
    /// Bulk requests in flight at once. A server works off each one a name or two at a
    /// time (s3api's `multi_delete_concurrency` and Swift's bulk middleware: 2), so
    /// several requests at once make a bulk delete fast, not their size: on s3api (2
    /// rounds, load 10-15) 2,000 names went as 8 requests of 250 in 52-84 s, as 2 of
    /// 1,000 in 58-122 s; RGW works a request's names several at once (4.1-5.2 s and
    /// 4.2-4.5 s, 3 rounds). So requests of the limit (S3's 1,000) go only where
    /// names fill 8 of them (`batches`).
    public var bulkParallel = 8
    /// The fewest names a bulk request is given while there are more than that: a small
    /// `rm -r` goes in one request, not in 8 of a few names.
    public var leastBulkBatch = 100

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
        var round = try await BulkRounds(deleter: self, container: place.container!, tally: Tally(failed), progress: progress)
        for try await page in ParallelListing(store: store, container: round.container, prefix: place.prefix) {
            try await round.add(page.compactMap { entry -> ObjectSummary? in if case .object(let object) = entry { object } else { nil } })
        }
        try await round.finish()
        return try round.tally.total()
    }

    /// Deletes listed `objects` of `container` (what a pattern matched), as `deleteAll`
    /// deletes a page; returns how many, or throws `someFailed` after telling `failed`.
    public func delete(
        _ objects: [ObjectSummary], container: String, progress: TransferProgress? = nil,
        failed: @escaping @Sendable (ObjectFailure) -> Void = { _ in }
    ) async throws -> Int {
        var round = try await BulkRounds(deleter: self, container: container, tally: Tally(failed), progress: progress)
        try await round.add(objects)
        try await round.finish()
        return try round.tally.total()
    }

    /// The names of one round of bulk requests sent together: as many requests as it
    /// takes of at most `limit` names, and `bulkParallel` of them while each keeps at
    /// least `leastBulkBatch` names; the names shared out evenly.
    func batches(_ names: ArraySlice<String>, limit: Int) -> [ArraySlice<String>] {
        guard !names.isEmpty, limit > 0 else { return [] }
        let least = max(1, min(leastBulkBatch, limit))
        let count = max((names.count + limit - 1) / limit, min(bulkParallel, (names.count + least - 1) / least))
        let size = (names.count + count - 1) / count
        return stride(from: names.startIndex, to: names.endIndex, by: size).map { names[$0..<min(names.endIndex, $0 + size)] }
    }

    /// Sends `names` as one round of bulk requests, `bulkParallel` at once.
    func bulkDelete(_ names: ArraySlice<String>, limit: Int, container: String, tally: Tally, progress: TransferProgress?) async throws {
        try await WorkerPool.forEach(batches(names, limit: limit), limit: bulkParallel) { [store] batch in
            let names = Array(batch)
            let failures = try await Self.retryingBusy(try await store.deleteObjects(container: container, names: names), in: container, store)
            for _ in 0..<(names.count - failures.count) { tally.succeeded() }
            for (name, error) in failures { tally.failed(ObjectFailure(name: name, error: error)) }
            for _ in names { progress?.finishItem() }
        }
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
    func deleteOneByOne(_ objects: [ObjectSummary], container: String, tally: Tally, progress: TransferProgress?) async throws {
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
