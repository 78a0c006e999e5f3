import Foundation
import Storage
import XCTest

@testable import NameIndex

/// The segment format alone: what goes in comes out, and a trigram search finds what a
/// scan of every name finds.
final class SegmentTests: XCTestCase {
    var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "objsh-segment-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Names in byte order with folders shared by many, some upper case and UTF-8.
    static func objects(_ count: Int) -> [ObjectSummary] {
        let words = ["Beach", "photo", "log", "Zürich", "data", "2024", "report", "ÉTÉ", "ab"]
        var names = Set<String>()
        var seed: UInt64 = 42
        while names.count < count {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let a = words[Int(seed >> 33) % words.count]
            let b = words[Int(seed >> 40) % words.count]
            names.insert("\(a)/\(b)/\(a.lowercased())-\(seed % 997).txt")
        }
        return names.sorted { $0.precedesInByteOrder($1) }.enumerated().map { index, name in
            ObjectSummary(
                name: name, bytes: Int64(index * 37), contentType: "",
                lastModified: index % 5 == 0 ? nil : Date(timeIntervalSince1970: 1_700_000_000.123 + Double(index)))
        }
    }

    func write(_ objects: [ObjectSummary], blockEntries: Int = 4, chunkEntries: Int = 64) throws -> SegmentReader {
        let path = folder + "/test.seg"
        let writer = try SegmentWriter(path: path, blockEntries: blockEntries, chunkEntries: chunkEntries)
        for object in objects { try writer.add(object) }
        _ = try writer.finish()
        return try SegmentReader(path: path)
    }

    func testEveryEntryComesBackWithItsSizeAndDate() throws {
        let objects = Self.objects(500)
        let reader = try write(objects)
        var read: [ObjectSummary] = []
        try reader.eachMatch(IndexQuery(runs: []) { _ in true }, required: []) { read += $0 }
        XCTAssertEqual(reader.entryCount, 500)
        XCTAssertEqual(read.map(\.name), objects.map(\.name))
        XCTAssertEqual(read.map(\.bytes), objects.map(\.bytes))
        XCTAssertEqual(read.map(\.lastModified), objects.map(\.lastModified))
    }

    /// A date a hair before the next second stays in its second, as a listing shows it.
    func testADateKeepsItsSecond() throws {
        let late = Date(timeIntervalSince1970: 1_700_000_011.999870)
        let reader = try write([ObjectSummary(name: "a", bytes: 1, contentType: "", lastModified: late)])
        var read: [ObjectSummary] = []
        try reader.eachMatch(IndexQuery(runs: []) { _ in true }, required: []) { read += $0 }
        let seconds = try XCTUnwrap(read.first?.lastModified).timeIntervalSince1970.rounded(.down)
        XCTAssertEqual(seconds, 1_700_000_011)
    }

    func testATrigramSearchFindsWhatAScanFinds() throws {
        let objects = Self.objects(700)
        let reader = try write(objects)
        for term in ["beach", "zür", "été", "PHOTO/", "-99", "ab/", "report/log", "nothing-here", "ab"] {
            let lowered = term.lowercased()
            var found: [String] = []
            let query = IndexQuery(runs: [lowered]) { $0.name.lowercased().contains(lowered) }
            try reader.eachMatch(query, required: query.trigrams(prefix: "")) { found += $0.map(\.name) }
            var scanned: [String] = []
            try reader.eachMatch(query, required: []) { scanned += $0.map(\.name) }
            XCTAssertEqual(scanned, found, "the trigrams rule out only blocks without a match")
            XCTAssertEqual(found, objects.map(\.name).filter { $0.lowercased().contains(lowered) }, term)
        }
    }

    func testARareTermReadsFewBlocks() throws {
        let objects = Self.objects(2000)
        _ = try write(objects, blockEntries: 16, chunkEntries: 4096)
        let reader = try SegmentReader(path: folder + "/test.seg")
        var blocks = 0
        var all = 0
        let target = objects[1234].name.lowercased()
        try reader.eachMatch(
            IndexQuery(
                runs: [],
                facts: { _, _ in
                    blocks += 1
                    return false
                }
            ) { _ in false }, required: Trigrams.required(by: [target])
        ) { _ in }
        try reader.eachMatch(
            IndexQuery(
                runs: [],
                facts: { _, _ in
                    all += 1
                    return false
                }
            ) { _ in false }, required: []
        ) { _ in }
        XCTAssertEqual(all, 2000)
        XCTAssertLessThan(blocks, all / 10, "a whole name's trigrams should rule out most blocks")
    }

    /// A search by size or date decodes only blocks whose sizes and dates allow a match,
    /// and finds what a scan of every name finds.
    func testSizeAndDateBoundsSkipBlocksThatCannotMatch() throws {
        let objects = Self.objects(2000)
        let reader = try write(objects, blockEntries: 16, chunkEntries: 512)
        let cut = Date(timeIntervalSince1970: 1_700_001_900)
        let cases: [(String, (Int64, Date?) -> Bool, @Sendable (BlockFacts) -> Bool)] = [
            ("larger", { bytes, _ in bytes > 70_000 }, { $0.largest > 70_000 }),
            ("smaller", { bytes, _ in bytes < 370 }, { $0.smallest < 370 }),
            ("newer", { _, date in date.map { $0 > cut } ?? false }, { $0.latest.map { $0 > cut } ?? false }),
            (
                "older", { _, date in date.map { $0 < Date(timeIntervalSince1970: 1_700_000_010) } ?? false },
                { $0.earliest.map { $0 < Date(timeIntervalSince1970: 1_700_000_010) } ?? false }
            ),
        ]
        for (label, facts, blocks) in cases {
            var decoded = 0
            var found: [String] = []
            let query = IndexQuery(
                runs: [],
                facts: {
                    decoded += 1
                    return facts($0, $1)
                }, blocks: blocks
            ) { _ in true }
            try reader.eachMatch(query, required: []) { found += $0.map(\.name) }
            XCTAssertEqual(found, objects.filter { facts($0.bytes, $0.lastModified) }.map(\.name), label)
            XCTAssertFalse(found.isEmpty, label)
            XCTAssertLessThan(decoded, 200, "\(label): the blocks' sizes and dates rule out most")
        }
    }

    func testATruncatedSegmentIsDamagedNotACrash() throws {
        _ = try write(Self.objects(100))
        let path = folder + "/test.seg"
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        try data.prefix(data.count - 3).write(to: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try SegmentReader(path: path))
        try Data(repeating: 0, count: 10).write(to: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try SegmentReader(path: path))
    }
}
