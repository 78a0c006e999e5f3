import FaultProxyHarness
import Foundation
import XCTest

/// Hostile answers of the second round: an S3 listing of empty pages with fresh tokens,
/// a header block of 10 MB, and a download whose `Content-Length` lies either way.
extension HostileAnswerTests {
    func testAnS3ListingOfEmptyPagesWithFreshTokensEndsAtTheBound() throws {
        try seedBucket()
        let proxy = try FaultProxy(upstreamPort: try motoPort(), faults: .on(Array(repeating: ("empty-pages", "GET /\(bucket)?"), count: 150)))
        let run = try measured(proxy, s3: "ls /\(bucket)")
        expectOneLineError(run, "the listing of \(bucket) does not advance past its first page", case: "S3 empty pages, fresh tokens")
        let pages = proxy.log.filter { $0.contains("GET /\(bucket)?") }.count
        XCTAssertEqual(pages, 100, "the bound, then no more: \(pages)")
    }

    func testAHeaderBlockOf10MBIsAnError() throws {
        try ServerByHand.seed(Self.seeded, count: 5_000, flat: true)
        try seedBucket()
        let swift = try FaultProxy(faults: .on([("huge-headers", "GET /v1/AUTH_test/\(Self.seeded)?")]))
        expectOneLineError(try measured(swift, swift: "ls /\(Self.seeded)"), "header", case: "Swift 10 MB headers")
        let s3 = try FaultProxy(upstreamPort: try motoPort(), faults: .on([("huge-headers", "GET /\(bucket)?")]))
        expectOneLineError(try measured(s3, s3: "ls /\(bucket)"), "header", case: "S3 10 MB headers")
    }

    func testADownloadWhoseContentLengthLiesLeavesNoFileAtTheName() throws {
        try ServerByHand.seed(Self.seeded, count: 5_000, flat: true)
        try seedBucket()
        for kind in ["short-body", "long-body"] {
            let swiftTarget = home + "/swift-\(kind)"
            let object = "GET /v1/AUTH_test/\(Self.seeded)/o000001.txt"
            let swift = try FaultProxy(faults: .on(Array(repeating: (kind, object), count: 10)))
            let swiftRun = try measured(swift, swift: "get /\(Self.seeded)/o000001.txt \(swiftTarget)")
            expectOneLineError(swiftRun, "bytes (Content-Length) of a range of 9 (bytes 0-8/9)", case: "Swift get, \(kind)")
            expectNothingAt(swiftTarget)
            let s3Target = home + "/s3-\(kind)"
            let s3 = try FaultProxy(upstreamPort: try motoPort(), faults: .on(Array(repeating: (kind, "GET /\(bucket)/nine"), count: 10)))
            // moto keeps no bytes of curl's unsigned PUT: objsh puts the object, through the proxy.
            FileManager.default.createFile(atPath: home + "/nine", contents: Data("123456789".utf8))
            XCTAssertEqual(try measured(s3, s3: "cd /\(bucket); upload \(home)/nine").run.status, 0)
            let s3Run = try measured(s3, s3: "get /\(bucket)/nine \(s3Target)")
            expectOneLineError(s3Run, "bytes (Content-Length) of a range of 9 (bytes 0-8/9)", case: "S3 get, \(kind)")
            expectNothingAt(s3Target)
        }
    }

    /// No file at `target`, only objsh's partial beside it (`.NAME.TAG.objsh-partial`, for resuming).
    func expectNothingAt(_ target: String, file: StaticString = #filePath, line: UInt = #line) {
        let base = (target as NSString).lastPathComponent
        let beside = (try? FileManager.default.contentsOfDirectory(atPath: (target as NSString).deletingLastPathComponent)) ?? []
        for name in beside where name.contains(base) {
            XCTAssertTrue(name.hasPrefix("." + base + ".") && name.hasSuffix(".objsh-partial"), name, file: file, line: line)
        }
    }
}
