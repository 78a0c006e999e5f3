import Crypto
import Dispatch
import Glibc
import Storage
import Synchronization
import Transfers

/// What one read of a file gives: the MD5 of the whole, and for each part size asked
/// the parts' MD5s, from which both the SLO and the S3 multipart ETag at that size come.
public struct FileDigest: Sendable, Equatable {
    public var md5: String
    /// Each part size asked, with its parts' MD5s back to back.
    public var parts: [Int64: [UInt8]]

    public init(md5: String, parts: [Int64: [UInt8]] = [:]) {
        self.md5 = md5
        self.parts = parts
    }

    /// The static large object's ETag of the file cut at `partBytes`; nil when not asked.
    public func staticManifestETag(partBytes: Int64) -> String? {
        parts[partBytes].map { LargeObjectETag.staticManifest(partDigests: $0) }
    }

    /// The S3 multipart ETag of the file cut at `partBytes`; nil when not asked.
    public func multipartETag(partBytes: Int64) -> String? {
        parts[partBytes].map { LargeObjectETag.multipart(partDigests: $0) }
    }
}

/// Where a comparison gets a local file's digests: `FileDigests` reads the file; a
/// cache of earlier reads may stand in front of it.
public protocol FileDigesting: Sendable {
    /// The digests of `file` (below the place's root), with parts at each of `partSizes`.
    func digests(of file: LocalFileStat, partSizes: [Int64]) async throws -> FileDigest
    /// The file's checksum in a store's own encoding (where an object's ETag is opaque).
    func checksum(of file: LocalFileStat, _ algorithm: ContentChecksum.Algorithm) async throws -> String
    /// How many files and bytes were read so far.
    var counters: HashCounters { get }
    /// Takes note of digests learnt without a read (a download verified against its MD5).
    func remember(_ file: LocalFileStat, _ digest: FileDigest)
    /// Keeps what was learnt for the next run (`complete`: every file of the root was seen).
    func save(complete: Bool)
    /// The part sizes whose digests of `file` are at hand without a read.
    func knownPartSizes(of file: LocalFileStat) -> [Int64]
    /// A run begins; names it will not see are kept for later runs (`keepingUnseen`: a filter).
    func begin(keepingUnseen: Bool)
    /// `name` enters a comparison's window (names come in byte order).
    func expect(_ name: String)
    /// The comparison is done with every name up to `name`.
    func settle(through name: String)
}

extension FileDigesting {
    public func knownPartSizes(of file: LocalFileStat) -> [Int64] { [] }
    public func remember(_ file: LocalFileStat, _ digest: FileDigest) {}
    public func save(complete: Bool) {}
    public func begin(keepingUnseen: Bool) {}
    public func expect(_ name: String) {}
    public func settle(through name: String) {}
}

/// How much hashing a run did.
public struct HashCounters: Sendable, Equatable {
    public var filesRead = 0
    public var bytesRead: Int64 = 0
    public init() {}
}

/// Reads local files below `root` to hash them, each in one pass, at most `parallel`
/// at once, on threads of their own so that listings go on meanwhile.
public final class FileDigests: FileDigesting {
    let root: String
    private let slots: DispatchSemaphore
    private let state = Mutex(HashCounters())
    static let chunkBytes = 1 << 20

    public init(root: String, parallel: Int = 4) {
        self.root = root
        slots = DispatchSemaphore(value: max(1, parallel))
    }

    public var counters: HashCounters { state.withLock { $0 } }

    public func digests(of file: LocalFileStat, partSizes: [Int64]) async throws -> FileDigest {
        var whole = Insecure.MD5()
        var parts = PartDigests(partSizes: partSizes)
        return try await read(file) { chunk in
            whole.update(bufferPointer: chunk)
            parts.update(chunk)
        } then: {
            let digests = parts.finished()
            return FileDigest(
                md5: whole.finalize().hex,
                parts: Dictionary(digests.map { ($0.partBytes, $0.digests) }, uniquingKeysWith: { first, _ in first }))
        }
    }

    public func checksum(of file: LocalFileStat, _ algorithm: ContentChecksum.Algorithm) async throws -> String {
        var hasher = ChecksumHasher(algorithm)
        return try await read(file) {
            hasher.update($0)
        } then: {
            hasher.base64()
        }
    }

    /// Reads the file once on a thread of its own, a chunk at a time through `consume`,
    /// and gives what `finish` makes of it.
    private func read<Value: Sendable>(
        _ file: LocalFileStat, _ consume: @escaping (UnsafeRawBufferPointer) -> Void, then finish: @escaping () -> Value
    ) async throws -> Value {
        let path = root + "/" + file.relative
        nonisolated(unsafe) let consume = consume
        nonisolated(unsafe) let finish = finish
        return try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async { [self] in
                slots.wait()
                defer { slots.signal() }
                continuation.resume(with: Result { try readChunks(path, consume) }.map { finish() })
            }
        }
    }

    private func readChunks(_ path: String, _ consume: (UnsafeRawBufferPointer) -> Void) throws {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW)
        guard descriptor >= 0 else { throw StorageError.system("cannot read \(path)") }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: Self.chunkBytes)
        var total: Int64 = 0
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw StorageError.system("cannot read \(path)") }
            if count == 0 { break }
            buffer.withUnsafeBytes { consume(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
            total += Int64(count)
        }
        state.withLock {
            $0.filesRead += 1
            $0.bytesRead += total
        }
    }
}
