import FaultProxyHarness
import Foundation
import XCTest

/// Each operation, run again and again through a proxy that faults 10% of its requests
/// (500, 503, 401, resets before and during the answer, cut bodies; stalls in a row of
/// their own): it must end exact or with a clear error that left nothing under the
/// final name, never wrong. Prints the table the reliability issue asks for;
/// OBJSH_FAULT_RUNS=N sets the runs per row (2 in CI).
final class FaultMatrixTests: XCTestCase {
    static let listed = FaultInjectionTests.seeded
    private var home = ""
    private var fixtures = ""
    private let container = "objsh-faultmatrix-" + UUID().uuidString.prefix(8)

    enum Outcome: Equatable {
        case exact, clearError
        case wrong(String)
    }

    struct Row {
        let name: String
        let kinds: [String]
        let run: (_ attempt: Int, _ proxy: FaultProxy) throws -> Outcome
    }

    override func setUp() async throws {
        home = NSTemporaryDirectory() + "objsh-faultmatrix-" + UUID().uuidString
        fixtures = home + "/fixtures"
        try FileManager.default.createDirectory(atPath: fixtures, withIntermediateDirectories: true)
        _ = try ObjshRun.server()
        try ServerByHand.seed(Self.listed, count: 5_000, flat: true)
    }

    override func tearDown() async throws {
        _ = try? ObjshRun.run(["-q", "--cluster", "env", "-c", "rm -r -f /\(container)\nrm -r -f /\(container)_segments"], home: home)
        try? FileManager.default.removeItem(atPath: home)
    }

    func testTenPercentFaultsEndExactOrInAClearError() throws {
        let runs = ProcessInfo.processInfo.environment["OBJSH_FAULT_RUNS"].flatMap(Int.init) ?? 2
        let (small, large) = try uploadFixtures()
        let rows = [
            listing(), search(), upload("upload 6 MB", small), upload("upload 20 MB SLO", large),
            get("get 6 MB", small), get("get 20 MB SLO", large), stalledListing(),
        ]
        var table = ["| fault kinds × operation | runs | exact | clear error | wrong |", "| --- | --- | --- | --- | --- |"]
        for (index, row) in rows.enumerated() {
            // Without faults each row must end exact, so a broken row cannot pass as "clear errors".
            let control = try FaultProxy(faults: .random(share: 0, seed: 0, kinds: row.kinds))
            XCTAssertEqual(try row.run(-1, control), .exact, "\(row.name) without faults")
            var counts = (exact: 0, clear: 0, wrong: 0)
            for attempt in 0..<runs {
                let proxy = try FaultProxy(faults: .random(share: 0.1, seed: 1_000 * index + attempt, kinds: row.kinds))
                switch try row.run(attempt, proxy) {
                case .exact: counts.exact += 1
                case .clearError: counts.clear += 1
                case .wrong(let why):
                    counts.wrong += 1
                    XCTFail("\(row.name), run \(attempt): \(why); faults \(proxy.injected)")
                }
            }
            let kinds = row.kinds == FaultProxy.quickKinds ? "10% mixed" : "10% " + row.kinds.joined(separator: ",")
            table.append("| \(kinds) × \(row.name) | \(runs) | \(counts.exact) | \(counts.clear) | \(counts.wrong) |")
        }
        print("fault matrix:\n" + table.joined(separator: "\n"))
    }

    // MARK: - Rows

    private func listing() -> Row {
        Row(name: "ls 5,000 objects", kinds: FaultProxy.quickKinds) { _, proxy in
            let run = try self.objsh(proxy, "cd \(Self.listed)\nls")
            return Self.judge(run, expected: Self.listedNames)
        }
    }

    private func search() -> Row {
        Row(name: "search (500 of 5,000)", kinds: FaultProxy.quickKinds) { _, proxy in
            let run = try self.objsh(proxy, "search --in /\(Self.listed) o001*")
            let expected = Self.listedNames.split(separator: "\n").filter { $0.hasPrefix("o001") }.map { "\(Self.listed)/\($0)\n" }.joined()
            return Self.judge(run, expected: expected)
        }
    }

