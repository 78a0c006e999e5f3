import Rendering
import XCTest

final class ByteCountTextTests: XCTestCase {
    func testFormatTable() {
        let cases: [(Int64, String)] = [
            (0, "0 B"),
            (1, "1 B"),
            (999, "999 B"),
            (1023, "1023 B"),
            (1024, "1.0 KiB"),
            (1536, "1.5 KiB"),
            (1126, "1.1 KiB"),
            (10 * 1024 - 1, "10.0 KiB"),
            (1024 * 1024 - 1, "1.0 MiB"),
            (1024 * 1024, "1.0 MiB"),
            (12_897_485, "12.3 MiB"),
            (4 * 1024 * 1024 * 1024, "4.0 GiB"),
            (5 * 1024 * 1024 * 1024 * 1024, "5.0 TiB"),
            (Int64.max, "8.0 EiB"),
            (-1536, "-1.5 KiB"),
            (Int64.min, "-8.0 EiB"),
        ]
        for (bytes, expected) in cases {
            XCTAssertEqual(ByteCountText.format(bytes), expected, "bytes: \(bytes)")
        }
    }
}
