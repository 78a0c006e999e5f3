import Foundation
import Storage
import Synchronization

/// A store that counts the requests it passes on, to show what loads when.
final class CountingStore: ForwardingStore {
    let inner: FileStore
    var base: any ObjectStore { inner }
    private let counts = Mutex<[String: Int]>([:])

    init(root: String) { inner = FileStore(root: root) }

    var kind: String { "counting" }
    var shortPageEndsListing: Bool { true }

    /// Requests by kind since the last `reset()`, e.g. `["listObjects photos": 1]`.
    var requests: [String: Int] { counts.withLock { $0 } }
    var total: Int { requests.values.reduce(0, +) }
    func reset() { counts.withLock { $0 = [:] } }
    private func note(_ what: String) { counts.withLock { $0[what, default: 0] += 1 } }

    func listContainers(_ query: ListingQuery) async throws -> [ContainerSummary] {
        note("listContainers")
        return try await inner.listContainers(query)
    }
    func listObjects(in container: String, _ query: ListingQuery) async throws -> [ListingEntry] {
        note("listObjects \(container) \(query.prefix)")
        return try await inner.listObjects(in: container, query)
    }
    func accountInfo() async throws -> AccountInfo {
        note("accountInfo")
        return try await inner.accountInfo()
    }
    func containerInfo(_ container: String) async throws -> ContainerInfo {
        note("containerInfo \(container)")
        return try await inner.containerInfo(container)
    }
    func objectInfo(container: String, name: String) async throws -> ObjectInfo {
        note("objectInfo \(container) \(name)")
        return try await inner.objectInfo(container: container, name: name)
    }
}
