import Foundation
import Rendering
import XCTest

/// Compares rendered screens with the files in `Goldens/`.
///
/// Set `OBJSH_RECORD_GOLDENS=1` to rewrite the files in the source tree; the tests then
/// fail on purpose so a new baseline is never accepted without a look and a second run.
final class GoldenLayoutTests: XCTestCase {
    static let height = 8
    static let widths = [40, 80, 132]

    func testBrowseGoldens() { checkGoldens(for: "browse") }
    func testInfoGoldens() { checkGoldens(for: "info") }
    func testSearchGoldens() { checkGoldens(for: "search") }
    func testRootGoldens() { checkGoldens(for: "root") }
    func testNothingImportantIsCut() { checkGoldens(for: "long") }

    private func checkGoldens(for name: String, file: StaticString = #filePath, line: UInt = #line) {
        guard let screen = SampleScreens.all.first(where: { $0.name == name })?.screen else {
            return XCTFail("no sample screen named \(name)", file: file, line: line)
        }
        for width in Self.widths {
            let lines = ScreenRenderer.render(screen, options: RenderOptions(width: width, height: Self.height))
            assertGolden(lines, named: "\(name)-\(width)", file: file, line: line)
        }
    }

    private func assertGolden(_ lines: [String], named name: String, file: StaticString, line: UInt) {
        let actual = lines.joined(separator: "\n") + "\n"
        if ProcessInfo.processInfo.environment["OBJSH_RECORD_GOLDENS"] == "1" {
            let url = Self.sourceGoldens.appendingPathComponent("\(name).txt")
            do {
                try actual.write(to: url, atomically: true, encoding: .utf8)
                XCTFail("recorded golden \(url.path); unset OBJSH_RECORD_GOLDENS and rerun", file: file, line: line)
            } catch {
                XCTFail("cannot record golden \(url.path): \(error)", file: file, line: line)
            }
            return
        }
        guard let url = Bundle.module.url(forResource: name, withExtension: "txt", subdirectory: "Goldens"),
              let expected = try? String(contentsOf: url, encoding: .utf8)
        else {
            return XCTFail("missing golden \(name).txt; record with OBJSH_RECORD_GOLDENS=1", file: file, line: line)
        }
        if actual == expected { return }
        let actualLines = actual.components(separatedBy: "\n")
        let expectedLines = expected.components(separatedBy: "\n")
        var report = "golden \(name) differs:"
        for index in 0..<max(actualLines.count, expectedLines.count) {
            let got = index < actualLines.count ? actualLines[index] : "<none>"
            let want = index < expectedLines.count ? expectedLines[index] : "<none>"
            if got != want { report += "\n  line \(index + 1)\n    want: \(want)\n    got:  \(got)" }
        }
        XCTFail(report, file: file, line: line)
    }

    /// The checked-in `Goldens` folder, found from this file's location.
    private static var sourceGoldens: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")
    }
}
