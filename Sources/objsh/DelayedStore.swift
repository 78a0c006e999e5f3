import Clusters
import Foundation
import Storage

/// A hidden test hook, kept out of `--help` and the man page on purpose: with
/// `OBJSH_TEST_LISTING_DELAY_MS=N` in the environment every page of an object listing
/// waits N milliseconds first (a cancellable `Task.sleep`), so the pseudo-terminal tests
/// can press Ctrl-C during a slow listing. Container listings are not slowed, so the
/// shell still starts at once. `OBJSH_TEST_SEGMENT_DELAY_MS=N` does the same before each
/// segment of a large upload, so a test can interrupt an upload half-way.
struct DelayedStore: ForwardingStore {
    static let environmentVariable = "OBJSH_TEST_LISTING_DELAY_MS"
    static let segmentVariable = "OBJSH_TEST_SEGMENT_DELAY_MS"

    let base: any ObjectStore
    let delay: Duration
    let segmentDelay: Duration

    /// `open`, wrapped in a `DelayedStore` when the environment asks for one.
    static func wrapping(_ open: @escaping @Sendable (Cluster) async throws -> any ObjectStore,
                         environment: [String: String]) -> @Sendable (Cluster) async throws -> any ObjectStore {
        let listing = environment[environmentVariable].flatMap(Int.init) ?? 0
        let segment = environment[segmentVariable].flatMap(Int.init) ?? 0
        guard listing > 0 || segment > 0 else { return open }
        return { cluster in
            DelayedStore(base: try await open(cluster), delay: .milliseconds(listing), segmentDelay: .milliseconds(segment))
        }
    }

    func listObjects(in container: String, _ query: ListingQuery) async throws -> [ListingEntry] {
        try await Task.sleep(for: delay)
        return try await base.listObjects(in: container, query)
    }

    func beginLargeUpload(container: String, name: String, version: LocalFileVersion, segmentBytes: Int64,
                          contentType: String?) async throws -> any LargeUpload {
        let upload = try await base.beginLargeUpload(container: container, name: name, version: version,
                                                     segmentBytes: segmentBytes, contentType: contentType)
        return DelayedLargeUpload(base: upload, delay: segmentDelay)
    }
}

/// A large upload whose segments each wait first (see `DelayedStore`).
struct DelayedLargeUpload: LargeUpload {
    let base: any LargeUpload
    let delay: Duration

    func storedSegments() async throws -> [Int: SegmentRecord] { try await base.storedSegments() }
    func putSegment(index: Int, from slice: FileSlice) async throws -> SegmentRecord {
        try await Task.sleep(for: delay)
        return try await base.putSegment(index: index, from: slice)
    }
    func complete(_ segments: [SegmentRecord], removingReplaced: Bool) async throws -> ObjectInfo {
        try await base.complete(segments, removingReplaced: removingReplaced)
    }
    func abort() async throws { try await base.abort() }
}
