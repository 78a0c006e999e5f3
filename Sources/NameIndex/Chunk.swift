import Foundation

/// One chunk of a mapped segment, its tables located and checked against its bounds.
/// Only read, from a mapping its `SegmentReader` keeps while a scan runs: safe to
/// read on several threads.
struct Chunk: @unchecked Sendable {
    let base: UnsafeRawBufferPointer
    /// 3: dates as `DateCode` keeps them, block summaries of 24 bytes, postings as
    /// `Postings` keeps them; 2: date fields, summaries of 32 bytes, posting lists only.
    let format: Int
    let blockCount: Int
    let trigramCount: Int
    let blockTable: Int
    let summaryTable: Int
    let keyTable: Int
    let postingTable: Int
    let postings: Int
    let names: Int
    let end: Int

    init(_ base: UnsafeRawBufferPointer, start: Int, end: Int, format: Int) throws {
        guard start >= 0, start + 20 <= end, end <= base.count else { throw NameIndexError.damaged("chunk") }
        self.base = base
        self.format = format
        self.end = end
        blockCount = Int(Fixed.read32(base, start + 4))
        trigramCount = Int(Fixed.read32(base, start + 8))
        blockTable = start + 20
        summaryTable = blockTable + (blockCount + 1) * 4
        keyTable = summaryTable + blockCount * (format == 2 ? 32 : BlockSummary.bytes)
        postingTable = keyTable + trigramCount * 4
        postings = postingTable + (trigramCount + 1) * 4
        names = postings + Int(Fixed.read32(base, start + 12))
        guard names + Int(Fixed.read32(base, start + 16)) == end else { throw NameIndexError.damaged("chunk") }
    }

    /// The blocks that hold every key, ascending.
    func blocks(holding keys: [UInt32]) -> [Int] {
        guard !keys.isEmpty else { return Array(0..<blockCount) }
        var bits = [UInt64](repeating: ~0, count: (blockCount + 63) / 64)
        for key in keys {
            guard let index = keyIndex(key) else { return [] }
            let start = Fixed.read32(base, postingTable + index * 4)
            let end = Fixed.read32(base, postingTable + (index + 1) * 4) & ~Postings.bitmapFlag
            Postings.intersect(
                base, postings + Int(start & ~Postings.bitmapFlag), min(names, postings + Int(end)),
                bitmap: start & Postings.bitmapFlag != 0, into: &bits)
        }
        return Postings.blocks(bits, below: blockCount)
    }

    /// What `block` holds, as a search by size or date asks it.
    func facts(of block: Int) -> BlockFacts {
        guard format != 2 else { return formerFacts(of: block) }
        let at = summaryTable + block * BlockSummary.bytes
        let (earliest, latest) = (Fixed.read32(base, at + 16), Fixed.read32(base, at + 20))
        return BlockFacts(
            smallest: Int64(clamping: Fixed.read64(base, at)), largest: Int64(clamping: Fixed.read64(base, at + 8) & ~BlockSummary.plainFlag),
            earliest: earliest <= latest ? Date(timeIntervalSince1970: Double(earliest)) : nil,
            latest: earliest <= latest ? (latest == .max ? .distantFuture : Date(timeIntervalSince1970: Double(latest))) : nil)
    }

    /// Format 2's summaries: four u64, the dates as date fields.
    private func formerFacts(of block: Int) -> BlockFacts {
        let at = summaryTable + block * 32
        let (earliest, latest) = (Fixed.read64(base, at + 16), Fixed.read64(base, at + 24))
        func date(_ field: UInt64) -> Date { Date(timeIntervalSince1970: Double(field - 1) / 1000) }
        return BlockFacts(
            smallest: Int64(clamping: Fixed.read64(base, at)), largest: Int64(clamping: Fixed.read64(base, at + 8)),
            earliest: earliest <= latest ? date(earliest) : nil, latest: earliest <= latest ? date(latest) : nil)
    }

    /// Where `key` lies among the sorted keys, by binary search; nil when absent.
    func keyIndex(_ key: UInt32) -> Int? {
        var (low, high) = (0, trigramCount)
        while low < high {
            let middle = (low + high) / 2
            if Fixed.read32(base, keyTable + middle * 4) < key { low = middle + 1 } else { high = middle }
        }
        return low < trigramCount && Fixed.read32(base, keyTable + low * 4) == key ? low : nil
    }

    /// Where `block`'s entries lie in the mapped bytes.
    func nameBounds(of block: Int) throws -> (Int, Int) {
        guard block >= 0, block < blockCount else { throw NameIndexError.damaged("block") }
        let start = names + Int(Fixed.read32(base, blockTable + block * 4))
        let stop = names + Int(Fixed.read32(base, blockTable + (block + 1) * 4))
        guard start <= stop, stop <= end else { throw NameIndexError.damaged("block") }
        return (start, stop)
    }

    /// Whether every name of `block` is plain (`BlockSummary.plainFlag`); false where
    /// the segment does not say (format 2, or a writer before the flag).
    func isPlain(_ block: Int) -> Bool {
        format != 2 && Fixed.read64(base, summaryTable + block * BlockSummary.bytes + 8) & BlockSummary.plainFlag != 0
    }

    /// What `block`'s date codes count from (`BlockSummary.dateBase`); nil where the
    /// entries hold their date fields themselves (format 2).
    func dateBase(of block: Int) -> UInt64? {
        format == 2 ? nil : BlockSummary.dateBase(earliestSecond: Fixed.read32(base, summaryTable + block * BlockSummary.bytes + 16))
    }
}
