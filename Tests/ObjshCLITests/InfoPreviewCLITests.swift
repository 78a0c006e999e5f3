import Foundation
import XCTest

/// The preview in an object's info pane, as a script's panes print it: a text object's
/// first lines (a hostile one escaped), a media type's words, and no preview with `-q`.
extension ObjshCLITests {
    func testInfoPanesPreviewTheirObjects() throws {
        let store = home + "/previews"
        try FileManager.default.createDirectory(atPath: store + "/c", withIntermediateDirectories: true)
        let hostile = Array("title\u{1B}]0;pwned\u{07}\n\u{1B}[2J\u{1B}[31mred\u{1B}[0m\r\n\tindented\n".utf8) + [0xC3, 0x28, 0xFF, 0x0A]
        try Data(hostile).write(to: URL(fileURLWithPath: store + "/c/hostile.txt"))
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0xFF]).write(to: URL(fileURLWithPath: store + "/c/data.bin"))
        for name in ["hostile.txt", "data.bin"] {
            // The fixed date of the sample store, so the facts are the same on every run.
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_717_243_200)], ofItemAtPath: store + "/c/" + name)
        }
        try checkGolden(
            "info-preview",
            [
                .init(arguments: ["sample:/photos/2024", "-c", "cd README.txt"]),
                .init(arguments: ["sample:/photos", "-c", "info cover.png"]),
                .init(arguments: ["sample:/documents", "-q", "-c", "info notes.md"]),
                .init(arguments: ["--cluster", store, "/c", "-c", "info hostile.txt; info data.bin"]),
            ])
        let run = try objsh(["--cluster", store, "/c", "-c", "info hostile.txt"])
        XCTAssertFalse(run.stdout.contains("\u{1B}"), "an escape sequence reached the output:\n\(run.stdout)")
        XCTAssertTrue(run.stdout.contains("┊ ^[[2J^[[31mred^[[0m"), run.stdout)
    }
}
