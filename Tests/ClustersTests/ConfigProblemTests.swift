import Clusters
import Foundation
import XCTest

/// A mistake in one section of the config file stops that cluster alone, says the file
/// and line, and offers the key that was meant.
final class ConfigProblemTests: XCTestCase {
    let text = """
        [cluster good]
        type = file
        path = /x

        [cluster s3test]
        type = s3
        endpoint_url = http://127.0.0.1:9
        access_key = a
        secret_key = s

        [cluster twice]
        type = file
        path = /y
        path = /z

        [cluster after]
        type = file
        path = /w
        """

    func testAnUnknownKeyStopsOnlyItsClusterAndSaysWhatWasMeant() throws {
        let sections = try ClusterConfigParser(path: "/cfg", home: "/home/me").parseEach(text)
        XCTAssertEqual(sections.map(\.name), ["good", "s3test", "twice", "after"])
        XCTAssertEqual(try sections[0].cluster.get().endpoint, .directory(path: "/x"))
        XCTAssertEqual(try sections[3].cluster.get().endpoint, .directory(path: "/w"))
        XCTAssertThrowsError(try sections[1].cluster.get()) { error in
            XCTAssertEqual(
                error as? ClusterError,
                .invalidConfig(path: "/cfg", line: 7, message: "unknown key endpoint_url for a s3 cluster (did you mean endpoint?)"))
        }
        XCTAssertThrowsError(try sections[2].cluster.get()) { error in
            XCTAssertEqual(error as? ClusterError, .invalidConfig(path: "/cfg", line: 14, message: "path is set twice"))
        }
    }

    func testTheOtherClustersOfTheFileAndTheBuiltInOnesStayUsable() throws {
        let home = NSTemporaryDirectory() + "objsh-config-problem-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: home) }
        try FileManager.default.createDirectory(atPath: home + "/config/objsh", withIntermediateDirectories: true)
        try text.write(toFile: home + "/config/objsh/config", atomically: true, encoding: .utf8)
        let environment = ["HOME": home, "XDG_CONFIG_HOME": home + "/config"]
        var (catalog, warnings) = try ClusterCatalog.standard(
            environment: environment, directories: ObjshDirectories(environment: environment), currentDirectory: home)
        XCTAssertNotNil(try catalog.resolve(commandLineValue: "local"))
        XCTAssertEqual(try catalog.resolve(commandLineValue: "after").endpoint, .directory(path: "/w"))
        let file = home + "/config/objsh/config"
        XCTAssertThrowsError(try catalog.resolve(commandLineValue: "s3test")) { error in
            XCTAssertEqual(
                error as? ClusterError,
                .invalidConfig(path: file, line: 7, message: "unknown key endpoint_url for a s3 cluster (did you mean endpoint?)"))
        }
        XCTAssertThrowsError(try catalog.usableCluster(named: "twice"))
        XCTAssertEqual(
            warnings.filter { $0.contains(file) },
            [
                "objsh: warning: \(file):7: unknown key endpoint_url for a s3 cluster (did you mean endpoint?); cluster s3test cannot be used until it is fixed",
                "objsh: warning: \(file):14: path is set twice; cluster twice cannot be used until it is fixed",
            ])
    }
}
