import Clusters
import Foundation
import XCTest

/// rclone's remotes, mc's aliases and s3cmd's `~/.s3cfg` become clusters named after
/// their tool, listed with their file; a mistake in one stops only what it defines.
final class ImportedConfigsTests: XCTestCase {
    var home = ""

    override func setUp() async throws {
        home = NSTemporaryDirectory() + "objsh-imported-" + UUID().uuidString
        for folder in ["/.config/rclone", "/.mc", "/.config/objsh"] {
            try FileManager.default.createDirectory(atPath: home + folder, withIntermediateDirectories: true)
        }
    }

    override func tearDown() async throws {
        try? FileManager.default.removeItem(atPath: home)
    }

    func write(_ text: String, _ path: String) throws {
        try text.write(toFile: home + path, atomically: true, encoding: .utf8)
    }

    func catalog() throws -> (ClusterCatalog, [String]) {
        let environment = ["HOME": home]
        return try ClusterCatalog.standard(environment: environment, directories: ObjshDirectories(environment: environment), currentDirectory: home)
    }

    let rclone = """
        [box]
        type = drive

        [sw]
        type = swift
        user = test:tester
        key = testing
        auth = http://127.0.0.1:8080/auth/v1.0

        [ks]
        type = swift
        user = me
        key = pw
        auth = http://127.0.0.1:5000/v3
        domain = Default
        tenant = demo
        tenant_domain = Default
        region = RegionOne

        [minio]
        type = s3
        provider = Minio
        access_key_id = AK
        secret_access_key = SK
        endpoint = http://127.0.0.1:9000
        force_path_style = false

        [fromenv]
        type = s3
        env_auth = true
        """

    func testRcloneRemotesOfTypeSwiftAndS3AreClusters() throws {
        try write(rclone, "/.config/rclone/rclone.conf")
        let (catalog, warnings) = try catalog()
        let origin = "rclone \(home)/.config/rclone/rclone.conf"
        XCTAssertNil(catalog.cluster(named: "rclone-box"))
        let swift = try catalog.usableCluster(named: "rclone-sw")
        XCTAssertEqual(swift.origin, origin)
        XCTAssertEqual(swift.endpoint, .swift(SwiftEndpoint(authURL: "http://127.0.0.1:8080/auth/v1.0", user: "test:tester", key: "testing")))
        guard case .swift(let keystone) = try catalog.usableCluster(named: "rclone-ks").endpoint else { return XCTFail("not swift") }
        XCTAssertEqual(keystone.keystone?.projectName, "demo")
        XCTAssertEqual(keystone.keystone?.userDomainName, "Default")
        XCTAssertEqual(keystone.keystone?.region, "RegionOne")
        guard case .s3(let s3) = try catalog.usableCluster(named: "rclone-minio").endpoint else { return XCTFail("not s3") }
        XCTAssertEqual([s3.endpoint, s3.accessKey, s3.secretKey], ["http://127.0.0.1:9000", "AK", "SK"])
        XCTAssertEqual(s3.addressing, .virtual)
        XCTAssertThrowsError(try catalog.usableCluster(named: "rclone-fromenv")) { error in
            guard case .invalidConfig(let path, let line, let message) = error as? ClusterError else { return XCTFail("\(error)") }
            XCTAssertEqual(path, home + "/.config/rclone/rclone.conf")
            XCTAssertEqual(line, 30)
            XCTAssertTrue(message.contains("env_auth"), message)
        }
        XCTAssertEqual(warnings.count, 1, "\(warnings)")
        XCTAssertTrue(warnings[0].contains("rclone.conf:30:"), warnings[0])
    }

    func testMcAliasesWithKeysAreClustersAndPlaceholdersAreLeftOut() throws {
        try write(
            """
            {
                "version": "10",
                "aliases": {
                    "gcs": {"url": "https://storage.googleapis.com", "accessKey": "YOUR-ACCESS-KEY-HERE", "secretKey": "x", "api": "S3v2", "path": "dns"},
                    "local": {"url": "http://localhost:9000", "accessKey": "", "secretKey": "", "api": "S3v4", "path": "auto"},
                    "myminio": {"url": "http://127.0.0.1:9000", "accessKey": "AK", "secretKey": "SK", "api": "s3v4", "path": "on"},
                    "broken": {"url": "127.0.0.1:9000", "accessKey": "AK", "secretKey": "SK"}
                }
            }
            """, "/.mc/config.json")
        let (catalog, warnings) = try catalog()
        XCTAssertNil(catalog.cluster(named: "mc-gcs"))
        XCTAssertNil(catalog.cluster(named: "mc-local"))
        let minio = try catalog.usableCluster(named: "mc-myminio")
        XCTAssertEqual(minio.origin, "mc \(home)/.mc/config.json")
        XCTAssertEqual(minio.endpoint, .s3(S3Endpoint(endpoint: "http://127.0.0.1:9000", accessKey: "AK", secretKey: "SK", addressing: .path)))
        XCTAssertThrowsError(try catalog.usableCluster(named: "mc-broken"))
        XCTAssertEqual(warnings.count, 1, "\(warnings)")
        XCTAssertTrue(warnings[0].contains("config.json:7: mc alias broken"), warnings[0])
    }

    func testS3cmdDefaultSectionIsTheS3cmdCluster() throws {
        try write(
            """
            [default]
            access_key = AK
            secret_key = SK
            host_base = 127.0.0.1:9000
            host_bucket = 127.0.0.1:9000
            use_https = False
            bucket_location = US
            """, "/.s3cfg")
        let (catalog, _) = try catalog()
        let s3cmd = try catalog.usableCluster(named: "s3cmd")
        XCTAssertEqual(s3cmd.origin, "s3cmd \(home)/.s3cfg")
        XCTAssertEqual(s3cmd.endpoint, .s3(S3Endpoint(endpoint: "http://127.0.0.1:9000", accessKey: "AK", secretKey: "SK", addressing: .path)))
    }

    /// A file that cannot be read stops its own clusters; the config file's section of the
    /// same name as another tool's cluster replaces it, and says so.
    func testAProblemStopsOnlyItsSourceAndACollisionIsTold() throws {
        try write("{ \"aliases\": { \"x\": [ }", "/.mc/config.json")
        try write(rclone, "/.config/rclone/rclone.conf")
        try write("[cluster rclone-sw]\ntype = file\npath = /tmp\n", "/.config/objsh/config")
        let (catalog, warnings) = try catalog()
        XCTAssertEqual(try catalog.usableCluster(named: "rclone-sw").endpoint, .directory(path: "/tmp"))
        XCTAssertNotNil(try catalog.usableCluster(named: "rclone-minio"))
        XCTAssertTrue(warnings.contains { $0.contains("/.mc/config.json:1: not valid JSON; its clusters cannot be used") }, "\(warnings)")
        XCTAssertTrue(
            warnings.contains {
                $0.contains("defines rclone-sw, which hides the cluster of the same name from rclone \(home)/.config/rclone/rclone.conf")
            },
            "\(warnings)")
    }
}
