import Foundation
import Storage
import XCTest

@testable import StorageOpenStack

/// TempURL signatures against python-swiftclient's `generate_temp_url` (key `mykey`,
/// expiry 1512508563, the path of Swift's own tempurl docs with an awkward name), and
/// the choice of digest from `/info`.
final class SwiftTempURLTests: XCTestCase {
    static let path = "/v1/AUTH_account/container/a b+%é"

    func signature(_ digest: SwiftTempURL.Digest) -> String {
        SwiftTempURL(key: "mykey", digest: digest).signature(method: .get, expires: 1_512_508_563, path: Self.path)
    }

    func testSignaturesMatchSwiftclient() {
        XCTAssertEqual(signature(.sha256), "14f1ec265cb613ffaf2b439a829ac9c163a7f1a3fcb57d86edea335059fc8ab0")
        XCTAssertEqual(signature(.sha1), "c6680872ab1b253d754587ffae5bfe8fde09f6fd")
        XCTAssertEqual(
            signature(.sha512), "sha512:5d11kcvXUnEpkNuTNe9RACr3viz3HJNOxhhwEOjGodPzKVoYbIgrXAmjkA2QD9r5XDG0UOon464XygD6lxXWFg")
    }

    func testTheSignedPathIsTheStorageURLsPathDecodedThenTheNamesAsTheyAre() {
        XCTAssertEqual(
            SwiftTempURL.signedPath(storageURL: "http://127.0.0.1:8080/v1/AUTH_account", container: "container", name: "a b+%é"),
            Self.path)
        XCTAssertEqual(
            SwiftTempURL.signedPath(storageURL: "https://rgw.example:8443/swift/v1", container: "c", name: "d/e f"), "/swift/v1/c/d/e f")
        XCTAssertEqual(SwiftTempURL.signedPath(storageURL: "http://h/v1/AUTH_a%20b", container: "c", name: "n"), "/v1/AUTH_a b/c/n")
    }

    func testSHA256IsChosenWhereverItIsAllowedAndSHA1OnlyWhenAlone() throws {
        XCTAssertEqual(SwiftTempURL.digest(among: ["sha1", "sha256", "sha512"]), .sha256)
        XCTAssertEqual(SwiftTempURL.digest(among: ["sha512", "sha1"]), .sha512)
        XCTAssertEqual(SwiftTempURL.digest(among: ["sha1"]), .sha1)
        XCTAssertNil(SwiftTempURL.digest(among: ["md5"]))
        let modern = try SwiftClusterInfo(json: Data(#"{"tempurl": {"allowed_digests": ["sha256", "sha512"], "methods": ["GET"]}}"#.utf8))
        XCTAssertEqual(modern.tempURL, TempURLOffer(digests: ["sha256", "sha512"], methods: ["GET"]))
        // A cluster from before allowed_digests takes SHA-1 only.
        let old = try SwiftClusterInfo(json: Data(#"{"tempurl": {}}"#.utf8))
        XCTAssertEqual(old.tempURL?.digests, ["sha1"])
        XCTAssertNil(try SwiftClusterInfo(json: Data(#"{"swift": {}}"#.utf8)).tempURL)
    }

    func testANewKeyIsLongRandomHex() {
        let first = SwiftTempURL.newKey()
        XCTAssertEqual(first.count, 64)
        XCTAssertTrue(first.allSatisfy(\.isHexDigit))
        XCTAssertNotEqual(first, SwiftTempURL.newKey())
    }
}
