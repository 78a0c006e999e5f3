import Foundation

/// An account of an object storage service, with the OpenStack Swift API's semantics.
///
/// Every backend sorts, pages, filters and folds listings in exactly the same way,
/// so nothing above this protocol cares which one it talks to.
public protocol ObjectStore: Sendable {
    /// The backend's kind, as the config names it (`file`, `swift`).
    var kind: String { get }

    /// One page of the account's containers. Only `prefix`, `marker` and `limit` apply.
    func listContainers(_ query: ListingQuery) async throws -> [ContainerSummary]

    /// One page of a container's objects and, with a delimiter, pseudo-folders.
    func listObjects(in container: String, _ query: ListingQuery) async throws -> [ListingEntry]

    /// Totals of the account.
    func accountInfo() async throws -> AccountInfo

    /// Totals and metadata of one container; `noSuchContainer` when missing.
    func containerInfo(_ container: String) async throws -> ContainerInfo

    /// Metadata of one object, or with `version` of that version of it (the info's
    /// `version` is then set, and reads of it read that version); `noSuchObject` when
    /// missing, `noSuchVersion` when the version is not there.
    func objectInfo(container: String, name: String, version: String?) async throws -> ObjectInfo

    /// Creates a container; `containerExists` when it is there already.
    func createContainer(_ name: String) async throws

    /// Creates a pseudo-folder marker (`name` ends with `/`, type `application/directory`).
    func createFolderMarker(container: String, name: String) async throws

    /// Stores a local file as an object, whole or not at all, and checks its MD5; with
    /// the `attributes` given (an upload's, a copy's metadata from another cluster),
    /// where the store keeps them.
    func putObject(
        container: String, name: String, fileAt path: String, contentType: String?, attributes: UploadAttributes
    ) async throws -> ObjectInfo

    /// Stores bytes held in memory (standard input shorter than one segment) as an
    /// object, whole or not at all, and checks its MD5.
    func putObject(container: String, name: String, bytes: [UInt8], contentType: String?) async throws -> ObjectInfo

    /// Streams an object's bytes, all of them or `range`, to `receive` as they arrive.
    /// With `ifMatch`, fails with `changed` unless the object's ETag is still that one.
    /// Returns the object's info as the read saw it. With `version`, reads that version.
    func readObject(
        container: String, name: String, version: String?, range: ClosedRange<Int64>?, ifMatch: String?,
        receive: (UnsafeRawBufferPointer) throws -> Void
    ) async throws -> ObjectInfo

    /// Copies `source` (as its HEAD gave it) to `container/name` on the server, so its
    /// bytes never pass through the client; the content type and metadata go with it.
    /// A source with a `version` copies that version (which is how one is restored).
    /// A large object is copied piece by piece under a new manifest of its own, so the
    /// copy's ETag equals the source's (a Swift DLO, read whole by the server, becomes
    /// a plain object). Returns the copy's info. `noSuchObject` when the source is gone.
    func copyObject(_ source: ObjectInfo, toContainer container: String, name: String) async throws -> ObjectInfo

    /// Changes the user metadata and content type of `object` (as `objectInfo` gave it)
    /// on the server, keeping every header the change does not name: its other
    /// metadata, `headers`, and what makes it a large object. Returns the object as
    /// changed. `changed` when its content changed since `object` was read, where the
    /// store can tell.
    func updateMetadata(_ object: ObjectInfo, change: MetadataChange) async throws -> ObjectInfo

    /// Deletes one object; a large object goes with its segments. `noSuchObject` when
    /// missing. Says whether the container kept the bytes as a version.
    @discardableResult
    func deleteObject(container: String, name: String) async throws -> DeleteOutcome

    /// Deletes an object as a listing showed it, which may spare the store a lookup
    /// (whether it is a large object); an object already gone is not an error.
    func deleteListedObject(_ object: ObjectSummary, container: String) async throws

    /// Deletes an empty container; `containerNotEmpty` when it holds objects.
    func deleteContainer(_ name: String) async throws

    /// How many objects `deleteObjects` takes in one request; 0 when the store has no bulk delete.
    func bulkDeleteLimit() async throws -> Int

    /// The busy answers the store's server gave, for transfers to back off by; nil for a
    /// store without a server.
    var load: ServerLoad? { get }

