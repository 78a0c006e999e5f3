import Foundation
import XCTest

/// `cat` of binary data at a terminal writes none of it and says why in one line; in a
/// pipe, and with `--raw`, every byte goes out as stored; text at a terminal is escaped.
final class CatBinaryTests: XCTestCase {
    private var home = ""

    override func setUp() async throws {
        home = NSTemporaryDirectory() + "objsh-cat-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: home + "/store/box", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: home + "/config/objsh", withIntermediateDirectories: true)
        try Data("[cluster files]\ntype = file\npath = \(home)/store\n".utf8).write(to: URL(fileURLWithPath: home + "/config/objsh/config"))
    }

    override func tearDown() async throws {
        try? FileManager.default.removeItem(atPath: home)
    }

    func testBinaryDataIsNotWrittenToATerminalButIsToAPipe() throws {
        let image = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D] + (0..<3_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        try image.write(to: URL(fileURLWithPath: home + "/store/box/image.png"))
        try Data("red \u{1B}[31mtext\n".utf8).write(to: URL(fileURLWithPath: home + "/store/box/note.txt"))

        let refused = try run("cat /box/image.png", terminal: true)
        XCTAssertEqual(refused.status, 1)
        XCTAssertEqual(refused.output, Data(), "nothing of the image reached the terminal")
        let line = String(decoding: refused.errors, as: UTF8.self)
        XCTAssertTrue(line.contains("cat: image.png holds binary data (image/png, 2.9 KiB), not written to the terminal: get it, or"), line)
        XCTAssertEqual(line.split(separator: "\n").count, 1, line)

        XCTAssertEqual(try run("cat /box/image.png", terminal: false).output, image, "a pipe gets every byte")
        XCTAssertEqual(try run("cat --raw /box/image.png", terminal: true).output, image, "--raw writes it at a terminal")
        let text = try run("cat /box/note.txt", terminal: true)
        XCTAssertEqual(text.status, 0)
        XCTAssertEqual(String(decoding: text.output, as: UTF8.self), "red ^[[31mtext\n", "text is escaped, not refused")
    }

    private func run(_ line: String, terminal: Bool) throws -> RawRun {
        try RawRun.run(
            ["-q", "--cluster", "files", "-c", line], environment: ObjshRun.environment(home: home, server: try ObjshRun.server()), terminal: terminal
        )
    }
}
