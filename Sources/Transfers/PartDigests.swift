import Crypto
import Storage

/// The parts' MD5s of bytes cut at several part sizes at once, in one pass: every
/// size's first part starts at byte 0, so one MD5 state runs over the beginning and is
/// copied (a value, cheap) at each size's first boundary; from there each size hashes
/// its own parts. A size past the end gives one part, the whole.
public struct PartDigests: Sendable {
    private struct Track: Sendable {
        let partBytes: Int64
        var hash = Insecure.MD5()
        var leftInPart: Int64 = 0
        var digests: [UInt8] = []
        var started = false
    }

    /// The part sizes, smallest first.
    public let partSizes: [Int64]
    private var tracks: [Track]
    private var shared = Insecure.MD5()
    private var offset: Int64 = 0

    public init(partSizes: [Int64]) {
        self.partSizes = Array(Set(partSizes.filter { $0 > 0 })).sorted()
        tracks = self.partSizes.map { Track(partBytes: $0) }
    }

    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        var rest = bytes[...]
        while !rest.isEmpty {
            // Up to the next first-part boundary still ahead (or all of it, past the last).
            let boundary = tracks.first { !$0.started }?.partBytes
            let count = boundary.map { Int(min(Int64(rest.count), $0 - offset)) } ?? rest.count
            let chunk = UnsafeRawBufferPointer(rebasing: rest.prefix(count))
            if boundary != nil { shared.update(bufferPointer: chunk) }
            for index in tracks.indices where tracks[index].started { Self.feed(&tracks[index], chunk) }
            offset += Int64(count)
            rest = rest.dropFirst(count)
            for index in tracks.indices where !tracks[index].started && tracks[index].partBytes == offset {
                tracks[index].digests = Array(shared.finalize())
                tracks[index].started = true
                tracks[index].leftInPart = tracks[index].partBytes
            }
        }
    }

    private static func feed(_ track: inout Track, _ bytes: UnsafeRawBufferPointer) {
        var rest = bytes[...]
        while !rest.isEmpty {
            let count = Int(min(Int64(rest.count), track.leftInPart))
            track.hash.update(bufferPointer: UnsafeRawBufferPointer(rebasing: rest.prefix(count)))
            track.leftInPart -= Int64(count)
            rest = rest.dropFirst(count)
            if track.leftInPart == 0 { finishPart(&track) }
        }
    }

    private static func finishPart(_ track: inout Track) {
        track.digests += Array(track.hash.finalize())
        track.hash = Insecure.MD5()
        track.leftInPart = track.partBytes
    }

    /// Each part size with its parts' MD5s back to back, once every byte has passed.
    public func finished() -> [(partBytes: Int64, digests: [UInt8])] {
        tracks.map { track in
            var track = track
            if !track.started { track.digests = Array(shared.finalize()) }
            if track.started && track.leftInPart < track.partBytes { Self.finishPart(&track) }
            return (track.partBytes, track.digests)
        }
    }
}

/// Checks bytes against a multipart ETag for several part sizes at once (see
/// `PartDigests`). The download is verified when exactly one candidate gives the ETag;
/// none or several prove nothing either way.
struct PartSizeCandidates {
    private var digests: PartDigests

    var partSizes: [Int64] { digests.partSizes }

    init(partSizes: [Int64]) {
        digests = PartDigests(partSizes: partSizes)
    }

    mutating func update(_ bytes: UnsafeRawBufferPointer) { digests.update(bytes) }

    /// The part sizes whose multipart ETag is `expected`, once every byte has passed.
    func matches(_ expected: String) -> [Int64] {
        digests.finished().filter { LargeObjectETag.multipart(partDigests: $0.digests) == expected.lowercased() }.map(\.partBytes)
    }
}
