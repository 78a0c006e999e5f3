import Clusters
import Foundation
import Storage

/// A hidden test hook, kept out of `--help` and the man page on purpose: with
/// `OBJSH_TEST_LISTING_DELAY_MS=N` in the environment every page of an object listing
/// waits N milliseconds first (a cancellable `Task.sleep`), so the pseudo-terminal tests
/// can press Ctrl-C during a slow listing. Container listings are not slowed, so the
/// shell still starts at once.
struct DelayedStore: ForwardingStore {
    static let environmentVariable = "OBJSH_TEST_LISTING_DELAY_MS"

    let base: any ObjectStore
    let delay: Duration

    /// `open`, wrapped in a `DelayedStore` when the environment asks for one.
    static func wrapping(_ open: @escaping @Sendable (Cluster) async throws -> any ObjectStore,
                         environment: [String: String]) -> @Sendable (Cluster) async throws -> any ObjectStore {
        guard let milliseconds = environment[environmentVariable].flatMap(Int.init), milliseconds > 0 else { return open }
        return { cluster in DelayedStore(base: try await open(cluster), delay: .milliseconds(milliseconds)) }
    }

    func listObjects(in container: String, _ query: ListingQuery) async throws -> [ListingEntry] {
        try await Task.sleep(for: delay)
        return try await base.listObjects(in: container, query)
    }
}
