/// The entries of one chunk that may match a query, as a scan of its mapped bytes found
/// them: their names end to end, and per entry where its name ends, its size, its date
/// field and whether holding the runs is the whole match.
struct Candidates {
    var names: [UInt8] = []
    var entries: [Candidate] = []
}

struct Candidate {
    /// Where the name ends in `Candidates.names`; it starts where the one before ends.
    let end: Int
    /// The name, made on the scanning thread when holding the runs is the match (then
    /// it is not in `Candidates.names`).
    let name: String?
    let size: UInt64
    /// `SegmentWriter.dateField`: milliseconds since 1970 plus one; zero for no date.
    let date: UInt64
    /// Holding the runs is the match (a substring term, a plain ASCII name): no `keep`.
    let sure: Bool
}

/// Decodes a chunk's blocks from the mapped bytes and tests each name against a query's
/// runs without making an array or a string of it: the name is rebuilt in one buffer
/// from the one before (front coding), a plain ASCII name's letters compared lowercased
/// where they are read, and a run whose first occurrence lay in the part shared with the
/// name before is not looked for again.
struct NameScanner {
    let runs: [[UInt8]]
    /// Holding the one run is the match in a plain ASCII name: no `keep`.
    let runIsTheMatch: Bool

    /// The entries of `blocks` (ascending) of `chunk` whose lowercased names hold every run.
    func scan(_ chunk: Chunk, blocks: [Int]) throws -> Candidates {
        var state = ScanState(runs: runs)
        defer { state.release() }
        var found = Candidates()
        for block in blocks { try scan(chunk, block: block, state: &state, into: &found) }
        return found
    }

    private func scan(_ chunk: Chunk, block: Int, state: inout ScanState, into found: inout Candidates) throws {
        var (offset, stop) = try chunk.nameBounds(of: block)
        let base = chunk.base
        let dateBase = chunk.dateBase(of: block)
        state.length = 0
        state.plainBlock = chunk.isPlain(block)
        if state.plainBlock { state.firstUnplain = Int.max }
        while offset < stop {
            guard let shared = VarInt.read(base, &offset, end: stop), let suffix = VarInt.read(base, &offset, end: stop),
                shared <= state.length, suffix <= stop - offset
            else { throw NameIndexError.damaged("block") }
            state.rebuild(shared: Int(shared), suffix: base.baseAddress! + offset, count: Int(suffix))
            offset += Int(suffix)
            guard let size = VarInt.read(base, &offset, end: stop), let code = VarInt.read(base, &offset, end: stop)
            else { throw NameIndexError.damaged("block") }
            let verdict = state.verdict(shared: Int(shared))
            guard verdict != .no else { continue }
            // Only a candidate's date is worked out.
            guard let date = DateCode.field(code, base: dateBase) else { throw NameIndexError.damaged("block") }
            let bytes = UnsafeBufferPointer(start: state.name, count: state.length)
            guard verdict == .yes && runIsTheMatch else {
                found.names.append(contentsOf: bytes)
                found.entries.append(Candidate(end: found.names.count, name: nil, size: size, date: date, sure: false))
                continue
            }
            let name = String(decoding: bytes, as: UTF8.self)
            found.entries.append(Candidate(end: found.names.count, name: name, size: size, date: date, sure: true))
        }
    }
}

/// A scan's buffers, in memory of its own (no checks of exclusive access on the hot path).
private struct ScanState {
    /// The runs end to end, and where each ends.
    let runBytes: UnsafeMutablePointer<UInt8>
    let runEnds: UnsafeMutablePointer<Int>
    let runCount: Int
    /// Per run: where its first occurrence ends in the name before; 0 unknown, Int.max none.
    let firstEnds: UnsafeMutablePointer<Int>
    var name: UnsafeMutablePointer<UInt8>
    var capacity = 1024
    var length = 0
    /// Where the name's first byte that is not plain ASCII (or is a CR) lies; Int.max when none.
    var firstUnplain = Int.max
    /// The block's summary says every name is plain: `firstUnplain` stays Int.max.
    var plainBlock = false

    init(runs: [[UInt8]]) {
        runCount = runs.count
        runBytes = .allocate(capacity: max(1, runs.reduce(0) { $0 + $1.count }))
        runEnds = .allocate(capacity: max(1, runCount))
        firstEnds = .allocate(capacity: max(1, runCount))
        firstEnds.initialize(repeating: 0, count: max(1, runCount))
        var end = 0
        for (index, run) in runs.enumerated() {
            (runBytes + end).initialize(from: run, count: run.count)
            end += run.count
            runEnds[index] = end
        }
        name = Self.buffer(capacity)
    }

