import Crypto
import Foundation
import Glibc

extension FileStore {
    public func readObject(
        container: String, name: String, version: String?, range: ClosedRange<Int64>?, ifMatch: String?,
        receive: (UnsafeRawBufferPointer) throws -> Void
    ) async throws -> ObjectInfo {
        let info = try await objectInfo(container: container, name: name, version: version)
        if let ifMatch, ifMatch != info.etag { throw StorageError.changed(container: container, name: name) }
        guard info.bytes > 0, !name.hasSuffix("/") else { return info }
        let path = try containerPath(container) + "/" + name
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { throw StorageError.system("cannot read \(name)") }
        defer { close(descriptor) }
        let wanted = range.map { $0.clamped(to: 0...(info.bytes - 1)) } ?? 0...(info.bytes - 1)
        var offset = wanted.lowerBound
        var buffer = [UInt8](repeating: 0, count: Self.chunkSize)
        while offset <= wanted.upperBound {
            try Task.checkCancellation()
            let count = Int(min(Int64(Self.chunkSize), wanted.upperBound - offset + 1))
            let got = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, count, off_t(offset)) }
            if got < 0 && errno == EINTR { continue }
            guard got > 0 else {
                throw got == 0 ? StorageError.io("cannot read \(name): it became shorter") : StorageError.system("cannot read \(name)")
            }
            try buffer.withUnsafeBytes { try receive(UnsafeRawBufferPointer(rebasing: $0[0..<got])) }
            offset += Int64(got)
        }
        return info
    }

    /// Deletes a file (or an empty folder's marker), then the folders it leaves empty,
    /// as a pseudo-folder vanishes with its last object on Swift.
    @discardableResult
    public func deleteObject(container: String, name: String) async throws -> DeleteOutcome {
        let file = try objectFile(container: container, name: name)
        guard (file.isMarker ? rmdir(file.path) : unlink(file.path)) == 0 else {
            throw StorageError.system("cannot delete \(name)")
        }
        var folder = Substring(file.isMarker ? String(name.dropLast()) : name)
        while let slash = folder.lastIndex(of: "/") {
            folder = folder[..<slash]
            if rmdir(file.containerFolder + "/" + folder) != 0 { break }
        }
        return .removed
    }

    public func deleteContainer(_ name: String) async throws {
        let path = try containerPath(name)
        guard rmdir(path) == 0 else {
            if errno == ENOTEMPTY || errno == EEXIST { throw StorageError.containerNotEmpty(name) }
            throw StorageError.system("cannot delete container \(name)")
        }
    }

    /// Where an object lives in the folder tree: a regular file, or for a name ending
    /// in `/` an empty folder (its marker; a folder with content is a pseudo-folder).
    struct ObjectFile {
        let containerFolder: String
        let path: String
        let status: stat
        var isMarker: Bool { path.hasSuffix("/") }
    }

    /// The file or marker folder that holds `name`, found without following a link at
    /// its place or in its folders; `noSuchObject` when nothing, or something else, is there.
    func objectFile(container: String, name: String) throws -> ObjectFile {
        try validateObjectName(name)
        let base = try containerPath(container)
        try requireRealFolders(base, relative: name)
        let path = base + "/" + name
        var info = stat()
        guard lstat(path, &info) == 0 else { throw StorageError.noSuchObject(container: container, name: name) }
        let kind = info.st_mode & S_IFMT
        let isObject = name.hasSuffix("/") ? kind == S_IFDIR && DirectoryReader.isEmptyDirectory(path) : kind == S_IFREG
        guard isObject else { throw StorageError.noSuchObject(container: container, name: name) }
        return ObjectFile(containerFolder: base, path: path, status: info)
    }

    /// Refuses a name whose folders are not real folders of the store (a symbolic link
    /// to a folder elsewhere would lead a read or a delete out of the root).
    func requireRealFolders(_ base: String, relative: String) throws {
        var path = base
        for segment in relative.split(separator: "/").dropLast() {
            path += "/" + segment
            var info = stat()
            if lstat(path, &info) == 0 && info.st_mode & S_IFMT != S_IFDIR {
                throw StorageError.invalidName(relative, reason: "\(segment) is not a folder of the store")
            }
        }
    }
}
