import Foundation
import GoldenFiles
import Rendering
import XCTest

/// Compares rendered screens with the files in `Goldens/`.
///
/// Set `OBJSH_RECORD_GOLDENS=1` to rewrite the files in the source tree; the tests then
/// fail on purpose so a new baseline is never accepted without a look and a second run
/// (see `GoldenFile`).
final class GoldenLayoutTests: XCTestCase {
    static let height = 8
    static let widths = [40, 80, 132]

    func testBrowseGoldens() { checkGoldens(for: "browse") }
    func testInfoGoldens() { checkGoldens(for: "info") }
    func testSearchGoldens() { checkGoldens(for: "search") }
    func testRootGoldens() { checkGoldens(for: "root") }
    func testNothingImportantIsCut() { checkGoldens(for: "long") }
    func testPreviewGoldens() { checkGoldens(for: "preview") }

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
        GoldenFile.assertMatches(actual, named: name, in: GoldenFile.folder("Goldens", besideSource: #filePath), file: file, line: line)
    }
}
