import Clusters
import Foundation
import Storage

/// Hidden test hooks, kept out of `--help` and the man page on purpose: with
/// `OBJSH_TEST_LISTING_DELAY_MS=N` in the environment every page of an object listing
/// waits N milliseconds first (a cancellable `Task.sleep`), so the pseudo-terminal tests
/// can press Ctrl-C during a slow listing; container listings are not slowed, so the
/// shell still starts at once. With `OBJSH_TEST_READ_DELAY_MS=N` every chunk a download
/// receives waits N milliseconds, so a test can kill objsh in the middle of a `get`.
struct DelayedStore: ForwardingStore {
    static let environmentVariable = "OBJSH_TEST_LISTING_DELAY_MS"
    static let readDelayVariable = "OBJSH_TEST_READ_DELAY_MS"

    let base: any ObjectStore
    let delay: Duration
    var readDelay: UInt32 = 0

    /// `open`, wrapped in a `DelayedStore` when the environment asks for one.
    static func wrapping(_ open: @escaping @Sendable (Cluster) async throws -> any ObjectStore,
                         environment: [String: String]) -> @Sendable (Cluster) async throws -> any ObjectStore {
        let listing = environment[environmentVariable].flatMap(Int.init) ?? 0
        let reading = environment[readDelayVariable].flatMap(UInt32.init) ?? 0
        guard listing > 0 || reading > 0 else { return open }
        return { cluster in
            DelayedStore(base: try await open(cluster), delay: .milliseconds(listing), readDelay: reading * 1000)
        }
    }

    func readObject(container: String, name: String, range: ClosedRange<Int64>?, ifMatch: String?,
                    receive: (UnsafeRawBufferPointer) throws -> Void) async throws -> ObjectInfo {
        try await base.readObject(container: container, name: name, range: range, ifMatch: ifMatch) { bytes in
            usleep(readDelay)
            try receive(bytes)
        }
    }

    func listObjects(in container: String, _ query: ListingQuery) async throws -> [ListingEntry] {
        try await Task.sleep(for: delay)
        return try await base.listObjects(in: container, query)
    }
}
