import Foundation
import XCTest

/// The one golden-file check of the test suites: text a test made against a file
/// checked in beside it. With `OBJSH_RECORD_GOLDENS=1` the file is written instead and
/// the check fails, so a new baseline never passes silently: look at the change, then
/// run again without the variable.
public enum GoldenFile {
    /// The environment variable that records goldens instead of comparing with them.
    public static let recordVariable = "OBJSH_RECORD_GOLDENS"

    /// Whether this run records goldens.
    public static var isRecording: Bool { ProcessInfo.processInfo.environment[recordVariable] == "1" }

    /// The folder `name` beside the source file `source` (a test's `#filePath`).
    public static func folder(_ name: String, besideSource source: String) -> URL {
        URL(fileURLWithPath: source).deletingLastPathComponent().appendingPathComponent(name)
    }

    /// Fails unless `actual` is the content of `NAME.txt` in `folder`; records it instead
    /// (and fails) while recording.
    public static func assertMatches(
        _ actual: String, named name: String, in folder: URL,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        let path = folder.appendingPathComponent(name + ".txt").path
        if isRecording {
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try actual.write(toFile: path, atomically: true, encoding: .utf8)
                XCTFail("recorded \(name).txt; check it and run again without \(recordVariable)", file: file, line: line)
            } catch {
                XCTFail("cannot record \(path): \(error)", file: file, line: line)
            }
            return
        }
        guard let expected = try? String(contentsOfFile: path, encoding: .utf8) else {
            return XCTFail("no golden \(name).txt; record it with \(recordVariable)=1", file: file, line: line)
        }
        if expected != actual {
            XCTFail("\(name).txt differs; \(firstDifference(expected, actual))\nwhole output:\n\(actual)", file: file, line: line)
        }
    }

    /// Where two texts first differ, line by line.
    static func firstDifference(_ expected: String, _ actual: String) -> String {
        let want = expected.components(separatedBy: "\n")
        let got = actual.components(separatedBy: "\n")
        guard let index = (0..<max(want.count, got.count)).first(where: { want.at($0) != got.at($0) }) else { return "no difference" }
        return "first difference at line \(index + 1):\n  expected: \(want.at(index) ?? "<none>")\n  actual:   \(got.at(index) ?? "<none>")"
    }
}

extension Array {
    fileprivate func at(_ index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
