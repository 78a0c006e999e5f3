import Clusters
import Foundation
import XCTest

/// `type = s3` sections, the `aws` cluster from the AWS CLI's variables, and profiles
/// from its shared files.
final class S3ClusterConfigTests: XCTestCase {
    let parser = ClusterConfigParser(path: "/cfg", home: "/home/me")

    func testS3SectionWithEveryKey() throws {
        let text = """
            [cluster minio]
            type = s3
            endpoint = https://minio.example:9000
            region = eu-west-3
            access_key = AK
            secret_command = pass show minio
            session_token = TOKEN
            addressing = Virtual
            insecure = yes
            read_timeout = 90
            """
        let clusters = try parser.parse(text)
        XCTAssertEqual(
            clusters,
            [
                Cluster(
                    name: "minio",
                    endpoint: .s3(
                        S3Endpoint(
                            endpoint: "https://minio.example:9000", region: "eu-west-3", accessKey: "AK", secretCommand: "pass show minio",
                            sessionToken: "TOKEN", addressing: .virtual, insecure: true, readTimeout: 90)), origin: "config")
            ])
        XCTAssertEqual(clusters[0].summary, "s3 https://minio.example:9000")
        XCTAssertTrue(ClusterConfigParser.holdsSecrets(clusters), "a session token is a secret")
    }

    func testS3Errors() {
        let cases: [(String, Int, String)] = [
            ("[cluster a]\ntype = s3\nendpoint = http://x", 1, "cluster a (s3) needs access_key and secret_key (or secret_command), or a profile"),
            ("[cluster a]\ntype = s3\naccess_key = k\nsecret_key = s\nsecret_command = c", 5, "set secret_key or secret_command, not both"),
            ("[cluster a]\ntype = s3\nprofile = p\naddressing = dns", 4, "addressing is path or virtual, not \"dns\""),
            ("[cluster a]\ntype = s3\nprofile = p\nendpoint = minio:9000", 4, "endpoint is an http:// or https:// URL, not \"minio:9000\""),
            ("[cluster a]\ntype = s3\nprofile = p\nauth_url = http://x", 4, "unknown key auth_url for a s3 cluster"),
        ]
        for (text, line, message) in cases {
            XCTAssertThrowsError(try parser.parse(text), text) { error in
                XCTAssertEqual(error as? ClusterError, .invalidConfig(path: "/cfg", line: line, message: message), text)
            }
        }
    }

    func testDefaultsFollowTheEndpoint() {
        let aws = S3Endpoint(region: "eu-central-1", accessKey: "a", secretKey: "s")
        XCTAssertEqual(aws.effectiveEndpoint, "https://s3.eu-central-1.amazonaws.com")
        XCTAssertEqual(aws.effectiveAddressing, .virtual)
        XCTAssertEqual(S3Endpoint().effectiveEndpoint, "https://s3.amazonaws.com")
        XCTAssertEqual(S3Endpoint().effectiveRegion, "us-east-1")
        let custom = S3Endpoint(endpoint: "http://127.0.0.1:8080/", accessKey: "a", secretKey: "s")
        XCTAssertEqual(custom.effectiveEndpoint, "http://127.0.0.1:8080")
        XCTAssertEqual(custom.effectiveAddressing, .path)
    }

    func testAWSClusterFromTheEnvironment() {
        let (keys, none) = ClusterCatalog.awsEnvironmentCluster([
            "AWS_ACCESS_KEY_ID": "AK", "AWS_SECRET_ACCESS_KEY": "SK", "AWS_SESSION_TOKEN": "T", "AWS_DEFAULT_REGION": "us-west-2",
            "AWS_ENDPOINT_URL": "http://127.0.0.1:9000",
        ])
        XCTAssertEqual(
            keys,
            Cluster(
                name: "aws",
                endpoint: .s3(
                    S3Endpoint(
                        endpoint: "http://127.0.0.1:9000", region: "us-west-2",
                        accessKey: "AK", secretKey: "SK", sessionToken: "T")),
                origin: "env"))
        XCTAssertEqual(none, [])
        let (profile, _) = ClusterCatalog.awsEnvironmentCluster(["AWS_PROFILE": "work", "AWS_REGION": "ap-south-1"])
        XCTAssertEqual(profile?.endpoint, .s3(S3Endpoint(region: "ap-south-1", profile: "work")))
        let (half, warnings) = ClusterCatalog.awsEnvironmentCluster(["AWS_ACCESS_KEY_ID": "AK"])
        XCTAssertNil(half)
        XCTAssertEqual(warnings.count, 1)
        XCTAssertNil(ClusterCatalog.awsEnvironmentCluster(["HOME": "/x"]).0)
    }

    func testProfilesFromTheSharedFiles() throws {
        let home = NSTemporaryDirectory() + "objsh-aws-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: home) }
        try FileManager.default.createDirectory(atPath: home + "/.aws", withIntermediateDirectories: true)
        try Data(
            """
            [default]
            aws_access_key_id = DEFAULTKEY
            aws_secret_access_key = defaultsecret
            [work]
            aws_access_key_id = WORKKEY
            aws_secret_access_key = worksecret
            aws_session_token = worktoken
            """.utf8
        ).write(to: URL(fileURLWithPath: home + "/.aws/credentials"))
        try Data(
            """
            [default]
            region = eu-west-1
            [profile work]
            region = us-west-2
            endpoint_url = https://s3.work.example
            s3 =
              addressing_style = path
            [profile sso]
            sso_session = corp
            sso_account_id = 123
            """.utf8
        ).write(to: URL(fileURLWithPath: home + "/.aws/config"))
        let files = AWSSharedFiles(environment: [:], home: home)
        let work = try files.resolve(S3Endpoint(profile: "work"))
        XCTAssertEqual(
            work,
            S3Endpoint(
                endpoint: "https://s3.work.example", region: "us-west-2", accessKey: "WORKKEY",
                secretKey: "worksecret", sessionToken: "worktoken", profile: "work"))
        let fallback = try files.resolve(S3Endpoint(region: "ca-central-1", profile: "default"))
        XCTAssertEqual(fallback.accessKey, "DEFAULTKEY")
        XCTAssertEqual(fallback.region, "ca-central-1", "the cluster's own region wins")
        XCTAssertThrowsError(try files.resolve(S3Endpoint(profile: "sso"))) { error in
            guard case ClusterError.invalidConfig(_, let line, let message) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(line, 9, "the line of sso_session")
            XCTAssertTrue(message.contains("AWS SSO") && message.contains("not support"), message)
        }
        XCTAssertThrowsError(try files.resolve(S3Endpoint(profile: "nobody"))) { error in
            guard case ClusterError.invalidConfig(_, _, let message) = error else { return XCTFail("\(error)") }
            XCTAssertTrue(message.hasPrefix("no profile nobody in "), message)
        }
    }
}
