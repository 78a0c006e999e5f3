import Clusters
import Foundation
import Storage

/// Hooks the tests that run the built `objsh` binary steer through the environment.
/// They are compiled into debug builds only, which the tests run (`swift build`); a
/// release build (`scripts/install`, `bench/`) holds none of them, and `wrapping` gives
/// back the opener it was given.
public enum TestHooks {
    /// `open`, its stores wrapped in a `DelayedStore` when the environment asks for one
    /// (debug builds only).
    public static func wrapping(
        _ open: @escaping @Sendable (Cluster) async throws -> any ObjectStore,
        environment: [String: String]
    ) -> @Sendable (Cluster) async throws -> any ObjectStore {
        #if DEBUG
            DelayedStore.wrapping(open, environment: environment)
        #else
            open
        #endif
    }
}

#if DEBUG
    /// Hidden test hooks, kept out of `--help`, the man page and release builds on purpose: with
    /// `OBJSH_TEST_LISTING_DELAY_MS=N` in the environment every page of an object listing
    /// waits N milliseconds first (a cancellable `Task.sleep`), so the pseudo-terminal tests
    /// can press Ctrl-C during a slow listing; container listings are not slowed, so the
    /// shell still starts at once. `OBJSH_TEST_LISTING_DELAY_CONTAINER=NAME` slows the listings
    /// of that container only, so a search finds what the others hold and then waits, for a
    /// test to stop it midway. With `OBJSH_TEST_READ_DELAY_MS=N` every chunk a download
    /// receives waits N milliseconds, so a test can kill objsh in the middle of a `get`.
    /// `OBJSH_TEST_SEGMENT_DELAY_MS=N` holds back each segment of a large upload, so a test
    /// can interrupt an upload half-way; `OBJSH_TEST_COPY_DELAY_MS=N` each server-side copy,
    /// so a test can kill a folder `mv` half-way.
    struct DelayedStore: ForwardingStore {
        static let environmentVariable = "OBJSH_TEST_LISTING_DELAY_MS"
        static let readDelayVariable = "OBJSH_TEST_READ_DELAY_MS"
        static let segmentVariable = "OBJSH_TEST_SEGMENT_DELAY_MS"
        static let slowContainerVariable = "OBJSH_TEST_LISTING_DELAY_CONTAINER"
        static let copyVariable = "OBJSH_TEST_COPY_DELAY_MS"

        let base: any ObjectStore
        let delay: Duration
        var readDelay: UInt32 = 0
        var segmentDelay: Duration = .zero
        var copyDelay: Duration = .zero
        /// The one container whose listings wait; nil for every container.
        var slowContainer: String?

        /// `open`, wrapped in a `DelayedStore` when the environment asks for one.
        static func wrapping(
            _ open: @escaping @Sendable (Cluster) async throws -> any ObjectStore,
            environment: [String: String]
        ) -> @Sendable (Cluster) async throws -> any ObjectStore {
            let listing = environment[environmentVariable].flatMap(Int.init) ?? 0
            let reading = environment[readDelayVariable].flatMap(UInt32.init) ?? 0
            let segment = environment[segmentVariable].flatMap(Int.init) ?? 0
            let copy = environment[copyVariable].flatMap(Int.init) ?? 0
            guard listing > 0 || reading > 0 || segment > 0 || copy > 0 else { return open }
            let slowContainer = environment[slowContainerVariable]
            return { cluster in
                DelayedStore(
                    base: try await open(cluster), delay: .milliseconds(listing), readDelay: reading * 1000,
                    segmentDelay: .milliseconds(segment), copyDelay: .milliseconds(copy), slowContainer: slowContainer)
            }
        }

        func readObject(
            container: String, name: String, version: String?, range: ClosedRange<Int64>?, ifMatch: String?,
            receive: (UnsafeRawBufferPointer) throws -> Void
        ) async throws -> ObjectInfo {
            try await base.readObject(container: container, name: name, version: version, range: range, ifMatch: ifMatch) { bytes in
                usleep(readDelay)
                try receive(bytes)
            }
        }

        func copyObject(_ source: ObjectInfo, toContainer container: String, name: String) async throws -> ObjectInfo {
            try await Task.sleep(for: copyDelay)
            return try await base.copyObject(source, toContainer: container, name: name)
        }

        func listObjects(in container: String, _ query: ListingQuery) async throws -> [ListingEntry] {
            if slowContainer == nil || slowContainer == container { try await Task.sleep(for: delay) }
            return try await base.listObjects(in: container, query)
        }

        func beginLargeUpload(
            container: String, name: String, version: LocalFileVersion, segmentBytes: Int64,
            contentType: String?, attributes: UploadAttributes
        ) async throws -> any LargeUpload {
            let upload = try await base.beginLargeUpload(
                container: container, name: name, version: version,
                segmentBytes: segmentBytes, contentType: contentType, attributes: attributes)
            return DelayedLargeUpload(base: upload, delay: segmentDelay)
        }

        func beginStreamUpload(container: String, name: String, segmentBytes: Int64, contentType: String?) async throws -> any LargeUpload {
            let upload = try await base.beginStreamUpload(container: container, name: name, segmentBytes: segmentBytes, contentType: contentType)
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
        func putSegment(index: Int, bytes: [UInt8]) async throws -> SegmentRecord {
            try await Task.sleep(for: delay)
            return try await base.putSegment(index: index, bytes: bytes)
        }
        func complete(_ segments: [SegmentRecord], removingReplaced: Bool) async throws -> ObjectInfo {
            try await base.complete(segments, removingReplaced: removingReplaced)
        }
        func abort() async throws { try await base.abort() }
    }
#endif
