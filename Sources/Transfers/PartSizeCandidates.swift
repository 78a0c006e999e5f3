import Crypto

/// Checks bytes against a multipart ETag for several part sizes at once, in one pass:
/// every candidate's first part starts at byte 0, so one MD5 state runs over the
/// beginning and is copied (a value, cheap) at each candidate's first boundary; from
/// there each candidate hashes its own parts. The download is verified when exactly one
/// candidate gives the ETag; none or several prove nothing either way.
struct PartSizeCandidates {
    private struct Track {
        let partBytes: Int64
        var hash = Insecure.MD5()
        var leftInPart: Int64 = 0
        var digests: [UInt8] = []
        var started = false
    }

    let partSizes: [Int64]
    private var tracks: [Track]
    private var shared = Insecure.MD5()
    private var offset: Int64 = 0

    init(partSizes: [Int64]) {
        self.partSizes = partSizes.sorted()
        tracks = self.partSizes.map { Track(partBytes: $0) }
    }

    mutating func update(_ bytes: UnsafeRawBufferPointer) {
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

    /// The part sizes whose multipart ETag is `expected`, once every byte has passed.
    mutating func matches(_ expected: String) -> [Int64] {
        var found: [Int64] = []
        for var track in tracks {
            if !track.started { track.digests = Array(shared.finalize()) }
            if track.started && track.leftInPart < track.partBytes { Self.finishPart(&track) }
            let etag = StreamVerifier.hex(Insecure.MD5.hash(data: track.digests)) + "-\(track.digests.count / Insecure.MD5.byteCount)"
            if etag == expected.lowercased() { found.append(track.partBytes) }
        }
        return found
    }
}
