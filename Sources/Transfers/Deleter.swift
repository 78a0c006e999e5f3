import Storage

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

    /// How many objects, and bytes, lie under `prefix` (what `rm -r` asks about).
    public func count(container: String, prefix: String) async throws -> (objects: Int, bytes: Int64) {
        var objects = 0
        var bytes: Int64 = 0
        for try await page in store.objectPages(in: container, prefix: prefix) {
            for case .object(let object) in page {
                objects += 1
                bytes += object.bytes
            }
        }
        return (objects, bytes)
    }

    /// Deletes every object under `prefix`; returns how many. Objects that could not be
    /// deleted are told in a `someFailed` error after the rest went.
    public func deleteAll(container: String, prefix: String, progress: TransferProgress? = nil) async throws -> Int {
        let limit = try await store.bulkDeleteLimit()
        let batch = min(limit, bulkBatch)
        let tally = Tally()
        for try await page in store.objectPages(in: container, prefix: prefix) {
            let objects = page.compactMap { entry -> ObjectSummary? in if case .object(let object) = entry { object } else { nil } }
            progress?.addTotal(bytes: 0, items: objects.count)
            // Large objects, and those that may be, go one by one: their segments go with them.
            let isLarge = { (object: ObjectSummary) in object.isLargeObject || object.mayBeLargeObject }
            let single = batch > 1 ? objects.filter(isLarge) : objects
            if batch > 1 {
                let names = objects.filter { !isLarge($0) }.map(\.name)
                let batches = stride(from: 0, to: names.count, by: batch).map { Array(names[$0..<min(names.count, $0 + batch)]) }
                try await WorkerPool.forEach(batches, limit: bulkParallel) { [store] names in
                    let failures = try await store.deleteObjects(container: container, names: names)
                    for _ in 0..<(names.count - failures.count) { tally.succeeded() }
                    for (name, error) in failures { tally.failed("\(name): \(error)") }
                    for _ in names { progress?.finishItem() }
                }
            }
            try await WorkerPool.forEach(single, limit: parallel) { [store] object in
                do {
                    try await store.deleteListedObject(object, container: container)
                    tally.succeeded()
                } catch let error as StorageError where error != .cancelled {
                    tally.failed("\(object.name): \(error)")
                }
                progress?.finishItem()
            }
        }
        let (done, failures) = tally.result
        if let first = failures.first { throw TransferError.someFailed(failed: failures.count, of: done + failures.count, first: first) }
        return done
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
