extension ObjectStore {
    /// No bulk delete unless the store says so.
    public func bulkDeleteLimit() async throws -> Int { 0 }

    /// No server to back off from unless the store has one.
    public var load: ServerLoad? { nil }

    /// One request an object, for stores without a bulk delete.
    public func deleteObjects(container: String, names: [String]) async throws -> [String: StorageError] {
        var failures: [String: StorageError] = [:]
        for name in names {
            do {
                try await deleteObject(container: container, name: name)
            } catch StorageError.noSuchObject {
                continue
            } catch let error as StorageError where error != .cancelled {
                failures[name] = error
            }
        }
        return failures
    }

    public func deleteListedObject(_ object: ObjectSummary, container: String) async throws {
        do {
            try await deleteObject(container: container, name: object.name)
        } catch StorageError.noSuchObject {
            return
        }
    }

    /// No limit on one object's size, so nothing needs segments.
    public func uploadLimits() async throws -> UploadLimits { UploadLimits(maxObjectBytes: nil) }

    /// A listed ETag is what a HEAD gives.
    public var listedETagsMayBeOpaque: Bool { false }

    /// Objects are stored whole.
    public func segments(ofObject container: String, name: String) async throws -> [SegmentRecord]? { nil }

    public func beginLargeUpload(
        container: String, name: String, version: LocalFileVersion, segmentBytes: Int64,
        contentType: String?, attributes: UploadAttributes
    ) async throws -> any LargeUpload {
        throw StorageError.unsupported("the \(kind) store keeps objects whole and needs no segments")
    }

    /// No links: the store has no server to serve them.
    public func shareLink(_ request: ShareRequest) async throws -> ShareLink {
        throw StorageError.shareRefused(.notShareable(store: kind))
    }

    /// No key: the store makes no links.
    public func setShareKey() async throws {
        throw StorageError.shareRefused(.notShareable(store: kind))
    }
}

/// A store that passes every call to `base`, so a wrapper (a test hook, a counter)
/// overrides only what it changes.
public protocol ForwardingStore: ObjectStore {
    var base: any ObjectStore { get }
}

extension ForwardingStore {
    public var kind: String { base.kind }
    public var shortPageEndsListing: Bool { base.shortPageEndsListing }
    public var namesAreLocalPaths: Bool { base.namesAreLocalPaths }
    public var keepsMetadata: Bool { base.keepsMetadata }
    public var takesStorageClass: Bool { base.takesStorageClass }
    public var listedETagsMayBeOpaque: Bool { base.listedETagsMayBeOpaque }
    public var maximumPageSize: Int { base.maximumPageSize }
    public var load: ServerLoad? { base.load }
    public func listContainers(_ query: ListingQuery) async throws -> [ContainerSummary] { try await base.listContainers(query) }
    public func listObjects(in container: String, _ query: ListingQuery) async throws -> [ListingEntry] {
        try await base.listObjects(in: container, query)
    }
    public func accountInfo() async throws -> AccountInfo { try await base.accountInfo() }
    public func containerInfo(_ container: String) async throws -> ContainerInfo { try await base.containerInfo(container) }
    public func objectInfo(container: String, name: String, version: String?) async throws -> ObjectInfo {
        try await base.objectInfo(container: container, name: name, version: version)
    }
    public func createContainer(_ name: String) async throws { try await base.createContainer(name) }
    public func createFolderMarker(container: String, name: String) async throws {
        try await base.createFolderMarker(container: container, name: name)
    }
    public func putObject(
        container: String, name: String, fileAt path: String, contentType: String?, attributes: UploadAttributes
    ) async throws -> ObjectInfo {
        try await base.putObject(container: container, name: name, fileAt: path, contentType: contentType, attributes: attributes)
    }
    public func putObject(container: String, name: String, bytes: [UInt8], contentType: String?) async throws -> ObjectInfo {
        try await base.putObject(container: container, name: name, bytes: bytes, contentType: contentType)
    }
    public func readObject(
        container: String, name: String, version: String?, range: ClosedRange<Int64>?, ifMatch: String?,
        receive: (UnsafeRawBufferPointer) throws -> Void
    ) async throws -> ObjectInfo {
        try await base.readObject(container: container, name: name, version: version, range: range, ifMatch: ifMatch, receive: receive)
    }
    public func copyObject(_ source: ObjectInfo, toContainer container: String, name: String) async throws -> ObjectInfo {
        try await base.copyObject(source, toContainer: container, name: name)
    }
    public func updateMetadata(_ object: ObjectInfo, change: MetadataChange) async throws -> ObjectInfo {
        try await base.updateMetadata(object, change: change)
    }
    @discardableResult
    public func deleteObject(container: String, name: String) async throws -> DeleteOutcome {
        try await base.deleteObject(container: container, name: name)
    }
    public func deleteContainer(_ name: String) async throws { try await base.deleteContainer(name) }
    public func deleteListedObject(_ object: ObjectSummary, container: String) async throws {
        try await base.deleteListedObject(object, container: container)
    }
    public func bulkDeleteLimit() async throws -> Int { try await base.bulkDeleteLimit() }
    public func deleteObjects(container: String, names: [String]) async throws -> [String: StorageError] {
        try await base.deleteObjects(container: container, names: names)
    }
    public func uploadLimits() async throws -> UploadLimits { try await base.uploadLimits() }
    public func shareLink(_ request: ShareRequest) async throws -> ShareLink { try await base.shareLink(request) }
    public func setShareKey() async throws { try await base.setShareKey() }
    public func setVersioning(_ isOn: Bool, container: String) async throws { try await base.setVersioning(isOn, container: container) }
    public func listVersions(in container: String, prefix: String, after marker: VersionMarker?, limit: Int) async throws -> VersionPage {
        try await base.listVersions(in: container, prefix: prefix, after: marker, limit: limit)
    }
    public func deleteVersion(container: String, name: String, version: String) async throws {
        try await base.deleteVersion(container: container, name: name, version: version)
    }
    public func segments(ofObject container: String, name: String) async throws -> [SegmentRecord]? {
        try await base.segments(ofObject: container, name: name)
    }
    public func beginLargeUpload(
        container: String, name: String, version: LocalFileVersion, segmentBytes: Int64,
        contentType: String?, attributes: UploadAttributes
    ) async throws -> any LargeUpload {
        try await base.beginLargeUpload(
            container: container, name: name, version: version, segmentBytes: segmentBytes,
            contentType: contentType, attributes: attributes)
    }
    public func beginStreamUpload(container: String, name: String, segmentBytes: Int64, contentType: String?) async throws -> any LargeUpload {
        try await base.beginStreamUpload(container: container, name: name, segmentBytes: segmentBytes, contentType: contentType)
    }
}
