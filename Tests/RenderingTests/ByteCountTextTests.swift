import Rendering
import XCTest

final class ByteCountTextTests: XCTestCase {
    func testFormatTable() {
        let cases: [(Int64, String)] = [
            (0, "0 B"),
            (1, "1 B"),
            (999, "999 B"),
            (1023, "1023 B"),
            (1024, "1.0 KB"),
            (1536, "1.5 KB"),
            (1126, "1.1 KB"),
            (10 * 1024 - 1, "10.0 KB"),
            (1024 * 1024 - 1, "1.0 MB"),
            (1024 * 1024, "1.0 MB"),
            (12_897_485, "12.3 MB"),
            (4 * 1024 * 1024 * 1024, "4.0 GB"),
            (5 * 1024 * 1024 * 1024 * 1024, "5.0 TB"),
            (Int64.max, "8.0 EB"),
            (-1536, "-1.5 KB"),
            (Int64.min, "-8.0 EB"),
        ]
        for (bytes, expected) in cases {
            XCTAssertEqual(ByteCountText.format(bytes), expected, "bytes: \(bytes)")
        }
    }
}
