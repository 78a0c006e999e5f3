import Clusters
import Foundation
import XCTest

/// Where a cluster's TLS files come from: the config file, clouds.yaml's shape, the
/// `env` cluster's `OS_CERT`/`OS_KEY`, and an AWS profile's `ca_bundle`.
final class TLSSettingsConfigTests: XCTestCase {
    func testConfigKeysForSwiftAndS3() throws {
        let clusters = try ClusterConfigParser(path: "/cfg", home: "/home/ann").parse(
            """
            [cluster private]
            type = swift
            auth_url = https://swift.corp/auth/v1.0
            user = a:b
            key = k
            cacert = ~/corp-ca.pem
            client_cert = /etc/me.pem
            client_key = /etc/me.key

            [cluster minio]
            type = s3
            endpoint = https://minio.corp:9000
            access_key = A
            secret_key = S
            cacert = /etc/corp-ca.pem
            """)
        guard case .swift(let swift) = clusters[0].endpoint, case .s3(let s3) = clusters[1].endpoint else {
            return XCTFail("\(clusters)")
        }
        XCTAssertEqual(swift.tls, TLSSettings(caFile: "/home/ann/corp-ca.pem", clientCertificate: "/etc/me.pem", clientKey: "/etc/me.key"))
        XCTAssertEqual(s3.tls, TLSSettings(caFile: "/etc/corp-ca.pem"))
    }

    func testTheEnvClusterTakesOSCertAndOSKey() throws {
        let (cluster, _) = ClusterCatalog.environmentCluster([
            "ST_AUTH": "https://h/auth/v1.0", "ST_USER": "u", "ST_KEY": "k",
            "OS_CERT": "/c.pem", "OS_KEY": "/c.key",
        ])
        guard case .swift(let endpoint) = cluster?.endpoint else { return XCTFail("no env cluster") }
        XCTAssertEqual(endpoint.tls, TLSSettings(clientCertificate: "/c.pem", clientKey: "/c.key"))
    }

    func testAProfilesCABundleUnlessTheClusterHasItsOwn() throws {
        let home = NSTemporaryDirectory() + "objsh-tls-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: home) }
        try FileManager.default.createDirectory(atPath: home + "/.aws", withIntermediateDirectories: true)
        try Data("[corp]\naws_access_key_id = A\naws_secret_access_key = S\n".utf8)
            .write(to: URL(fileURLWithPath: home + "/.aws/credentials"))
        try Data("[profile corp]\nca_bundle = /etc/corp-ca.pem\n".utf8).write(to: URL(fileURLWithPath: home + "/.aws/config"))
        let files = AWSSharedFiles(environment: [:], home: home)
        XCTAssertEqual(try files.resolve(S3Endpoint(profile: "corp")).tls.caFile, "/etc/corp-ca.pem")
        var own = S3Endpoint(profile: "corp")
        own.tls.caFile = "/mine.pem"
        XCTAssertEqual(try files.resolve(own).tls.caFile, "/mine.pem")
    }
}
