import FaultProxyHarness
import Foundation
import XCTest

/// Two real jobs on the Swift server draw from the one connection budget: with
/// `OBJSH_CONNECTIONS=2`, `get -r a &` and `get -r b &` run at once, the proxy in front of
/// the server never sees more than two object reads in flight together, and both land
/// verified.
final class JobBudgetTests: XCTestCase {
    private var home = ""
    private let container = "budget" + String(UInt32.random(in: 0...UInt32.max), radix: 36)

    override func setUp() async throws {
        home = NSTemporaryDirectory() + "objsh-budget-" + UUID().uuidString
        for folder in ["src/a", "src/b", "down"] {
            try FileManager.default.createDirectory(atPath: home + "/" + folder, withIntermediateDirectories: true)
        }
    }

    override func tearDown() async throws {
        _ = try? ObjshRun.run(["-q", "--cluster", "env", "-c", "rm -r -f /\(container)"], home: home)
        try? FileManager.default.removeItem(atPath: home)
    }

    func testTwoJobsTogetherStayWithinTheBudget() throws {
        // 40 objects of 128 KiB a folder: each get -r asks for 32 reads at once (its width), and
        // the budget serves them in turn, so a's last 8 queue behind b's first: the two interleave.
        for folder in ["a", "b"] {
            for index in 0..<40 {
                let bytes = Data((0..<(128 << 10)).map { UInt8(truncatingIfNeeded: $0 &* (index + 3) &+ folder.count) })
                try bytes.write(to: URL(fileURLWithPath: home + "/src/\(folder)/\(index).bin"))
            }
        }
        let seeded = try ObjshRun.run(
            ["-q", "--cluster", "env", "-c", "mkdir \(container)\ncd /\(container)\nupload \(home)/src/a\nupload \(home)/src/b"], home: home)
        XCTAssertEqual(seeded.status, 0, seeded.errors)

        // Object reads of the container (its listings are GET /v1/ACCOUNT/CONTAINER?…, not counted).
        let proxy = try FaultProxy(
            upstreamPort: try FaultProxy.upstreamPort(), faults: .random(share: 0, seed: 1, kinds: []), counting: "GET /v1/*/\(container)/")
        let script = "lcd \(home)/down\nget -r /\(container)/a &\nget -r /\(container)/b &\njobs\nwait"
        let run = try ObjshRun.run(
            ["-q", "--cluster", "faulty", "-c", script], config: try proxy.config(readTimeout: 30), home: home,
            // Each chunk read waits 20 ms, so job a is still reading when job b starts (under
            // load job a once finished first, and the jobs never ran together).
            extraEnvironment: ["OBJSH_CONNECTIONS": "2", "OBJSH_TEST_READ_DELAY_MS": "20"])
        XCTAssertEqual(run.status, 0, run.errors)
        XCTAssertTrue(run.errors.contains("[1] done  get -r /\(container)/a  "), run.errors)
        XCTAssertTrue(run.errors.contains("[2] done  get -r /\(container)/b  "), run.errors)

        // Both were running when `jobs` looked (job a reads for seconds): the budget's
        // queue, first come first served, then hands their reads out two at a time.
        XCTAssertTrue(run.output.contains("[1] running  get -r /\(container)/a"), run.output)
        XCTAssertTrue(run.output.contains("[2] running  get -r /\(container)/b"), run.output)
        let reads = proxy.log.filter { $0.contains(" GET ") && $0.contains("/\(container)/") }
        XCTAssertEqual(reads.count, 80, reads.joined(separator: "\n"))
        let peak = proxy.peakInFlight
        print("figure: two get -r jobs of 40 objects, budget 2: at most \(peak) object reads in flight at once")
        XCTAssertEqual(peak, 2, "the budget is used whole")
        XCTAssertLessThanOrEqual(peak, 2, "together they never exceed the budget")
        for folder in ["a", "b"] {
            for index in 0..<40 {
                let name = "/\(folder)/\(index).bin"
                XCTAssertTrue(FileManager.default.contentsEqual(atPath: home + "/src" + name, andPath: home + "/down" + name), name)
            }
        }
    }
}