    /// Deletes up to `bulkDeleteLimit()` objects in one request; returns the names that
    /// could not be deleted, with why (a name already gone is not a failure).
    func deleteObjects(container: String, names: [String]) async throws -> [String: StorageError]

    /// The store's limits for one PUT and for segmented uploads.
    func uploadLimits() async throws -> UploadLimits

    /// The segments of a large object in order, to verify a download piece by piece; nil
    /// for an object stored whole, or one whose pieces cannot be known (a Swift DLO).
    func segments(ofObject container: String, name: String) async throws -> [SegmentRecord]?

    /// Starts, or picks up after an interruption, the segmented upload of `version` of a
    /// local file as `container/name`, in segments of `segmentBytes`; the object gets the
    /// `attributes` given, as `putObject` does.
    func beginLargeUpload(
        container: String, name: String, version: LocalFileVersion, segmentBytes: Int64,
        contentType: String?, attributes: UploadAttributes
    ) async throws -> any LargeUpload

    /// Starts a new segmented upload of a stream whose size is not known until it ends
    /// (standard input): segments of `segmentBytes` (the last one shorter) go up as they
    /// fill, the manifest last. It is never picked up again: an interrupted one is aborted.
    func beginStreamUpload(container: String, name: String, segmentBytes: Int64, contentType: String?) async throws -> any LargeUpload

    /// A URL for `request`'s object that works without credentials until it expires,
    /// signed here without asking the server to check it; `shareRefused` says why none
    /// can be made.
    func shareLink(_ request: ShareRequest) async throws -> ShareLink

    /// Stores a new random key for share links on the account (Swift's `Temp-URL-Key`);
    /// links signed with the key it replaces stop working. The key is never returned.
    func setShareKey() async throws
    /// Turns the keeping of versions in `container` on or off; versions kept stay
    /// either way. `versionsUnsupported` where the store keeps none.
    func setVersioning(_ isOn: Bool, container: String) async throws

    /// One page of the versions (delete markers too) of the objects in `container`
    /// whose names start with `prefix`, after `marker`: names in byte order, each
    /// name's newest version first, at most `limit` (capped at `maximumPageSize`).
    /// `versionsUnsupported` where the store keeps none.
    func listVersions(in container: String, prefix: String, after marker: VersionMarker?, limit: Int) async throws -> VersionPage

    /// Deletes one version of an object for good (a delete marker too);
    /// `noSuchVersion` when it is not there.
    func deleteVersion(container: String, name: String, version: String) async throws

    /// Whether an ETag that a listing shows as a plain MD5 may still not be the MD5 of
    /// the bytes (SSE-KMS, a provider's own tag), which only the object's HEAD tells.
    var listedETagsMayBeOpaque: Bool { get }

    /// Whether a page shorter than its limit proves the end of a listing.
    /// Some servers return short pages before the end; for those, paging goes on
    /// until an empty page.
    var shortPageEndsListing: Bool { get }

    /// Whether object names are paths of files below a local folder (the file store), so
    /// a copy into it takes only names that stay below it (`LocalName` in Places).
    var namesAreLocalPaths: Bool { get }

    /// The largest page one listing request gives (10,000 for Swift, 1,000 for S3):
    /// listings ask for no more, so every page is one request.
    var maximumPageSize: Int { get }

    /// Whether an object keeps the user metadata and content type it is stored with (the
    /// file store's files keep neither: a type comes from the name); a Cache-Control too.
    var keepsMetadata: Bool { get }

    /// Whether an object can be stored in a storage class of its own (S3); Swift's
    /// storage policies are per container.
    var takesStorageClass: Bool { get }
}

extension ObjectStore {
    /// A local file stored with no user metadata (an upload's).
    public func putObject(container: String, name: String, fileAt path: String, contentType: String?) async throws -> ObjectInfo {
        try await putObject(container: container, name: name, fileAt: path, contentType: contentType, attributes: .none)
    }

    /// A segmented upload with no user metadata (an upload's).
    public func beginLargeUpload(
        container: String, name: String, version: LocalFileVersion, segmentBytes: Int64, contentType: String?
    ) async throws -> any LargeUpload {
        try await beginLargeUpload(
            container: container, name: name, version: version, segmentBytes: segmentBytes, contentType: contentType, attributes: .none)
    }

    public var shortPageEndsListing: Bool { false }

    public var namesAreLocalPaths: Bool { false }

    public var keepsMetadata: Bool { true }

