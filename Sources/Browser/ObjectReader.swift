import Storage

/// Reads parts of one object with `Range` requests, every one pinned to the ETag seen
/// first (`If-Match`), so the pieces of `head` and `tail` come from one version.
public struct ObjectReader: Sendable {
    public let store: any ObjectStore
    public let info: ObjectInfo
    /// The first request's size; each further one doubles, up to `largestRequest`:
    /// the last lines of a log usually come in one small request.
    public static let firstRequest: Int64 = 16 << 10
    public static let largestRequest: Int64 = 1 << 20

    public init(store: any ObjectStore, info: ObjectInfo) {
        self.store = store
        self.info = info
    }

    /// The bytes of `range` (clamped to the object).
    public func bytes(_ range: ClosedRange<Int64>) async throws -> [UInt8] {
        let last = min(range.upperBound, info.bytes - 1)
        guard range.lowerBound <= last else { return [] }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(last - range.lowerBound + 1))
        _ = try await store.readObject(
            container: info.container, name: info.name, version: info.version, range: range.lowerBound...last,
            ifMatch: info.etag
        ) { bytes.append(contentsOf: $0) }
        return bytes
    }

    /// The first `count` lines, a chunk at a time to `emit`, reading no further than the
    /// chunk that holds the last of them.
    public func firstLines(_ count: Int, emit: ([UInt8]) throws -> Void) async throws {
        var offset: Int64 = 0
        var size = Self.firstRequest
        var left = count
        while left > 0, offset < info.bytes {
            let chunk = try await bytes(offset...(offset + size - 1))
            var end = chunk.endIndex
            for (index, byte) in chunk.enumerated() where byte == UInt8(ascii: "\n") {
                left -= 1
                if left == 0 {
                    end = index + 1
                    break
                }
            }
            try emit(Array(chunk[..<end]))
            offset += Int64(chunk.count)
            size = min(size * 2, Self.largestRequest)
        }
    }

    /// The last `count` lines, read backwards from the end a chunk at a time until they
    /// are all there (a final newline ends the last line, it does not start another).
    public func lastLines(_ count: Int) async throws -> [UInt8] {
        var tail: [UInt8] = []
        var start = info.bytes
        var size = Self.firstRequest
        while start > 0 {
            let from = max(0, start - size)
            tail = try await bytes(from...(start - 1)) + tail
            start = from
            if let cut = Self.startOfLast(count, in: tail) { return Array(tail[cut...]) }
            size = min(size * 2, Self.largestRequest)
        }
        return tail
    }

    /// Where the last `count` lines of `bytes` start, if `bytes` holds the newline before them.
    static func startOfLast(_ count: Int, in bytes: [UInt8]) -> Int? {
        guard count > 0 else { return bytes.endIndex }
        var seen = 0
        let searched = bytes.last == UInt8(ascii: "\n") ? bytes.dropLast() : bytes[...]
        for index in searched.indices.reversed() where searched[index] == UInt8(ascii: "\n") {
            seen += 1
            if seen == count { return index + 1 }
        }
        return nil
    }
}
