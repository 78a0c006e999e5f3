import Clusters
import Foundation
import XCTest

final class ClusterConfigTests: XCTestCase {
    private let parser = ClusterConfigParser(path: "/cfg", home: "/home/ann")

    func testGoodFile() throws {
        let text = """
            # objsh clusters
            ; a second comment style

            [cluster dal05]
            type = swift
            auth_url = https://dal05.example/auth/v1.0
            user = SLOS1:ann
            key_command = pass show dal05
            insecure = true

            [cluster  tokened ]
              type=swift
              storage_url = http://127.0.0.1:8080/v1/AUTH_test
              token = AUTH_tk123
            [cluster backup]
            type = file
            path = ~/backup dir
            """
        let clusters = try parser.parse(text)
        XCTAssertEqual(
            clusters,
            [
                Cluster(
                    name: "dal05",
                    endpoint: .swift(
                        SwiftEndpoint(
                            authURL: "https://dal05.example/auth/v1.0", user: "SLOS1:ann",
                            keyCommand: "pass show dal05", insecure: true)), origin: "config"),
                Cluster(
                    name: "tokened", endpoint: .swift(SwiftEndpoint(storageURL: "http://127.0.0.1:8080/v1/AUTH_test", token: "AUTH_tk123")),
                    origin: "config"),
                Cluster(name: "backup", endpoint: .directory(path: "/home/ann/backup dir"), origin: "config"),
            ])
        XCTAssertTrue(ClusterConfigParser.holdsSecrets(clusters))
        XCTAssertFalse(ClusterConfigParser.holdsSecrets([clusters[0], clusters[2]]))
    }

    func testEveryErrorNamesItsLine() {
        let cases: [(String, Int, String)] = [
            ("type = swift", 1, "\"type = swift\" is outside a [cluster NAME] section"),
            ("[cluster a\ntype = file", 1, "a section header ends with ]"),
            ("[server a]", 1, "unknown section [server a]; expected [cluster NAME]"),
            ("[cluster]", 1, "[cluster] needs a name"),
            ("[cluster a/b]", 1, "a cluster name cannot contain spaces or /"),
            ("[cluster file]\ntype = file\npath = /x", 1, "file is reserved for local folders (file:PATH); name the cluster otherwise"),
            ("[cluster a]\ntype = file\npath = /x\n[cluster a]\ntype = file\npath = /y", 4, "cluster a is defined twice"),
            ("[cluster a]\ntype file", 2, "expected key = value, found \"type file\""),
            ("[cluster a]\n= x", 2, "a line starts with ="),
            ("[cluster a]\ntype = file\ntype = swift", 3, "type is set twice"),
            ("\n[cluster a]\npath = /x", 2, "cluster a needs a type (swift, s3 or file)"),
            ("[cluster a]\ntype = ftp", 2, "unknown type \"ftp\"; expected swift, s3 or file"),
            ("[cluster a]\ntype = file\npath = /x\nkey = k", 4, "unknown key key for a file cluster"),
            ("[cluster a]\ntype = file", 1, "cluster a (file) needs a path"),
            (
                "[cluster a]\ntype = swift\nauth_url = http://x\nuser = u\nkey = k\ninsecure = maybe", 6,
                "insecure is true or false, not \"maybe\""
            ),
            (
                "[cluster a]\ntype = swift\nauth_url = http://x\nuser = u", 1,
                "cluster a (swift) needs auth_url, user and key (or key_command), or storage_url and token"
            ),
            ("[cluster a]\ntype = swift\nauth_url = http://x\nuser = u\nkey = k\nkey_command = c", 6, "set key or key_command, not both"),
            (
                "[cluster a]\ntype = swift\nstorage_url = http://x\ntoken = t\nregion = dal", 5,
                "region is for Keystone (auth_version = 3 or a /v3 auth_url)"
            ),
            ("[cluster a]\ntype = swift\nstorage_url = http://x\ntoken = t\nbucket = b", 5, "unknown key bucket for a swift cluster"),
            (
                "[cluster a]\ntype = file\npath = /x\nindex_refresh = 1 hour", 4,
                "index_refresh is a whole number and a unit (s, m, h or d), such as 1h, not \"1 hour\""
            ),
            (
                "[cluster a]\ntype = file\nindex_refresh = 0m\npath = /x", 3,
                "index_refresh is a whole number and a unit (s, m, h or d), such as 1h, not \"0m\""
            ),
        ]
        for (text, line, message) in cases {
            XCTAssertThrowsError(try parser.parse(text), text) { error in
                XCTAssertEqual(error as? ClusterError, .invalidConfig(path: "/cfg", line: line, message: message), text)
            }
        }
    }

