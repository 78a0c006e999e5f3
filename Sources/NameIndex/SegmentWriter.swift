import Foundation
import Storage

/// Writes one container's names into a segment file, streaming, in the order given
/// (the listing's byte order, so that neighbours share their folders).
///
/// A segment is a run of chunks of at most `chunkEntries` names, each whole in
/// itself: blocks of `blockEntries` front-coded names with their sizes and dates, each
/// block's smallest and largest size and earliest and latest date (so a search by size
/// or date skips the blocks that cannot hold a match), and for every trigram of the
/// chunk's lowercased names the blocks that hold it (`Postings`). A block's entries wait
/// until it is full, as their dates are counted from its earliest (`DateCode`). Only
/// one chunk is in memory at a time, so building does not grow with the container.
/// See `SegmentReader` for the layout.
final class SegmentWriter {
    static let magic: UInt64 = 0x3358_4948_5342_4a4f  // "OBJSHIX3"

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
    /// The open block's entries, held until its earliest date is known: their shared
    /// lengths, suffix lengths and suffixes end to end, and where each ends, its size and date field.
    private var blockNames: [UInt8] = []
    private var blockFacts: [(end: Int, size: UInt64, date: UInt64)] = []

    /// Creates (or truncates) the file at `path`, readable by its owner only.
    init(path: String, blockEntries: Int = 8, chunkEntries: Int = 65_536) throws {
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
            closeBlock()
            blockOffsets.append(UInt32(names.count))
            summaries.append(BlockSummary())
        } else {
            let limit = min(bytes.count, previous.count)
            while shared < limit && bytes[shared] == previous[shared] { shared += 1 }
        }
        VarInt.append(UInt64(shared), to: &blockNames)
        VarInt.append(UInt64(bytes.count - shared), to: &blockNames)
        blockNames.append(contentsOf: bytes[shared...])
        blockFacts.append((blockNames.count, size, date))
        let plain = bytes.withUnsafeBufferPointer { $0.baseAddress.map { PlainBytes.firstUnplain($0, count: bytes.count) == nil } ?? true }
        summaries[summaries.count - 1].add(size: size, date: date, plainName: plain)
        previous = bytes
        Trigrams.each(of: Trigrams.foldedBytes(object.name)) { key in
            if postings[key]?.last != UInt16(block) { postings[key, default: []].append(UInt16(block)) }
        }
        inChunk += 1
        entryCount += 1
        if inChunk == chunkEntries { try flushChunk() }
    }

    /// Milliseconds since 1970 plus one; zero for no date. Rounded down, as a listing's
    /// seconds are: Swift's `20:48:11.99987` read back as `20:48:12` would show a result
    /// a second off what the live listing shows.
    static func dateField(_ date: Date?) -> UInt64 {
        guard let date, date.timeIntervalSince1970 >= 0 else { return 0 }
        return UInt64((date.timeIntervalSince1970 * 1000).rounded(.down)) + 1
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

    /// Writes the open block's entries, their dates counted from its earliest (`DateCode`).
    private func closeBlock() {
        guard let summary = summaries.last else { return }
        var start = 0
        for entry in blockFacts {
            names.append(contentsOf: blockNames[start..<entry.end])
            VarInt.append(entry.size, to: &names)
            VarInt.append(DateCode.code(entry.date, base: BlockSummary.dateBase(earliestSecond: summary.earliestSecond)), to: &names)
            start = entry.end
        }
        blockNames.removeAll(keepingCapacity: true)
        blockFacts.removeAll(keepingCapacity: true)
    }

    /// One chunk: header, block offsets, block summaries, trigram keys, posting offsets, postings, names.
    private func flushChunk() throws {
        closeBlock()
        chunkOffsets.append(written)
        let keys = postings.keys.sorted()
        var encoded: [UInt8] = []
        var postingOffsets: [UInt32] = []
        let blockCount = summaries.count
        for key in keys {
            let start = UInt32(encoded.count)
            let isBitmap = Postings.append(postings[key]!, blockCount: blockCount, to: &encoded)
            postingOffsets.append(isBitmap ? start | Postings.bitmapFlag : start)
        }
        guard encoded.count < Int(Postings.bitmapFlag) else { throw NameIndexError.cannotWrite("postings of 2 GiB") }
        postingOffsets.append(UInt32(encoded.count))
        blockOffsets.append(UInt32(names.count))
        var head: [UInt8] = []
        for field in [inChunk, blockOffsets.count - 1, keys.count, encoded.count, names.count] {
            Fixed.append32(UInt32(field), to: &head)
        }
        for value in blockOffsets { Fixed.append32(value, to: &head) }
        for summary in summaries {
            Fixed.append64(summary.smallest, to: &head)
            Fixed.append64(summary.storedLargest, to: &head)
            Fixed.append32(summary.earliestSecond, to: &head)
            Fixed.append32(summary.latestSecond, to: &head)
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
/// the sizes as stored, and the date fields (`SegmentWriter.dateField`) of dated entries
/// only (`earliest` above `latest` when none is dated), kept as whole seconds.
struct BlockSummary {
    /// Two u64 and two u32.
    static let bytes = 24

    /// Set in the stored largest size when every name of the block is plain (one byte a
    /// character: below 0x80, no CR), so a scan skips that test per name. No size reaches
    /// it, and a reader that predates it reads a larger largest size: a block it decodes
    /// without need, never one it skips wrongly.
    static let plainFlag: UInt64 = 1 << 63

    var smallest = UInt64.max
    var largest: UInt64 = 0
    var earliest = UInt64.max
    var latest: UInt64 = 0
    var plain = true

    /// The largest size as stored: with `plainFlag` where every name is plain.
    var storedLargest: UInt64 { plain ? largest | Self.plainFlag : largest }

    mutating func add(size: UInt64, date: UInt64, plainName: Bool) {
        plain = plain && plainName
        smallest = min(smallest, size)
        largest = max(largest, size)
        guard date != 0 else { return }
        earliest = min(earliest, date)
        latest = max(latest, date)
    }

    /// The earliest date's second, rounded down (`UInt32.max` when none is dated, or
    /// for a date past 2106); the latest's, rounded up (`UInt32.max`: past 2106; 0 when
    /// none is dated). Bounds a search may trust to skip a block, in 8 bytes, not 16.
    var earliestSecond: UInt32 { earliest == .max ? .max : UInt32(min((earliest - 1) / 1000, UInt64(UInt32.max))) }
    var latestSecond: UInt32 { latest == 0 ? 0 : UInt32(min((latest - 1 + 999) / 1000, UInt64(UInt32.max))) }

    /// The date field a block's `DateCode`s count from: its earliest second's, no later
    /// than any of its dates.
    static func dateBase(earliestSecond: UInt32) -> UInt64 {
        UInt64(earliestSecond) * 1000 + 1
    }
}
