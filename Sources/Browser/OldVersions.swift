import Storage

/// The versions a container keeps besides its objects' current ones: how many, and the
/// bytes they hold (delete markers hold none and are not counted); and the current ones,
/// counted from the same listing, since a versioned container's totals may count every
/// version (Swift's `X-Container-Bytes-Used` adds its versions container's).
public struct OldVersions: Sendable, Equatable {
    public var count = 0
    public var bytes: Int64 = 0
    public var currentCount = 0
    public var currentBytes: Int64 = 0

    public init(count: Int = 0, bytes: Int64 = 0) {
        self.count = count
        self.bytes = bytes
    }

    /// The old versions of the objects under `place` (a container or folder), from the
    /// store's version listing (S3's ListObjectVersions, Swift's `?versions`) a page at a
    /// time; nil where the container keeps none (`versioning` off or unknown), so no
    /// listing is asked for.
    public static func under(_ place: Location, versioning: VersioningState?, store: any ObjectStore) async throws -> OldVersions? {
        guard let container = place.container, let versioning, versioning != .off else { return nil }
        var found = OldVersions()
        try await store.eachVersionPage(in: container, prefix: place.prefix) { page in
            for version in page where !version.isDeleteMarker && version.name != place.prefix {
                if version.isCurrent {
                    found.currentCount += 1
                    found.currentBytes += version.bytes
                } else {
                    found.count += 1
                    found.bytes += version.bytes
                }
            }
            return true
        }
        return found
    }
}
