import Foundation
import XCTest

/// What a new user's set-up meets: a mistake in one cluster of the config file, and `~`.
extension ObjshCLITests {
    func testABadKeyInOneClusterLeavesTheOthersWorkingWithoutAUsageBlock() throws {
        try FileManager.default.createDirectory(atPath: home + "/config/objsh", withIntermediateDirectories: true)
        let file = home + "/config/objsh/config"
        try "[cluster s3test]\ntype = s3\nendpoint_url = http://127.0.0.1:9\naccess_key = a\nsecret_key = s\n"
            .write(toFile: file, atomically: true, encoding: .utf8)
        let warning =
            "objsh: warning: \(file):3: unknown key endpoint_url for a s3 cluster (did you mean endpoint?); "
            + "cluster s3test cannot be used until it is fixed\n"
        let local = try objsh(["-q", "-c", "pwd"])
        XCTAssertEqual(local.stdout, "/\n")
        XCTAssertEqual(local.stderr, warning)
        XCTAssertEqual(local.status, 0)
        let chosen = try objsh(["--cluster", "s3test", "-q", "-c", "pwd"])
        XCTAssertEqual(chosen.stdout, "")
        XCTAssertEqual(chosen.stderr, warning + "objsh: \(file):3: unknown key endpoint_url for a s3 cluster (did you mean endpoint?)\n")
        XCTAssertFalse(chosen.stderr.contains("Usage"), chosen.stderr)
        XCTAssertEqual(chosen.status, 64)
    }

    func testTildeIsHomeAsTheEnvironmentSaysForLcdAndUpload() throws {
        try FileManager.default.createDirectory(atPath: home + "/work", withIntermediateDirectories: true)
        try "w\n".write(toFile: home + "/work/w.txt", atomically: true, encoding: .utf8)
        let run = try objsh(["--cluster", "sample", "-q", "-c", "lcd ~/work; lpwd; cd documents; upload ~/work/w.txt; upload ~/work/*.txt tilde/"])
        let real = URL(fileURLWithPath: home + "/work").resolvingSymlinksInPath().path
        XCTAssertEqual(run.stderr, "")
        XCTAssertEqual(
            run.stdout, "\(real)\nuploaded w.txt (2 bytes, md5 b938b801a0bfbd5ca4825715039e7574)\nuploaded 1 file (2 bytes) into /documents/tilde\n")
        XCTAssertEqual(run.status, 0)
    }
}
