import Foundation
import Storage
import XCTest

@testable import NameIndex

/// The scan of a segment: on several threads it finds what one thread finds, in the same
/// order; names rebuilt in place and runs not looked for again in the shared part of a
/// name answer as a string search would; dates kept as codes come back as they went in.
final class ScanTests: XCTestCase {
    var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "objsh-scan-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    func write(_ objects: [ObjectSummary], blockEntries: Int, chunkEntries: Int) throws -> SegmentReader {
        let writer = try SegmentWriter(path: folder + "/test.seg", blockEntries: blockEntries, chunkEntries: chunkEntries)
        for object in objects { try writer.add(object) }
        _ = try writer.finish()
        return try SegmentReader(path: folder + "/test.seg")
    }

    /// Terms and globs as `search` asks them: the runs, and the final test on the name.
    static let queries: [(runs: [String], sure: Bool, keep: @Sendable (String) -> Bool)] = [
        (["beach"], true, { $0.lowercased().contains("beach") }),
        (["zür"], true, { $0.lowercased().contains("zür") }),
        (["été/"], true, { $0.lowercased().contains("été/") }),
        (["/ab", ".txt"], false, { $0.lowercased().contains("/ab") && $0.hasSuffix(".txt") }),
        (["data", "-1"], false, { $0.lowercased().contains("data") && $0.contains("-1") }),
        (["missing"], true, { _ in false }),
        ([], false, { $0.count % 3 == 0 }),
    ]

    func testSeveralThreadsFindWhatOneFindsInTheSameOrder() throws {
        let objects = SegmentTests.objects(3000)
        let reader = try write(objects, blockEntries: 4, chunkEntries: 96)
        XCTAssertGreaterThan(reader.chunkCount, 8)
        for (runs, sure, keep) in Self.queries {
            let query = IndexQuery(runs: runs, runIsTheMatch: sure) { keep($0.name) }
            var serial: [ObjectSummary] = []
            try reader.eachMatch(query, required: query.trigrams(prefix: ""), workers: 1) { serial += $0 }
            for workers in [2, 3, 8] {
                var parallel: [ObjectSummary] = []
                try reader.eachMatch(query, required: query.trigrams(prefix: ""), workers: workers) { parallel += $0 }
                XCTAssertEqual(parallel, serial, "\(runs) on \(workers) threads")
            }
            XCTAssertEqual(serial.map(\.name), objects.map(\.name).filter(keep), "\(runs)")
        }
    }

    /// A caller that stops (its body throws) stops the threads: the error comes back,
    /// no later chunk reaches the body, and the scan can run again at once.
    func testAStopOnTheCallersSideEndsTheScanWithItsError() throws {
        struct Enough: Error {}
        let reader = try write(SegmentTests.objects(3000), blockEntries: 4, chunkEntries: 96)
        let query = IndexQuery(runs: []) { _ in true }
        for workers in [2, 8] {
            var calls = 0
            XCTAssertThrowsError(
                try reader.eachMatch(query, required: [], workers: workers) { _ in
                    calls += 1
                    if calls == 3 { throw Enough() }
                }
            ) { XCTAssertTrue($0 is Enough, "\($0)") }
            XCTAssertEqual(calls, 3, "\(workers) threads")
            var all = 0
            try reader.eachMatch(query, required: [], workers: workers) { all += $0.count }
            XCTAssertEqual(all, 3000)
        }
    }

    /// Names that share long starts with the one before, a run found only across the end
    /// of the shared part, and names that grow past the scanner's first buffer.
    func testRunsAcrossTheSharedStartOfANameAreFound() throws {
        let long = String(repeating: "x", count: 1500)
        let names = [
            "abc/def", "abc/dEf-ghi", "abc/dx", "abc/dxyz", "abc/dxyzabc", "abc/e", long + "ab", long + "abc", long + "abd/",
            long + "abd/c", "zz",
        ]
        let objects = names.enumerated().map { ObjectSummary(name: $1, bytes: Int64($0), contentType: "") }
        let reader = try write(objects, blockEntries: 16, chunkEntries: 64)
        for term in ["def", "/dx", "xyzab", "dxyz", "abc", "xab", "xxabd/c", "zz", "e-g"] {
            let query = IndexQuery(runs: [term], runIsTheMatch: true) { $0.name.lowercased().contains(term) }
            var found: [String] = []
            try reader.eachMatch(query, required: []) { found += $0.map(\.name) }
            XCTAssertEqual(found, names.filter { $0.lowercased().contains(term) }, term)
        }
    }

    /// A block's summary says when all its names are plain (one byte a character), so
    /// its scan skips that test per name; the mark never shows in the block's sizes, and
    /// blocks with a name beyond ASCII or a CR are searched as a string search would.
    func testBlocksOfPlainNamesAreMarkedAndSearchedAlike() throws {
        let names = ["a/one", "a/two", "a/Zür", "a/three", "b/1o", "b/2", "b/3", "b/4", "c/x\r\nyo", "c/yo"]
        let objects = names.enumerated().map { ObjectSummary(name: $1, bytes: Int64(100 + $0), contentType: "") }
        let reader = try write(objects, blockEntries: 4, chunkEntries: 64)
        let chunk = try reader.chunk(0)
        XCTAssertEqual((0..<chunk.blockCount).map(chunk.isPlain), [false, true, false])
        XCTAssertEqual((0..<chunk.blockCount).map { chunk.facts(of: $0).largest }, [103, 107, 109])
        for term in ["zür", "o", "b/", "yo", "\r\n"] {
            let query = IndexQuery(runs: [term], runIsTheMatch: true) { $0.name.lowercased().contains(term) }
            var found: [String] = []
            try reader.eachMatch(query, required: []) { found += $0.map(\.name) }
            XCTAssertEqual(found, names.filter { $0.lowercased().contains(term) }, term.debugDescription)
        }
    }

    func testDatesComeBackAsTheyWentIn() throws {
        let dates: [Date?] = [
            Date(timeIntervalSince1970: 1_700_000_000), nil, Date(timeIntervalSince1970: 1_700_000_000.5),
            Date(timeIntervalSince1970: 1_600_000_000.001), Date(timeIntervalSince1970: 1_800_000_000), Date(timeIntervalSince1970: 0),
            nil, nil, Date(timeIntervalSince1970: 1_700_000_007.25),
        ]
        let objects = dates.enumerated().map { ObjectSummary(name: "n\($0)", bytes: 1, contentType: "", lastModified: $1) }
        let reader = try write(objects, blockEntries: 4, chunkEntries: 64)
        var read: [ObjectSummary] = []
        try reader.eachMatch(IndexQuery(runs: []) { _ in true }, required: []) { read += $0 }
        XCTAssertEqual(read.map(\.lastModified), dates)
    }

    func testDateCodes() {
        let base = SegmentWriter.dateField(Date(timeIntervalSince1970: 1_700_000_000.25))
        for offset: UInt64 in [0, 1, 999, 1000, 60_000, 63_072_000_000, 1_234_567] {
            let code = DateCode.code(base + offset, base: base)
            XCTAssertEqual(DateCode.field(code, base: base), base + offset)
        }
        XCTAssertLessThan(DateCode.code(base + 63_072_000_000, base: base), 1 << 28, "two years in seconds: 4 bytes")
        XCTAssertEqual(DateCode.code(0, base: base), 0)
        XCTAssertEqual(DateCode.field(0, base: base), 0)
        XCTAssertEqual(DateCode.field(12_345, base: nil), 12_345, "format 2 holds the field itself")
        XCTAssertNil(DateCode.field(UInt64.max - 2, base: base), "a code past any date is damage")
    }
}

