import Crypto
import Foundation
import Glibc

/// The embedded `file` backend: a directory as an account.
///
/// Top-level folders are containers, files below them are objects named by their
/// path inside the container, and an empty folder is a pseudo-folder marker.
/// Writes go to a temporary file in the store and are renamed into place, so a
/// half-written object is never visible. Names never escape the root: `.`, `..`,
/// empty path segments and NUL are refused, and symbolic links are not followed.
public struct FileStore: ObjectStore {
    /// The store's root directory.
    public let root: String
    public var kind: String { "file" }
    public var shortPageEndsListing: Bool { true }
    public var namesAreLocalPaths: Bool { true }

    public var keepsMetadata: Bool { false }

    /// Where uploads are written before they are renamed into place; never listed.
    static let stagingName = ".objsh-staging"

    public init(root: String) {
        var path = root
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        self.root = path
    }

    public func listContainers(_ query: ListingQuery) async throws -> [ContainerSummary] {
        try requireRoot()
        let filter = ChildFilter(
            prefix: Array(query.prefix.utf8), marker: Array(query.marker.utf8),
            directoriesOnly: true, hidden: Array(Self.stagingName.utf8), foldersEndInSlash: false)
        let children = try DirectoryReader.smallestChildren(of: root, relative: "", count: max(0, query.limit), filter: filter)
        // Counting every object of every container would walk the whole store; `info` does that.
        return children.map { ContainerSummary(name: $0.name, objectCount: nil, bytes: nil) }
    }

    public func listObjects(in container: String, _ query: ListingQuery) async throws -> [ListingEntry] {
        let path = try containerPath(container)
        return try FileListing(containerPath: path, query: query).page()
    }

    public func accountInfo() async throws -> AccountInfo {
        var (containers, objects, bytes) = (0, 0, Int64(0))
        for try await page in containerPages() {
            for container in page {
                let totals = try await containerInfo(container.name)
                containers += 1
                objects += totals.objectCount ?? 0
                bytes += totals.bytes ?? 0
            }
        }
        return AccountInfo(containerCount: containers, objectCount: objects, bytes: bytes)
    }

    public func containerInfo(_ container: String) async throws -> ContainerInfo {
        let path = try containerPath(container)
        var (objects, bytes) = (0, Int64(0))
        for try await page in objectPages(in: container) {
            for case .object(let object) in page {
                objects += 1
                bytes += object.bytes
            }
        }
        return ContainerInfo(name: container, objectCount: objects, bytes: bytes, lastModified: Self.modificationDate(path))
    }

    public func objectInfo(container: String, name: String, version: String?) async throws -> ObjectInfo {
        if version != nil { throw StorageError.versionsUnsupported(kind: kind) }
        let file = try objectFile(container: container, name: name)
        if file.isMarker {
            return ObjectInfo(
                container: container, name: name, bytes: 0, contentType: ContentType.directory,
                etag: Self.emptyMD5, lastModified: Date(stat: file.status))
        }
        return ObjectInfo(
            container: container, name: name, bytes: Int64(file.status.st_size),
            contentType: ContentType.guess(forName: name), etag: try Self.md5(ofFileAt: file.path),
            lastModified: Date(stat: file.status))
    }

    public func createContainer(_ name: String) async throws {
        try requireRoot()
        try validateContainerName(name)
        if mkdir(root + "/" + name, 0o755) != 0 {
            if errno == EEXIST { throw StorageError.containerExists(name) }
            throw StorageError.system("cannot create container \(name)")
        }
    }

    public func createFolderMarker(container: String, name: String) async throws {
        try validateObjectName(name)
        let base = try containerPath(container)
        guard name.hasSuffix("/") else { throw StorageError.invalidName(name, reason: "a folder name ends with /") }
        try makeDirectories(base, relative: name)
    }

    /// Files carry no metadata: `attributes` are not kept.
    public func putObject(
        container: String, name: String, fileAt source: String, contentType: String?, attributes: UploadAttributes
    ) async throws -> ObjectInfo {
        let base = try targetFolder(container: container, name: name)
        let staged = try stagingFile()
        var keep = false
        defer { if !keep { unlink(staged) } }
        let etag = try Self.copy(from: source, to: staged)
        let info = try place(staged, base: base, container: container, name: name, etag: etag, contentType: contentType)
        keep = true
        return info
    }

    /// The container's folder, once `name` is known to be a name a file can take there.
    func targetFolder(container: String, name: String) throws -> String {
        try validateObjectName(name)
        guard !name.hasSuffix("/") else { throw StorageError.invalidName(name, reason: "an object name cannot end with /") }
        let base = try containerPath(container)
        var existing = stat()
        if lstat(base + "/" + name, &existing) == 0 && existing.st_mode & S_IFMT == S_IFDIR {
            throw StorageError.invalidName(name, reason: "a folder of that name exists")
        }
        return base
    }

    /// Renames a filled staging file into place as `name`, making its folders first.
    func place(_ staged: String, base: String, container: String, name: String, etag: String, contentType: String?) throws -> ObjectInfo {
        if let slash = name.lastIndex(of: "/") {
            try makeDirectories(base, relative: String(name[...slash]))
        }
        let target = base + "/" + name
        guard rename(staged, target) == 0 else {
            throw StorageError.system("cannot store \(name)")
        }
        var info = stat()
        lstat(target, &info)
        return ObjectInfo(
            container: container, name: name, bytes: Int64(info.st_size),
            contentType: contentType ?? ContentType.guess(forName: name), etag: etag, lastModified: Date(stat: info))
    }
}

extension FileStore {
    /// A copy within the folder tree: the source file put again under the new name,
    /// through a staging file and a rename, as any upload.
    public func copyObject(_ source: ObjectInfo, toContainer container: String, name: String) async throws -> ObjectInfo {
        let from = try containerPath(source.container) + "/" + source.name
        var status = stat()
        guard lstat(from, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            throw StorageError.noSuchObject(container: source.container, name: source.name)
        }
        return try await putObject(container: container, name: name, fileAt: from, contentType: source.contentType)
    }

    /// Files carry no metadata, and a content type comes from the name: nothing to change.
    public func updateMetadata(_ object: ObjectInfo, change: MetadataChange) async throws -> ObjectInfo {
        throw StorageError.metadataRefused(.notKept(store: kind))
    }
}
