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
    func objectInfo(container: String, name: String, version: String?) async throws -> ObjectInfo {
        note("objectInfo \(container) \(name)")
        return try await inner.objectInfo(container: container, name: name, version: version)
    }
    /// Noted with its range, e.g. `readObject photos 2024/README.txt 0...8191`.
    func readObject(
        container: String, name: String, version: String?, range: ClosedRange<Int64>?, ifMatch: String?,
        receive: (UnsafeRawBufferPointer) throws -> Void
    ) async throws -> ObjectInfo {
        note("readObject \(container) \(name) \(range.map { "\($0)" } ?? "whole")")
        return try await inner.readObject(container: container, name: name, version: version, range: range, ifMatch: ifMatch, receive: receive)
    }
}
