import Clusters
import Foundation
import XCTest

/// `provider = …` and the settings that override its defaults, and the defaults table.
final class S3ProviderConfigTests: XCTestCase {
    let parser = ClusterConfigParser(path: "/cfg", home: "/home/me")

    func endpoint(_ lines: String) throws -> S3Endpoint {
        let clusters = try parser.parse("[cluster a]\ntype = s3\naccess_key = k\nsecret_key = s\n" + lines)
        guard case .s3(let endpoint) = clusters.first?.endpoint else { throw XCTSkip("not an s3 cluster") }
        return endpoint
    }

    func testTheDefaultsTable() {
        let table = Dictionary(uniqueKeysWithValues: S3Provider.allCases.map { ($0, $0.defaults) })
        XCTAssertEqual(table[.r2]?.region, "auto")
        XCTAssertEqual(table[.gcs]?.region, "auto")
        XCTAssertEqual(table[.gcs]?.listVersion, 1)
        XCTAssertEqual(table[.scaleway]?.maxParts, 1_000)
        XCTAssertEqual(table[.aws]?.addressing, .virtual)
        XCTAssertEqual(table[.ceph]?.addressing, .path)
        XCTAssertEqual(S3Provider.allCases.filter { table[$0]?.etagsAreMD5 == false }, [.r2, .b2, .minio, .gcs])
        XCTAssertEqual(S3Provider.allCases.filter { table[$0]?.listVersion == 1 }, [.gcs])
        XCTAssertEqual(S3Provider.allCases.filter { table[$0]?.maxParts != 10_000 }, [.scaleway])
    }

    func testAProviderGivesItsDefaults() throws {
        let r2 = try endpoint("endpoint = https://acct.r2.cloudflarestorage.com\nprovider = R2")
        XCTAssertEqual(r2.provider, .r2)
        XCTAssertEqual(r2.effectiveRegion, "auto")
        XCTAssertFalse(r2.etagsAreMD5)
        XCTAssertEqual(r2.effectiveAddressing, .path)
        let scaleway = try endpoint("endpoint = https://s3.fr-par.scw.cloud\nprovider = scaleway\nregion = fr-par")
        XCTAssertEqual(scaleway.effectiveMaxParts, 1_000)
        XCTAssertEqual(scaleway.effectiveAddressing, .virtual)
        XCTAssertEqual(scaleway.effectiveRegion, "fr-par", "a region set wins over the provider's")
        XCTAssertEqual(try endpoint("endpoint = https://storage.googleapis.com\nprovider = gcs").effectiveListVersion, 1)
    }

    func testWithoutAProviderAWSEndpointsAreAWSAndOthersOther() throws {
        XCTAssertEqual(try endpoint("").effectiveProvider, .aws)
        XCTAssertEqual(try endpoint("endpoint = https://s3.eu-west-1.amazonaws.com").effectiveProvider, .aws)
        let other = try endpoint("endpoint = http://127.0.0.1:9000")
        XCTAssertEqual(other.effectiveProvider, .other)
        XCTAssertEqual(other.effectiveAddressing, .path)
        XCTAssertEqual(other.effectiveListVersion, 2)
        XCTAssertEqual(other.effectiveMaxParts, 10_000)
        XCTAssertTrue(other.etagsAreMD5)
        XCTAssertEqual(other.effectiveRegion, "us-east-1")
    }

    func testEachDefaultCanBeOverridden() throws {
        let gcs = try endpoint("provider = gcs\nendpoint = https://storage.googleapis.com\nlist_version = 2\nmax_parts = 1000\naddressing = virtual")
        XCTAssertEqual(gcs.effectiveListVersion, 2)
        XCTAssertEqual(gcs.effectiveMaxParts, 1_000)
        XCTAssertEqual(gcs.effectiveAddressing, .virtual)
        let scaleway = try endpoint("provider = scaleway\nendpoint = https://s3.nl-ams.scw.cloud\naddressing = path\nlist_version = 1")
        XCTAssertEqual(scaleway.effectiveAddressing, .path)
        XCTAssertEqual(scaleway.effectiveListVersion, 1)
    }

    func testProviderErrors() {
        let cases: [(String, Int, String)] = [
            ("provider = azure", 5, "provider is one of aws, r2, b2, ibm, ceph, minio, gcs, wasabi, scaleway, other, not \"azure\""),
            ("list_version = 3", 5, "list_version is 1 or 2, not \"3\""),
            ("max_parts = 0", 5, "max_parts is a whole number from 1 to 10000, not \"0\""),
            ("max_parts = 20000", 5, "max_parts is a whole number from 1 to 10000, not \"20000\""),
            ("max_parts = many", 5, "max_parts is a whole number from 1 to 10000, not \"many\""),
        ]
        for (line, number, message) in cases {
            XCTAssertThrowsError(try endpoint(line), line) { error in
                XCTAssertEqual(error as? ClusterError, .invalidConfig(path: "/cfg", line: number, message: message), line)
            }
        }
    }
}
