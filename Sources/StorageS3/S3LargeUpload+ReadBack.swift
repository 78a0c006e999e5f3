import Crypto
import Storage

extension S3LargeUpload {
    /// Proves a completed object whose ETag is not the MD5 of its parts' MD5s, as some
    /// providers compute their own for an object assembled by UploadPartCopy: it is read
    /// back whole (pinned to `etag`) and each part's bytes must have the MD5 its upload
    /// or copy answered. An object that fails is deleted (`version` of it, when the
    /// completion made one), and the error says what is left under its name.
    func proveReadingBack(_ segments: [SegmentRecord], etag: String, expected: String, version: String?) async throws {
        let sent = segments.sorted { $0.index < $1.index }
        var digests = PartDigests(partBytes: sent.map(\.bytes))
        _ = try await store.readObject(container: container, name: name, range: nil, ifMatch: etag) { digests.update($0) }
        guard digests.finish() != sent.map({ $0.md5.lowercased() }) else { return }
        throw await store.removeStoredWrong(
            container: container, name: name, version: version.flatMap { $0 == "null" ? nil : $0 }, expected: expected, actual: etag)
    }
}

/// The MD5 of each part of a stream cut at the parts' lengths; bytes past the last
/// part make one more digest and a short stream a short list, so neither matches.
struct PartDigests {
    /// The lengths of the parts after the current one, last part first.
    private var lengths: [Int64]
    /// What the current part still takes; nil past the last part.
    private var left: Int64?
    private var current = Insecure.MD5()
    private var found: [String] = []
    private var hasBytes = false

    init(partBytes: [Int64]) {
        lengths = partBytes.reversed()
        left = lengths.popLast()
    }

    mutating func update(_ bytes: UnsafeRawBufferPointer) {
        var start = 0
        while start < bytes.count {
            if left == 0 { closePart() }
            let take = left.map { Int(min(Int64(bytes.count - start), $0)) } ?? bytes.count - start
            current.update(bufferPointer: UnsafeRawBufferPointer(rebasing: bytes[start..<(start + take)]))
            hasBytes = true
            left = left.map { $0 - Int64(take) }
            start += take
        }
    }

    /// Each part's MD5 in hex, in order, once the stream has ended.
    mutating func finish() -> [String] {
        if hasBytes || (left ?? 0) > 0 { closePart() }
        return found
    }

    private mutating func closePart() {
        found.append(current.finalize().hex)
        current = Insecure.MD5()
        hasBytes = false
        left = lengths.popLast()
    }
}
