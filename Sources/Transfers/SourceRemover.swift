import Foundation
import Storage

/// A folder move's deletes of sources whose copies were verified. Plain objects go in
/// bulk requests where the store has them (one request a batch instead of one an
/// object: half of a 2,000-object `mv -r`'s requests otherwise); large objects go one
/// by one, with their segments. An object is journaled and counted only once its source
/// is gone, so a kill before a batch is sent leaves it to the next run, never lost.
final class SourceRemover: @unchecked Sendable {
    let store: any ObjectStore
    let container: String
    let journal: MoveJournal?
    let tally: Tally
    /// Names in one bulk request; 1 when the store has no bulk delete.
    let batch: Int
    private let lock = NSLock()
    private var pending: [String] = []

    init(store: any ObjectStore, container: String, batch: Int, journal: MoveJournal?, tally: Tally) {
        self.store = store
        self.container = container
        self.batch = batch
        self.journal = journal
        self.tally = tally
    }

    /// Deletes `source` (its copy verified), now or with the batch it joins; `.deferred`
    /// when the batch will count it.
    func remove(_ source: ObjectInfo) async throws -> Settlement {
        guard batch > 1, source.largeObject == nil else {
            try await store.deleteObject(container: container, name: source.name)
            journal?.moved(source.name)
            return .settled
        }
        let full: [String]? = lock.withLock {
            pending.append(source.name)
            guard pending.count >= batch else { return nil }
            defer { pending.removeAll(keepingCapacity: true) }
            return pending
        }
        if let full { try await send(full) }
        return .deferred
    }

    /// Sends what is left; call once every copy has ended.
    func finish() async throws {
        let rest = lock.withLock {
            defer { pending.removeAll() }
            return pending
        }
        if !rest.isEmpty { try await send(rest) }
    }

    /// One bulk request: each name deleted is journaled and counted, each refused told.
    private func send(_ names: [String]) async throws {
        let failures: [String: StorageError]
        do {
            failures = try await store.deleteObjects(container: container, names: names)
        } catch {
            for name in names { try tally.failIfOneObjects(error, name: name) }
            return
        }
        for name in names where failures[name] == nil {
            journal?.moved(name)
            tally.succeeded()
        }
        for (name, error) in failures { tally.failed(ObjectFailure(name: name, error: error)) }
    }
}
