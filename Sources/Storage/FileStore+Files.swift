import Crypto
import Foundation
import Glibc

extension FileStore {
    static let emptyMD5 = "d41d8cd98f00b204e9800998ecf8427e"

    func requireRoot() throws {
        var info = stat()
        guard stat(root, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
            throw StorageError.unreachable("store directory \(root) does not exist")
        }
    }

    /// The directory of an existing container.
    func containerPath(_ container: String) throws -> String {
        try validateContainerName(container)
        try requireRoot()
        let path = root + "/" + container
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
            throw StorageError.noSuchContainer(container)
        }
        return path
    }

    func validateContainerName(_ name: String) throws {
        if name.isEmpty { throw StorageError.invalidName(name, reason: "a container name cannot be empty") }
        if name.utf8.count > 256 { throw StorageError.invalidName(name, reason: "a container name is at most 256 bytes") }
        if name.contains("/") { throw StorageError.invalidName(name, reason: "a container name cannot contain /") }
        if name.utf8.contains(0) { throw StorageError.invalidName(name, reason: "a name cannot contain NUL") }
        if name == "." || name == ".." || name == Self.stagingName {
            throw StorageError.invalidName(name, reason: "this name is reserved")
        }
    }

    func validateObjectName(_ name: String) throws {
        if name.isEmpty { throw StorageError.invalidName(name, reason: "an object name cannot be empty") }
        if name.utf8.count > 1024 { throw StorageError.invalidName(name, reason: "an object name is at most 1024 bytes") }
        if name.utf8.contains(0) { throw StorageError.invalidName(name, reason: "a name cannot contain NUL") }
        var segments = name.split(separator: "/", omittingEmptySubsequences: false)
        if name.hasSuffix("/") { segments.removeLast() }
        for segment in segments {
            if segment.isEmpty || segment == "." || segment == ".." {
                throw StorageError.invalidName(name, reason: "the file store cannot hold empty, . or .. path segments")
            }
            if segment.utf8.count > 255 {
                throw StorageError.invalidName(name, reason: "the file store holds at most 255 bytes between slashes")
            }
        }
    }

    /// Creates `relative` (ending in `/`) and its parents under `base`.
    func makeDirectories(_ base: String, relative: String) throws {
        var path = base
        for segment in relative.split(separator: "/") {
            path += "/" + segment
            if mkdir(path, 0o755) != 0 && errno != EEXIST {
                throw StorageError.system("cannot create folder \(relative)")
            }
            var info = stat()
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
                throw StorageError.invalidName(relative, reason: "an object of that name exists where a folder is needed")
            }
        }
    }

    /// A new empty file in the staging directory, on the same file system as the store.
    func stagingFile() throws -> String {
        let staging = root + "/" + Self.stagingName
        if mkdir(staging, 0o700) != 0 && errno != EEXIST {
            throw StorageError.system("cannot create \(staging)")
        }
        var template = Array((staging + "/upload.XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw StorageError.system("cannot create a staging file") }
        close(fd)
        return String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    static func modificationDate(_ path: String) -> Date? {
        var info = stat()
        return lstat(path, &info) == 0 ? Date(stat: info) : nil
    }

    static let chunkSize = 1 << 20

    /// Copies `source` to `target` in chunks, syncs it, and returns the MD5 of what was written.
    static func copy(from source: String, to target: String) throws -> String {
        let input = open(source, O_RDONLY)
        guard input >= 0 else { throw StorageError.unreadableFile(path: source, problem: .lastSystemError) }
        defer { close(input) }
        var info = stat()
        if fstat(input, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR {
            throw StorageError.unreadableFile(path: source, problem: .isADirectory)
        }
        let output = open(target, O_WRONLY | O_TRUNC)
        guard output >= 0 else { throw StorageError.system("cannot write staging file") }
        defer { close(output) }
        var hash = Insecure.MD5()
        var buffer = [UInt8](repeating: 0, count: chunkSize)
        while true {
            try Task.checkCancellation()
            let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, chunkSize) }
            if count < 0 {
                if errno == EINTR { continue }
                throw StorageError.unreadableFile(path: source, problem: .lastSystemError)
            }
            if count == 0 { break }
            try buffer.withUnsafeBytes { raw in
                var offset = 0
                while offset < count {
                    let written = write(output, raw.baseAddress! + offset, count - offset)
                    if written < 0 {
                        if errno == EINTR { continue }
                        throw StorageError.system("cannot write staging file")
                    }
                    offset += written
                }
                hash.update(bufferPointer: UnsafeRawBufferPointer(rebasing: raw[0..<count]))
            }
        }
        guard fsync(output) == 0 else { throw StorageError.system("cannot sync staging file") }
        return hash.finalize().hex
    }

    /// The MD5 of a file's content in hex, read in chunks.
    static func md5(ofFileAt path: String) throws -> String {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw StorageError.system("cannot read \(path)") }
        defer { close(fd) }
        var hash = Insecure.MD5()
        var buffer = [UInt8](repeating: 0, count: chunkSize)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, chunkSize) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            buffer.withUnsafeBytes { hash.update(bufferPointer: UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
        }
        return hash.finalize().hex
    }
}