    func testIndexRefreshIsTakenByEveryType() throws {
        let text = """
            [cluster f]
            type = file
            path = /x
            index_refresh = 1h
            [cluster s]
            type = s3
            endpoint = http://127.0.0.1:9000
            access_key = a
            secret_key = b
            index_refresh = 30m
            [cluster w]
            type = swift
            storage_url = http://x
            token = t
            index_refresh = 2d
            [cluster none]
            type = file
            path = /y
            """
        let clusters = try parser.parse(text)
        XCTAssertEqual(clusters.map(\.indexRefresh), [3_600, 1_800, 172_800, nil])
    }

    func testStandardCatalogReadsConfigAndWarnsAboutLoosePermissions() throws {
        let base = NSTemporaryDirectory() + "objsh-config-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: base) }
        let directories = ObjshDirectories(environment: ["HOME": base, "XDG_CONFIG_HOME": base + "/config"])
        try FileManager.default.createDirectory(atPath: directories.config, withIntermediateDirectories: true)

        var (catalog, warnings) = try ClusterCatalog.standard(environment: ["HOME": base], directories: directories)
        XCTAssertEqual(catalog.names, ["local", "sample"], "no config file is fine")
        XCTAssertEqual(warnings, [])

        let text = "[cluster lab]\ntype = swift\nauth_url = http://127.0.0.1:8080/auth/v1.0\nuser = test:tester\nkey = testing\n"
        _ = FileManager.default.createFile(atPath: directories.configFile, contents: Data(text.utf8), attributes: [.posixPermissions: 0o644])
        (catalog, warnings) = try ClusterCatalog.standard(environment: ["HOME": base], directories: directories)
        XCTAssertEqual(catalog.names, ["local", "sample", "lab"])
        XCTAssertEqual(catalog.cluster(named: "lab")?.origin, "config")
        XCTAssertEqual(warnings, ["objsh: warning: \(directories.configFile) is readable by others and holds a key; chmod 600 it"])

        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: directories.configFile)
        (_, warnings) = try ClusterCatalog.standard(environment: ["HOME": base], directories: directories)
        XCTAssertEqual(warnings, [])

        _ = FileManager.default.createFile(atPath: directories.configFile, contents: Data("[cluster x]\ntype = tape\n".utf8))
        // A mistake in one section stops that cluster alone (issue 42): the others stay.
        (catalog, warnings) = try ClusterCatalog.standard(environment: ["HOME": base], directories: directories)
        XCTAssertEqual(catalog.names, ["local", "sample"])
        XCTAssertThrowsError(try catalog.usableCluster(named: "x")) { error in
            XCTAssertEqual(
                error as? ClusterError,
                .invalidConfig(path: directories.configFile, line: 2, message: "unknown type \"tape\"; expected swift, s3 or file"))
        }
        XCTAssertEqual(warnings.count, 1, "\(warnings)")
    }

    func testEnvironmentCluster() throws {
        let (login, loginWarnings) = ClusterCatalog.environmentCluster(["ST_AUTH": "http://h/auth/v1.0", "ST_USER": "u", "ST_KEY": "k"])
        XCTAssertEqual(
            login, Cluster(name: "env", endpoint: .swift(SwiftEndpoint(authURL: "http://h/auth/v1.0", user: "u", key: "k")), origin: "env"))
        XCTAssertEqual(loginWarnings, [])

        let (token, _) = ClusterCatalog.environmentCluster(["OS_STORAGE_URL": "http://h/v1/AUTH_a", "OS_AUTH_TOKEN": "t"])
        XCTAssertEqual(token?.endpoint, .swift(SwiftEndpoint(storageURL: "http://h/v1/AUTH_a", token: "t")))

        let (none, halfWarnings) = ClusterCatalog.environmentCluster(["ST_AUTH": "http://h/auth/v1.0", "OS_AUTH_TOKEN": "t"])
        XCTAssertNil(none)
        XCTAssertEqual(halfWarnings.count, 2)

        let (nothing, quiet) = ClusterCatalog.environmentCluster(["HOME": "/x"])
        XCTAssertNil(nothing)
        XCTAssertEqual(quiet, [])

        let base = NSTemporaryDirectory() + "objsh-env-" + UUID().uuidString
        let environment = ["HOME": base, "ST_AUTH": "http://h/auth/v1.0", "ST_USER": "u", "ST_KEY": "k"]
        let (catalog, _) = try ClusterCatalog.standard(environment: environment, directories: ObjshDirectories(environment: environment))
        XCTAssertEqual(catalog.names, ["local", "sample", "env"])
    }
}
