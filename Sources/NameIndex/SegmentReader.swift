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
/// offsets into its names; per block four u64 (smallest and largest size, earliest and
/// latest date field: `BlockSummary`); the trigram keys (u32, ascending); trigrams+1 u32 offsets
/// into its postings; the postings (each key's blocks, delta-coded varints); the names
/// (per entry: shared prefix length, suffix length, suffix, size, date field).
final class SegmentReader {
    let entryCount: Int
    private let base: UnsafeRawBufferPointer
    private let chunkOffsets: [Int]

    init(path: String) throws {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw NameIndexError.damaged(path) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_size >= 20 else { throw NameIndexError.damaged(path) }
        let size = Int(status.st_size)
        guard let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), address != UnsafeMutableRawPointer(bitPattern: -1) else {
            throw NameIndexError.damaged(path)
        }
        let mapped = UnsafeRawBufferPointer(start: address, count: size)
        let count = Int(Fixed.read32(mapped, size - 20))
        guard Fixed.read64(mapped, size - 8) == SegmentWriter.magic, count * 8 + 20 <= size else {
            munmap(address, size)
            throw NameIndexError.damaged(path)
        }
        base = mapped
        entryCount = Int(Fixed.read64(mapped, size - 16))
        let directory = size - 20 - count * 8
        chunkOffsets = (0..<count).map { Int(Fixed.read64(mapped, directory + $0 * 8)) } + [directory]
    }

    deinit {
        munmap(UnsafeMutableRawPointer(mutating: base.baseAddress), base.count)
    }

    /// Calls `body` with the objects of each chunk that match `query`, among the blocks
    /// holding every trigram in `required` (every block when it is empty).
    func eachMatch(_ query: IndexQuery, required: [UInt32], _ body: ([ObjectSummary]) throws -> Void) throws {
        var folded: [UInt8] = []
        for index in 0..<(chunkOffsets.count - 1) {
            let chunk = try Chunk(base, start: chunkOffsets[index], end: chunkOffsets[index + 1])
            var found: [ObjectSummary] = []
            for block in chunk.blocks(holding: required) where query.blocks(chunk.facts(of: block)) {
                try chunk.decode(block: block) { name, bytes, date in
                    let verdict = query.verdict(name, folded: &folded)
                    guard verdict != .no, query.facts(bytes, date) else { return }
                    let object = ObjectSummary(name: String(decoding: name, as: UTF8.self), bytes: bytes, contentType: "", lastModified: date)
                    if verdict == .yes || query.keep(object) { found.append(object) }
                }
            }
            if !found.isEmpty { try body(found) }
        }
    }
}

/// One chunk of a mapped segment, its tables located and checked against its bounds.
struct Chunk {
    let base: UnsafeRawBufferPointer
    let blockCount: Int
    let trigramCount: Int
    let blockTable: Int
    let summaryTable: Int
    let keyTable: Int
    let postingTable: Int
    let postings: Int
    let names: Int
    let end: Int

    init(_ base: UnsafeRawBufferPointer, start: Int, end: Int) throws {
        guard start >= 0, start + 20 <= end, end <= base.count else { throw NameIndexError.damaged("chunk") }
        self.base = base
        self.end = end
        blockCount = Int(Fixed.read32(base, start + 4))
        trigramCount = Int(Fixed.read32(base, start + 8))
        blockTable = start + 20
        summaryTable = blockTable + (blockCount + 1) * 4
        keyTable = summaryTable + blockCount * 32
        postingTable = keyTable + trigramCount * 4
        postings = postingTable + (trigramCount + 1) * 4
        names = postings + Int(Fixed.read32(base, start + 12))
        guard names + Int(Fixed.read32(base, start + 16)) == end else { throw NameIndexError.damaged("chunk") }
    }

    /// The blocks that hold every key, ascending.
    func blocks(holding keys: [UInt32]) -> [Int] {
        var result: [Int]? = nil
        for key in keys {
            guard let list = postingList(key) else { return [] }
            result = result.map { Self.intersection($0, list) } ?? list
            if result!.isEmpty { return [] }
        }
        return result ?? Array(0..<blockCount)
    }

    /// The numbers in both ascending lists.
    static func intersection(_ first: [Int], _ second: [Int]) -> [Int] {
        var (i, j, both) = (0, 0, [Int]())
        while i < first.count && j < second.count {
            if first[i] == second[j] {
                both.append(first[i])
                (i, j) = (i + 1, j + 1)
            } else if first[i] < second[j] {
                i += 1
            } else {
                j += 1
            }
        }
        return both
    }

    /// What `block` holds, as a search by size or date asks it.
    func facts(of block: Int) -> BlockFacts {
        let at = summaryTable + block * 32
        let (earliest, latest) = (Fixed.read64(base, at + 16), Fixed.read64(base, at + 24))
        func date(_ field: UInt64) -> Date { Date(timeIntervalSince1970: Double(field - 1) / 1000) }
        return BlockFacts(
            smallest: Int64(clamping: Fixed.read64(base, at)), largest: Int64(clamping: Fixed.read64(base, at + 8)),
            earliest: earliest <= latest ? date(earliest) : nil, latest: earliest <= latest ? date(latest) : nil)
    }

    /// The blocks of one key, by binary search over the sorted keys; nil when absent.
    func postingList(_ key: UInt32) -> [Int]? {
        var (low, high) = (0, trigramCount)
        while low < high {
            let middle = (low + high) / 2
            if Fixed.read32(base, keyTable + middle * 4) < key { low = middle + 1 } else { high = middle }
        }
        guard low < trigramCount, Fixed.read32(base, keyTable + low * 4) == key else { return nil }
        var offset = postings + Int(Fixed.read32(base, postingTable + low * 4))
        let stop = min(names, postings + Int(Fixed.read32(base, postingTable + (low + 1) * 4)))
        var list: [Int] = []
        var block = 0
        while offset < stop, let delta = VarInt.read(base, &offset, end: stop) {
            block = list.isEmpty ? Int(delta) : block + Int(delta)
            list.append(block)
        }
        return list
    }

    /// Calls `body` with each entry of `block` (name bytes, size, date), its name rebuilt
    /// from the one before.
    func decode(block: Int, _ body: ([UInt8], Int64, Date?) -> Void) throws {
        var offset = names + Int(Fixed.read32(base, blockTable + block * 4))
        let stop = names + Int(Fixed.read32(base, blockTable + (block + 1) * 4))
        guard offset <= stop, stop <= end else { throw NameIndexError.damaged("block") }
        var name: [UInt8] = []
        while offset < stop {
            guard let shared = VarInt.read(base, &offset, end: stop), let length = VarInt.read(base, &offset, end: stop),
                Int(shared) <= name.count, Int(length) <= stop - offset
            else { throw NameIndexError.damaged("block") }
            name.removeSubrange(Int(shared)...)
            name.append(contentsOf: UnsafeRawBufferPointer(rebasing: base[offset..<(offset + Int(length))]))
            offset += Int(length)
            guard let bytes = VarInt.read(base, &offset, end: stop), let date = VarInt.read(base, &offset, end: stop) else {
                throw NameIndexError.damaged("block")
            }
            body(name, Int64(clamping: bytes), date == 0 ? nil : Date(timeIntervalSince1970: Double(date - 1) / 1000))
        }
    }
}
