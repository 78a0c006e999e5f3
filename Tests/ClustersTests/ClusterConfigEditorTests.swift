import Clusters
import Foundation
import XCTest

/// `cluster add` and `cluster rm` change one section and no other byte of the file.
final class ClusterConfigEditorTests: XCTestCase {
    let text =
        "# mine\n[cluster a]\ntype = file\npath = /a\n\n; b is the backup\n[cluster b]\ntype=file\npath = /b\n\n[cluster c]\ntype = file\npath = /c"

    func testReplacingASectionKeepsTheCommentsOfTheNext() {
        let section = ClusterConfigEditor.section("a", [("type", "file"), ("path", "/new")])
        XCTAssertEqual(
            ClusterConfigEditor.setting("a", to: section, in: text),
            "# mine\n[cluster a]\ntype = file\npath = /new\n\n; b is the backup\n[cluster b]\ntype=file\npath = /b\n\n[cluster c]\ntype = file\npath = /c"
        )
    }

    func testAddingAndRemovingAtTheEnd() {
        let section = ClusterConfigEditor.section("d", [("type", "file"), ("path", "/d")])
        let added = ClusterConfigEditor.setting("d", to: section, in: text)
        XCTAssertEqual(added, text + "\n\n[cluster d]\ntype = file\npath = /d\n")
        XCTAssertEqual(ClusterConfigEditor.removing("d", from: added), text + "\n")
        XCTAssertEqual(ClusterConfigEditor.setting("d", to: section, in: ""), section)
        XCTAssertEqual(ClusterConfigEditor.removing("d", from: "# x\n" + section), "# x\n")
    }

    func testRemovingAMiddleSection() {
        XCTAssertEqual(
            ClusterConfigEditor.removing("b", from: text),
            "# mine\n[cluster a]\ntype = file\npath = /a\n\n; b is the backup\n[cluster c]\ntype = file\npath = /c")
        XCTAssertNil(ClusterConfigEditor.removing("zz", from: text))
    }

    func testTheFileIsWrittenWithMode0600() throws {
        let folder = NSTemporaryDirectory() + "objsh-editor-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try ClusterConfigEditor.write("x\n", to: folder + "/objsh/config")
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: folder + "/objsh/config")[.posixPermissions] as? Int, 0o600)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder + "/objsh"), ["config"])
    }
}