    private func stalledListing() -> Row {
        Row(name: "ls 5,000 objects", kinds: ["stall"]) { _, proxy in
            let run = try self.objsh(proxy, "cd \(Self.listed)\nls", readTimeout: 1)
            return Self.judge(run, expected: Self.listedNames)
        }
    }

    private func upload(_ name: String, _ local: String) -> Row {
        Row(name: name, kinds: FaultProxy.quickKinds) { attempt, proxy in
            let remote = "\(self.container)/\(name.replacingOccurrences(of: " ", with: "-"))-\(attempt)"
            let run = try self.objsh(
                proxy, "cd /\(self.container)\nupload --segment-size \(Self.segmentSize(local)) \(local) \((remote as NSString).lastPathComponent)")
            let (status, body) = try ServerByHand.request("GET", remote)
            let wanted = try Data(contentsOf: URL(fileURLWithPath: local))
            if run.status == 0 {
                return status == 200 && body == wanted ? .exact : .wrong("the upload said done, the server has \(status), \(body.count) bytes")
            }
            guard Self.isClearError(run) else { return .wrong("unclear failure: \(run.errors)") }
            // A clear error may come after the object landed whole (its last answer was cut); never a part of it.
            return status == 404 || (status == 200 && body == wanted) ? .clearError : .wrong("after an error the server has \(status)")
        }
    }

    private func get(_ name: String, _ local: String) -> Row {
        Row(name: name, kinds: FaultProxy.quickKinds) { attempt, proxy in
            let target = self.home + "/down-\(UUID().uuidString)"
            let run = try self.objsh(proxy, "get /\(self.container)/\((local as NSString).lastPathComponent) \(target)")
            let wanted = try Data(contentsOf: URL(fileURLWithPath: local))
            let landed = FileManager.default.contents(atPath: target)
            if run.status == 0 { return landed == wanted ? .exact : .wrong("get said done, the file has \(landed?.count ?? -1) bytes") }
            guard Self.isClearError(run) else { return .wrong("unclear failure: \(run.errors)") }
            return landed == nil ? .clearError : .wrong("after an error a file is under the final name")
        }
    }

    // MARK: - Helpers

    static let listedNames = (0..<5_000).map { String(format: "o%06d.txt", $0) + "\n" }.joined()

    /// Exact output, or a non-zero status with a one-line `objsh:` error; else wrong.
    static func judge(_ run: ObjshRun, expected: String) -> Outcome {
        if run.status == 0 { return run.output == expected ? .exact : .wrong("status 0 but \(run.output.count) of \(expected.count) bytes") }
        return isClearError(run) ? .clearError : .wrong("unclear failure: \(run.errors)")
    }

    static func isClearError(_ run: ObjshRun) -> Bool {
        let lines = run.errors.split(separator: "\n").filter { $0.hasPrefix("objsh: ") }
        lines.forEach { print("  clear error: \($0)") }
        return run.status != 0 && !lines.isEmpty
    }

    /// Random files, uploaded once without faults: the plain object and the SLO to get.
    private func uploadFixtures() throws -> (small: String, large: String) {
        let small = fixtures + "/small.bin"
        let large = fixtures + "/large.bin"
        for (path, size) in [(small, 6 << 20), (large, 20 << 20)] {
            var bytes = [UInt8](repeating: 0, count: size)
            for index in bytes.indices where index % 4_096 == 0 { bytes[index] = UInt8.random(in: 0...255) }
            _ = FileManager.default.createFile(atPath: path, contents: Data(bytes) + Data(UUID().uuidString.utf8))
        }
        let script = "cd /\nmkdir \(container)\ncd /\(container)\nupload --segment-size 8M \(small)\nupload --segment-size 4M \(large)"
        let run = try ObjshRun.run(["-q", "--cluster", "env", "-c", script], home: home)
        XCTAssertEqual(run.status, 0, run.errors)
        return (small, large)
    }

    /// 8M keeps the 6 MB file one plain object (the server's max_file_size is 8 MiB + 2); 4M makes 20 MB an SLO.
    static func segmentSize(_ local: String) -> String {
        local.hasSuffix("small.bin") ? "8M" : "4M"
    }

    private func objsh(_ proxy: FaultProxy, _ script: String, readTimeout: Double = 5) throws -> ObjshRun {
        try proxy.objsh(script, home: home, readTimeout: readTimeout)
    }
}
