import Foundation
import Storage
import Transfers
import XCTest

@testable import ShellCore

/// A local path: absolute for the file system, named in messages as it was typed.
@MainActor
final class LocalPathTests: XCTestCase {
    func testARelativePathGoesBelowTheFolderAndAnAbsoluteOneStays() async {
        let relative = LocalPath(typed: "d/x", in: "/work/here")
        XCTAssertEqual(relative.text, "d/x")
        XCTAssertEqual(relative.absolute, "/work/here/d/x")
        XCTAssertEqual(LocalPath(typed: "x", in: "/").absolute, "/x")
        let absolute = LocalPath(typed: "/tmp/x", in: "/work/here")
        XCTAssertEqual(absolute.absolute, "/tmp/x")
        XCTAssertEqual(LocalPath(typed: "", in: "/work/here").absolute, "", "an empty path names no file")
    }

    func testTildeExpandsWhenTypedNotInADefaultName() async {
        let home = ("~/x" as NSString).expandingTildeInPath
        XCTAssertEqual(LocalPath(typed: "~/x", in: "/work").text, home)
        XCTAssertEqual(LocalPath(typed: "~/x", in: "/work").absolute, home)
        XCTAssertEqual(LocalPath(literal: "~", in: "/work").absolute, "/work/~")
    }

    func testPathsBelowOrBesideARelativePathAreNamedWithoutTheFolder() async {
        let path = LocalPath(typed: "d/x", in: "/work/here").appending("/y")
        XCTAssertEqual(path.text, "d/x/y")
        XCTAssertEqual(path.absolute, "/work/here/d/x/y")
        XCTAssertEqual(path.named("/work/here/d/.x.1a2b3c.objsh-partial"), "d/.x.1a2b3c.objsh-partial")
        XCTAssertEqual(LocalPath(typed: "x", in: "/").named("/.x.part"), ".x.part")
        XCTAssertEqual(LocalPath(typed: "/work/here/x", in: "/work/here").named("/work/here/x"), "/work/here/x")
    }

    func testErrorsNameTheirLocalPathsAsTyped() async {
        let path = LocalPath(typed: "x", in: "/work")
        XCTAssertEqual(path.naming(TransferError.exists("/work/x")) as? TransferError, .exists("x"))
        XCTAssertEqual(
            path.naming(TransferError.local(path: "/work/x/a", problem: .cannotMakeFolder)) as? TransferError,
            .local(path: "x/a", problem: .cannotMakeFolder))
        XCTAssertEqual(
            path.naming(StorageError.unreadableFile(path: "/work/x", problem: .system(ENOENT))) as? StorageError,
            .unreadableFile(path: "x", problem: .system(ENOENT)))
        // The object's name comes first and may look like a path: only the file it was kept in is renamed.
        let interrupted = TransferError.interrupted(
            .download(name: "/work/x", kept: 3, of: 9, partial: "/work/.x.1a.objsh-partial", inRanges: false))
        XCTAssertEqual(
            ErrorReport(path.naming(interrupted)).message,
            "interrupted: 3 of 9 bytes of /work/x kept in .x.1a.objsh-partial; run the same get again to go on")
        XCTAssertEqual(path.naming(StorageError.cancelled) as? StorageError, .cancelled)
    }
}