/// A trigram's blocks as a list or a bitmap, whichever is smaller, read back the same.
final class PostingsTests: XCTestCase {
    func testListsAndBitmapsReadBackTheirBlocks() {
        let cases: [([UInt16], Int, Bool)] = [
            ([3], 100, false), ([0, 1, 2, 3, 5, 8, 13, 21, 34, 55, 89], 100, false), (Array(0..<100), 100, true),
            (stride(from: 1, to: 8192, by: 3).map { UInt16($0) }, 8192, true), ([0, 8191], 8192, false),
        ]
        for (blocks, count, isBitmap) in cases {
            var bytes: [UInt8] = [0xff]  // the posting need not start the buffer
            XCTAssertEqual(Postings.append(blocks, blockCount: count, to: &bytes), isBitmap, "\(blocks.count) of \(count)")
            var bits = [UInt64](repeating: ~0, count: (count + 63) / 64)
            bytes.withUnsafeBytes { Postings.intersect($0, 1, $0.count, bitmap: isBitmap, into: &bits) }
            XCTAssertEqual(Postings.blocks(bits, below: count), blocks.map(Int.init))
        }
    }

    func testIntersectingKeepsOnlyBlocksInBoth() {
        var (first, second): ([UInt8], [UInt8]) = ([], [])
        let one = Postings.append(Array(0..<64), blockCount: 64, to: &first)
        let other = Postings.append([1, 7, 40, 63], blockCount: 64, to: &second)
        var bits: [UInt64] = [~0]
        first.withUnsafeBytes { Postings.intersect($0, 0, $0.count, bitmap: one, into: &bits) }
        second.withUnsafeBytes { Postings.intersect($0, 0, $0.count, bitmap: other, into: &bits) }
        XCTAssertEqual(Postings.blocks(bits, below: 64), [1, 7, 40, 63])
        XCTAssertTrue(one)
        XCTAssertFalse(other)
    }
}
