import Foundation
import Storage

/// Writes one container's names into a segment file, streaming, in the order given
/// (the listing's byte order, so that neighbours share their folders).
///
/// A segment is a run of chunks of at most `chunkEntries` names, each whole in
/// itself: blocks of `blockEntries` front-coded names with their sizes and dates, each
/// block's smallest and largest size and earliest and latest date (so a search by size
/// or date skips the blocks that cannot hold a match), and for every trigram of the
/// chunk's lowercased names the blocks that hold it. Only
/// one chunk is in memory at a time, so building does not grow with the container.
/// See `SegmentReader` for the layout.
final class SegmentWriter {
    static let magic: UInt64 = 0x3258_4948_5342_4a4f  // "OBJSHIX2"

    let blockEntries: Int
    let chunkEntries: Int
    private let handle: FileHandle
    private var written: UInt64 = 0
    private var chunkOffsets: [UInt64] = []
    private(set) var entryCount = 0

    private var names: [UInt8] = []
    private var blockOffsets: [UInt32] = []
    /// Per block: smallest and largest size, earliest and latest date field (of dated entries).
    private var summaries: [BlockSummary] = []
    private var postings: [UInt32: [UInt16]] = [:]
    private var inChunk = 0
    private var previous: [UInt8] = []

    /// Creates (or truncates) the file at `path`, readable by its owner only.
    init(path: String, blockEntries: Int = 16, chunkEntries: Int = 65_536) throws {
        precondition(chunkEntries / blockEntries <= Int(UInt16.max), "block numbers are 16-bit within a chunk")
        self.blockEntries = blockEntries
        self.chunkEntries = chunkEntries
        guard FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600]) else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path])
        }
        handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    }

    /// Adds one object; names must come in byte order.
    func add(_ object: ObjectSummary) throws {
        let bytes = Array(object.name.utf8)
        let block = inChunk / blockEntries
        var shared = 0
        let size = UInt64(max(0, object.bytes))
        let date = Self.dateField(object.lastModified)
        if inChunk % blockEntries == 0 {
            blockOffsets.append(UInt32(names.count))
            summaries.append(BlockSummary())
        } else {
            let limit = min(bytes.count, previous.count)
            while shared < limit && bytes[shared] == previous[shared] { shared += 1 }
        }
        VarInt.append(UInt64(shared), to: &names)
        VarInt.append(UInt64(bytes.count - shared), to: &names)
        names.append(contentsOf: bytes[shared...])
        VarInt.append(size, to: &names)
        VarInt.append(date, to: &names)
        summaries[summaries.count - 1].add(size: size, date: date)
        previous = bytes
        Trigrams.each(of: Trigrams.foldedBytes(object.name)) { key in
            if postings[key]?.last != UInt16(block) { postings[key, default: []].append(UInt16(block)) }
        }
        inChunk += 1
        entryCount += 1
        if inChunk == chunkEntries { try flushChunk() }
    }

    /// Milliseconds since 1970 plus one; zero for no date.
    static func dateField(_ date: Date?) -> UInt64 {
        guard let date, date.timeIntervalSince1970 >= 0 else { return 0 }
        return UInt64((date.timeIntervalSince1970 * 1000).rounded()) + 1
    }

    /// Writes the last chunk, the chunk directory and the trailer, and closes the file.
    /// Returns the file's size in bytes.
    func finish() throws -> UInt64 {
        if inChunk > 0 { try flushChunk() }
        var tail: [UInt8] = []
        for offset in chunkOffsets { Fixed.append64(offset, to: &tail) }
        Fixed.append32(UInt32(chunkOffsets.count), to: &tail)
        Fixed.append64(UInt64(entryCount), to: &tail)
        Fixed.append64(Self.magic, to: &tail)
        try write(tail)
        try handle.synchronize()
        try handle.close()
        return written
    }

    /// One chunk: header, block offsets, block summaries, trigram keys, posting offsets, postings, names.
    private func flushChunk() throws {
        chunkOffsets.append(written)
        let keys = postings.keys.sorted()
        var encoded: [UInt8] = []
        var postingOffsets: [UInt32] = []
        for key in keys {
            postingOffsets.append(UInt32(encoded.count))
            var last: UInt16 = 0
            for (index, block) in postings[key]!.enumerated() {
                VarInt.append(UInt64(index == 0 ? block : block - last), to: &encoded)
                last = block
            }
        }
        postingOffsets.append(UInt32(encoded.count))
        blockOffsets.append(UInt32(names.count))
        var head: [UInt8] = []
        for field in [inChunk, blockOffsets.count - 1, keys.count, encoded.count, names.count] {
            Fixed.append32(UInt32(field), to: &head)
        }
        for value in blockOffsets { Fixed.append32(value, to: &head) }
        for summary in summaries {
            for value in [summary.smallest, summary.largest, summary.earliest, summary.latest] { Fixed.append64(value, to: &head) }
        }
        for value in keys + postingOffsets { Fixed.append32(value, to: &head) }
        try write(head)
        try write(encoded)
        try write(names)
        names.removeAll(keepingCapacity: true)
        blockOffsets.removeAll(keepingCapacity: true)
        summaries.removeAll(keepingCapacity: true)
        postings.removeAll(keepingCapacity: true)
        inChunk = 0
        previous = []
    }

    private func write(_ bytes: [UInt8]) throws {
        try handle.write(contentsOf: bytes)
        written += UInt64(bytes.count)
    }
}

/// What a block holds, in numbers a search by size or date checks before decoding it:
/// the sizes as stored, and date fields (`SegmentWriter.dateField`) of dated entries
/// only (`earliest` above `latest` when none is dated).
struct BlockSummary {
    var smallest = UInt64.max
    var largest: UInt64 = 0
    var earliest = UInt64.max
    var latest: UInt64 = 0

    mutating func add(size: UInt64, date: UInt64) {
        smallest = min(smallest, size)
        largest = max(largest, size)
        guard date != 0 else { return }
        earliest = min(earliest, date)
        latest = max(latest, date)
    }
}