    public var takesStorageClass: Bool { false }

    /// Metadata of the current version of one object.
    public func objectInfo(container: String, name: String) async throws -> ObjectInfo {
        try await objectInfo(container: container, name: name, version: nil)
    }

    /// Reads the current version of one object (see the requirement with a version).
    public func readObject(
        container: String, name: String, range: ClosedRange<Int64>?, ifMatch: String?,
        receive: (UnsafeRawBufferPointer) throws -> Void
    ) async throws -> ObjectInfo {
        try await readObject(container: container, name: name, version: nil, range: range, ifMatch: ifMatch, receive: receive)
    }
    public var maximumPageSize: Int { ListingQuery.maximumLimit }

    /// Whether a container exists, with one short listing request: the exact name
    /// sorts first among the names it prefixes.
    public func containerExists(_ name: String) async throws -> Bool {
        try await listContainers(ListingQuery(prefix: name, limit: 1)).first?.name == name
    }

    /// Every entry of a container listing, fetched page by page with `marker`.
    ///
    /// Only one page is held at a time, so a million objects list in bounded memory.
    /// Starting after `marker` and stopping before `endBefore` lists one key range.
    public func objectPages(
        in container: String, prefix: String = "", delimiter: Character? = nil, pageSize: Int = ListingQuery.maximumLimit,
        after marker: String = "", endBefore: String? = nil
    ) -> ListingPages<ListingEntry> {
        ListingPages(pageSize: min(pageSize, maximumPageSize), endsOnShortPage: shortPageEndsListing, startMarker: marker) { marker, limit in
            try await listObjects(
                in: container, ListingQuery(prefix: prefix, delimiter: delimiter, marker: marker, limit: limit, endBefore: endBefore))
        } name: {
            $0.name
        }
    }

    /// Every container of the account, page by page. A short page ends it on every
    /// store: an account is one database, never sharded (Swift refuses a limit above its
    /// own with 412 rather than cut a page), so the empty page after a short one was a
    /// request wasted at every start.
    public func containerPages(prefix: String = "", pageSize: Int = ListingQuery.maximumLimit) -> ListingPages<ContainerSummary> {
        ListingPages(pageSize: min(pageSize, maximumPageSize), endsOnShortPage: true, stuckIn: "the account") { marker, limit in
            try await listContainers(ListingQuery(prefix: prefix, marker: marker, limit: limit))
        } name: {
            $0.name
        }
    }
}

/// Pages of a listing as an async sequence; each element is one page.
public struct ListingPages<Element: Sendable>: AsyncSequence, Sendable {
    public typealias Fetch = @Sendable (_ marker: String, _ limit: Int) async throws -> [Element]
    let pageSize: Int
    let endsOnShortPage: Bool
    let fetch: Fetch
    let name: @Sendable (Element) -> String
    let startMarker: String
    /// What is listed, for the error when a full page does not go past its marker; nil
    /// where the store's own listing already says so (an object listing's).
    let stuckIn: String?

    public init(
        pageSize: Int, endsOnShortPage: Bool, startMarker: String = "", stuckIn: String? = nil, fetch: @escaping Fetch,
        name: @escaping @Sendable (Element) -> String
    ) {
        self.pageSize = pageSize
        self.endsOnShortPage = endsOnShortPage
        self.startMarker = startMarker
        self.stuckIn = stuckIn
        self.fetch = fetch
        self.name = name
    }

    public func makeAsyncIterator() -> Iterator {
        Iterator(pages: self, marker: startMarker)
    }

    public struct Iterator: AsyncIteratorProtocol {
        let pages: ListingPages
        var marker: String
        var isFinished = false

        public mutating func next() async throws -> [Element]? {
            guard !isFinished else { return nil }
            try Task.checkCancellation()
            let page = try await pages.fetch(marker, pages.pageSize)
            guard let last = page.last else {
                isFinished = true
                return nil
            }
            if pages.endsOnShortPage && page.count < pages.pageSize { isFinished = true }
            let next = pages.name(last)
            // A server that repeats its marker would loop forever: an error where it
            // would hide what lies past it, else the end.
            if !next.utf8.lexicographicallyPrecedes(marker.utf8) && next != marker {
                marker = next
            } else if let place = pages.stuckIn, !isFinished {
                throw StorageError.listingStuck(container: place, after: marker)
            } else {
                isFinished = true
            }
            return page
        }
    }
}
