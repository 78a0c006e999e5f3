import Foundation
import XCTest

/// `ls -R` at the root of an account lists several containers at once; what it prints
/// is exactly each container's own `ls -R`, one container after the other.
final class TreeListingTests: XCTestCase {
    private var home = ""

    override func setUp() async throws {
        home = NSTemporaryDirectory() + "objsh-tree-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
    }

    override func tearDown() async throws {
        try? FileManager.default.removeItem(atPath: home)
    }

    /// The second test account (its own containers, so the root holds only what a test put there).
    func secondUser() throws -> (name: String, key: String) {
        _ = try ObjshRun.server()
        guard let name = ObjshRun.environment["OBJSH_TEST_SWIFT_USER2"], let key = ObjshRun.environment["OBJSH_TEST_SWIFT_KEY2"] else {
            throw XCTSkip("no second Swift account: OBJSH_TEST_SWIFT_USER2/_KEY2 are unset; run the README's test command")
        }
        return (name, key)
    }

    func objsh(_ script: String, as user: (name: String, key: String)) throws -> ObjshRun {
        let run = try ObjshRun.run(
            ["-q", "--cluster", "env", "-c", script], home: home,
            extraEnvironment: ["ST_USER": user.name, "ST_KEY": user.key])
        XCTAssertEqual(run.status, 0, run.errors)
        return run
    }

    /// The `path` of every JSON Lines record, in order.
    func paths(_ output: String) throws -> [String] {
        try output.split(separator: "\n").map { line in
            let record = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            return try XCTUnwrap(record?["path"] as? String, String(line))
        }
    }

    func testTheRootEqualsEveryContainerListedInTurn() throws {
        let user = try secondUser()
        // Sizes that end while others still list, a flat and a nested layout (two pseudo-folders
        // in tree-a), UTF-8 names, an empty container. Small: bulk seeding runs ~60 objects/s here.
        try ServerByHand.seed("tree-a", count: 1_100, user: user)
        try ServerByHand.seed("tree-b été", count: 200, flat: true, user: user)
        try ServerByHand.seed("tree-c 日本", count: 40, user: user)
        try ServerByHand.seed("tree-d", count: 0, user: user)
        try ServerByHand.seed("tree-e", count: 100, flat: true, user: user)
        // `ls` at the root prints each container as a folder, `NAME/`.
        let containers = try objsh("ls", as: user).output.split(separator: "\n").map { String($0.dropLast()) }
        XCTAssertTrue(Set(["tree-a", "tree-b été", "tree-c 日本", "tree-d", "tree-e"]).isSubset(of: containers), "\(containers)")

        let oneByOne = try paths(objsh(containers.map { "ls -R --json \"\($0)\"" }.joined(separator: "\n"), as: user).output)
        let atOnce = try paths(objsh("ls -R --json", as: user).output)
        XCTAssertGreaterThanOrEqual(oneByOne.count, 1_440)
        XCTAssertEqual(atOnce, oneByOne, "the same objects, in the same order, none twice")
        XCTAssertEqual(atOnce, atOnce.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }, "byte order")

        let plain = try objsh("ls -R", as: user).output.split(separator: "\n").map(String.init)
        XCTAssertEqual(plain, oneByOne.map { String($0.dropFirst()) }, "plain lines are the paths from the root")
        let long = try objsh("ls -lR", as: user).output.split(separator: "\n")
        XCTAssertEqual(long.count, oneByOne.count)
        XCTAssertTrue(long.allSatisfy { $0.hasSuffix(".txt") }, "every long line ends in its object's name")
    }
}
