import Foundation
import XCTest

@testable import Clusters

/// clouds.yaml and secure.yaml as the openstack client reads them.
final class CloudsFileTests: XCTestCase {
    private let clouds = """
        clouds:
          ovh:
            auth:
              auth_url: https://auth.cloud.example/v3/
              username: ann
              project_name: "1234"
              project_id: 5678
              user_domain_name: Default
              project_domain_name: Default
            region_name: GRA
            interface: internal
            identity_api_version: 3
          cred:
            auth_type: v3applicationcredential
            auth:
              auth_url: https://keystone.example:5000/v3
              application_credential_id: abc
            regions:
              - name: RegionTwo
          "bad name":
            auth: {auth_url: "http://x/v3"}
          nothing:
            region_name: X
        """
    private let secure = """
        clouds:
          ovh:
            auth:
              password: pw
          cred:
            auth:
              application_credential_secret: sec
              password: not-used
        """

    func testCloudsWithSecureMergedIn() throws {
        let merged = CloudsFile.merging(try CloudsFile.parse(clouds, path: "c"), try CloudsFile.parse(secure, path: "s"))
        let (clusters, warnings) = CloudsFile.clusters(merged, path: "c")
        XCTAssertEqual(clusters.map(\.name), ["cred", "ovh"])
        XCTAssertEqual(warnings.count, 2, "\(warnings)")
        guard case .swift(let ovh) = clusters[1].endpoint, case .swift(let cred) = clusters[0].endpoint else { return XCTFail() }
        XCTAssertEqual(ovh.user, "ann")
        XCTAssertEqual(ovh.key, "pw")
        XCTAssertEqual(ovh.keystone?.projectName, "1234")
        XCTAssertEqual(ovh.keystone?.projectID, "5678", "a number read by YAML is still an ID")
        XCTAssertEqual(ovh.keystone?.region, "GRA")
        XCTAssertEqual(ovh.keystone?.interface, "internal")
        XCTAssertEqual(cred.keystone?.applicationCredentialSecret, "sec")
        XCTAssertEqual(cred.keystone?.region, "RegionTwo")
        XCTAssertNil(cred.key)
        XCTAssertEqual(clusters[0].origin, "clouds.yaml")
    }

    /// `file` names local folders (`diff file:PATH`): a cloud of that name is skipped, and a
    /// directory called `file` given as --cluster becomes `file+`.
    func testTheReservedNameIsNoCluster() throws {
        let cloud: [String: Any] = ["auth": ["auth_url": "http://k/v3", "username": "u", "password": "p"]]
        let (clusters, warnings) = CloudsFile.clusters(["file": cloud, "ok": cloud], path: "c")
        XCTAssertEqual(clusters.map(\.name), ["ok"])
        XCTAssertEqual(warnings, ["objsh: warning: c: cloud file: the name is reserved for local folders (file:PATH); skipped"])
        let folder = NSTemporaryDirectory() + "objsh-reserved-" + UUID().uuidString + "/file"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: (folder as NSString).deletingLastPathComponent) }
        var catalog = ClusterCatalog()
        XCTAssertEqual(try catalog.resolve(commandLineValue: folder).name, "file+")
    }

    func testNotYAMLNamesItsLine() {
        XCTAssertThrowsError(try CloudsFile.parse("clouds:\n  a: [1, 2\n  b: {", path: "/c.yaml")) { error in
            guard case ClusterError.invalidConfig(let path, let line, _) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(path, "/c.yaml")
            XCTAssertGreaterThan(line, 0)
        }
    }

    func testSearchPathAndOSCloud() throws {
        let base = NSTemporaryDirectory() + "objsh-clouds-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: base) }
        try FileManager.default.createDirectory(atPath: base + "/config/openstack", withIntermediateDirectories: true)
        try clouds.write(toFile: base + "/config/openstack/clouds.yaml", atomically: true, encoding: .utf8)
        try secure.write(toFile: base + "/config/openstack/secure.yaml", atomically: true, encoding: .utf8)
        let environment = ["HOME": base, "XDG_CONFIG_HOME": base + "/config", "XDG_DATA_HOME": base + "/data", "OS_CLOUD": "ovh"]
        let (catalog, _) = try ClusterCatalog.standard(
            environment: environment, directories: ObjshDirectories(environment: environment),
            currentDirectory: base)
        XCTAssertTrue(catalog.names.contains("ovh") && catalog.names.contains("cred"), "\(catalog.names)")
        guard case .swift(let env)? = catalog.cluster(named: "env")?.endpoint else { return XCTFail("\(catalog.names)") }
        XCTAssertEqual(env.user, "ann")
        var unknown = environment
        unknown["OS_CLOUD"] = "nope"
        let (_, warnings) = try ClusterCatalog.standard(
            environment: unknown, directories: ObjshDirectories(environment: unknown),
            currentDirectory: base)
        XCTAssertTrue(warnings.contains("objsh: warning: OS_CLOUD is nope, but no clouds.yaml defines it"), "\(warnings)")
    }
}
