import Foundation
import XCTest

/// The CI share of `scripts/soak` (its 10,000 commands run from there): one session at a
/// terminal, every kind of command of the soak once and then a seeded mix, through a
/// proxy that resets 1% of the connections. Descriptors, threads and memory hold still
/// between the two samples, and no upload buffer stays with NIO (none from malloc).
final class SoakTests: XCTestCase {
    func testALongSessionHoldsItsMemoryDescriptorsAndUploadBuffers() throws {
        let run = try WritingFaultTests.script("soak", ["--commands", "50", "--sample-at", "38", "--idle-connections", "0"])
        XCTAssertEqual(run.status, 0, run.output)
        XCTAssertTrue(run.output.contains(", 0 from malloc after waiting"), run.output)
        XCTAssertTrue(run.output.hasSuffix("growth within 10% and no buffer from malloc: yes\n"), run.output)
    }
}