    /// Room for `capacity` bytes of a name and the 9 that `find` reads past its end, zeroed.
    static func buffer(_ capacity: Int) -> UnsafeMutablePointer<UInt8> {
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity + 32)
        buffer.initialize(repeating: 0, count: capacity + 32)
        return buffer
    }

    func release() {
        runBytes.deallocate()
        name.deallocate()
        runEnds.deallocate()
        firstEnds.deallocate()
    }

    /// Puts `count` bytes at `suffix` after the first `shared` bytes of the name before.
    mutating func rebuild(shared: Int, suffix: UnsafeRawPointer, count: Int) {
        let newLength = shared + count
        if newLength > capacity {
            capacity = max(newLength, capacity * 2)
            let larger = Self.buffer(capacity)
            larger.update(from: name, count: length)
            name.deallocate()
            name = larger
        }
        UnsafeMutableRawPointer(name + shared).copyMemory(from: suffix, byteCount: count)
        if !plainBlock && firstUnplain >= shared {
            firstUnplain = PlainBytes.firstUnplain(name + shared, count: count).map { shared + $0 } ?? Int.max
        }
        length = newLength
    }

    /// As `IndexQuery.Verdict`: `no` when the lowercased name lacks a run; `yes` when it
    /// holds them all and is plain ASCII.
    func verdict(shared: Int) -> IndexQuery.Verdict {
        guard runCount > 0 else { return .maybe }
        guard firstUnplain == Int.max else { return unicodeVerdict() }
        var start = 0
        for index in 0..<runCount {
            let end = runEnds[index]
            defer { start = end }
            let previous = firstEnds[index]
            if previous != 0 && previous <= shared { continue }  // in the shared part, as before
            // An occurrence starting earlier would lie in the shared part, where the name before had none.
            let from = previous == 0 ? 0 : max(0, shared - (end - start) + 1)
            guard let found = find(runBytes + start, count: end - start, from: from) else {
                firstEnds[index] = Int.max
                for later in (index + 1)..<runCount { firstEnds[later] = 0 }
                return .no
            }
            firstEnds[index] = found + end - start
        }
        return .yes
    }

    /// Where the `count` lowercased bytes at `run` first occur in the plain ASCII name,
    /// its letters lowercased, at or after `from`: eight places at a time are tested for
    /// the run's first two bytes (a word's bytes compared at once, a letter's bit 0x20
    /// set on both sides), and only the places that may hold them compared further.
    private func find(_ run: UnsafeMutablePointer<UInt8>, count: Int, from: Int) -> Int? {
        guard length - from >= count else { return nil }
        let last = length - count
        let (ones, highs): (UInt64, UInt64) = (0x0101_0101_0101_0101, 0x8080_8080_8080_8080)
        let second = count > 1 ? 1 : 0
        let (first, next) = (ones &* UInt64(run[0]), ones &* UInt64(run[second]))
        let (firstCase, nextCase) = (ones &* Self.caseBit(run[0]), ones &* Self.caseBit(run[second]))
        var at = from
        while at <= last {
            let here = UnsafeRawPointer(name + at).loadUnaligned(as: UInt64.self)
            let after = UnsafeRawPointer(name + at + second).loadUnaligned(as: UInt64.self)
            // A zero byte where both bytes match; the lowest flag is exact, those above may not be.
            let differ = ((here | firstCase) ^ first) | ((after | nextCase) ^ next)
            var flags = (differ &- ones) & ~differ & highs
            while flags != 0 {
                let place = at + flags.trailingZeroBitCount / 8
                guard place <= last else { return nil }
                var matched = 0
                while matched < count && Self.lowered(name[place + matched]) == run[matched] { matched += 1 }
                if matched == count { return place }
                flags &= flags - 1
            }
            at += 8
        }
        return nil
    }

    /// What to set in a byte before comparing it with `byte`: 0x20 for a lowercase letter.
    private static func caseBit(_ byte: UInt8) -> UInt64 {
        byte &- 0x61 < 26 ? 0x20 : 0
    }

    @inline(__always) static func lowered(_ byte: UInt8) -> UInt8 {
        byte &- 0x41 < 26 ? byte | 0x20 : byte
    }

    /// A name with bytes beyond ASCII (or a CR) is lowercased as `String.lowercased()` does.
    private func unicodeVerdict() -> IndexQuery.Verdict {
        firstEnds.update(repeating: 0, count: runCount)
        let lowered = Array(String(decoding: UnsafeBufferPointer(start: name, count: length), as: UTF8.self).lowercased().utf8)
        var start = 0
        for index in 0..<runCount {
            let run = Array(UnsafeBufferPointer(start: runBytes + start, count: runEnds[index] - start))
            start = runEnds[index]
            guard IndexQuery.bytes(lowered, contain: run) else { return .no }
        }
        return .maybe
    }
}

/// Plain bytes: one a character (below 0x80, and no CR, which with a LF makes one), so a
/// name of them is lowercased a byte at a time. One rule for the writer's mark of a
/// plain block (`BlockSummary.plainFlag`) and the scanner's test of each other name.
enum PlainBytes {
    /// The first of `count` bytes at `bytes` that is not plain ASCII or is a CR, eight at a time.
    static func firstUnplain(_ bytes: UnsafePointer<UInt8>, count: Int) -> Int? {
        let ones: UInt64 = 0x0101_0101_0101_0101
        var at = 0
        while at + 8 <= count {
            let word = UnsafeRawPointer(bytes + at).loadUnaligned(as: UInt64.self)
            let carriage = word ^ (ones &* 0x0d)
            // A high bit set, or a zero byte where a CR was (the usual test for a zero byte).
            if (word | ((carriage &- ones) & ~carriage)) & (ones &* 0x80) != 0 { break }
            at += 8
        }
        while at < count {
            if bytes[at] >= 0x80 || bytes[at] == 0x0d { return at }
            at += 1
        }
        return nil
    }
}
