import Foundation
import Storage

#if canImport(Glibc)
    import Glibc
#endif

/// Reads a segment file written by `SegmentWriter`, memory-mapped: a search touches
/// only the blocks whose trigrams it needs, and the kernel keeps what it read cached.
///
/// Layout (numbers little-endian): chunks, then one u64 offset per chunk, the chunk
/// count (u32), the entry count (u64) and the magic (u64). A chunk is a header of five
/// u32 (entries, blocks, trigrams, postings bytes, names bytes); blocks+1 u32 block
/// offsets into its names; per block two u64 and two u32 (smallest and largest size,
/// earliest and latest date in seconds: `BlockSummary`; the largest size's top bit set
/// when every name of the block is plain); the trigram keys (u32,
/// ascending); trigrams+1 u32 offsets into its postings (the top bit set for a bitmap);
/// the postings (`Postings`); the names (per entry: shared prefix length, suffix length,
/// suffix, size, date as `DateCode` keeps it). Format 2 (magic `OBJSHIX2`), read as
/// well, had summaries of four u64 (dates as date fields), posting lists only, and each
/// entry's date field itself.
///
/// Never changed after `init`: safe to read on the scanning threads.
final class SegmentReader: @unchecked Sendable {
    static let formerMagic: UInt64 = 0x3258_4948_5342_4a4f  // "OBJSHIX2"

    let entryCount: Int
    /// The file mapped: its device, inode and size (`MappedSegments` keeps it while these hold).
    let file: FileIdentity
    private let base: UnsafeRawBufferPointer
    private let chunkOffsets: [Int]
    /// 3, or 2 for a segment of format 2 (`Chunk.format`).
    private let format: Int

    init(path: String) throws {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw NameIndexError.damaged(path) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_size >= 20 else { throw NameIndexError.damaged(path) }
        let size = Int(status.st_size)
        file = FileIdentity(status)
        guard let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), address != UnsafeMutableRawPointer(bitPattern: -1) else {
            throw NameIndexError.damaged(path)
        }
        let mapped = UnsafeRawBufferPointer(start: address, count: size)
        let count = Int(Fixed.read32(mapped, size - 20))
        let magic = Fixed.read64(mapped, size - 8)
        guard magic == SegmentWriter.magic || magic == Self.formerMagic, count * 8 + 20 <= size else {
            munmap(address, size)
            throw NameIndexError.damaged(path)
        }
        base = mapped
        format = magic == SegmentWriter.magic ? 3 : 2
        entryCount = Int(Fixed.read64(mapped, size - 16))
        let directory = size - 20 - count * 8
        chunkOffsets = (0..<count).map { Int(Fixed.read64(mapped, directory + $0 * 8)) } + [directory]
    }

    deinit {
        munmap(UnsafeMutableRawPointer(mutating: base.baseAddress), base.count)
    }

    var chunkCount: Int { chunkOffsets.count - 1 }

    /// Chunk `index`, its tables checked against its bounds.
    func chunk(_ index: Int) throws -> Chunk {
        try Chunk(base, start: chunkOffsets[index], end: chunkOffsets[index + 1], format: format)
    }

    /// Calls `body` with the objects of each chunk that match `query`, among the blocks
    /// holding every trigram in `required` (every block when it is empty), scanning up
    /// to `workers` chunks at a time.
    func eachMatch(_ query: IndexQuery, required: [UInt32], workers: Int = 1, _ body: ([ObjectSummary]) throws -> Void) throws {
        try IndexScan(query: query, required: required, workers: workers).run([("", self)]) { try body($1) }
    }
}
