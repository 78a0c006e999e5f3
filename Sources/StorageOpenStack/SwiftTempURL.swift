import Crypto
import Foundation
import Storage

/// The TempURL signature Swift's tempurl middleware checks: an HMAC of
/// `METHOD\nEXPIRES\nPATH` with the account's key, where PATH is the object's path
/// from the storage URL's own path on, not percent-encoded.
struct SwiftTempURL: Sendable {
    /// A digest `/info` may list under `tempurl.allowed_digests`.
    enum Digest: String, Sendable, CaseIterable {
        case sha256, sha512, sha1
    }

    let key: String
    let digest: Digest

    /// The digest to sign with among those a cluster allows: SHA-256, else SHA-512, and
    /// SHA-1 only when it is all there is; nil when none is one of these.
    static func digest(among allowed: [String]) -> Digest? {
        Digest.allCases.first { allowed.contains($0.rawValue) }
    }

    /// `temp_url_sig`: hex for SHA-256 and SHA-1; SHA-512's, which Swift takes only so,
    /// as `sha512:` and URL-safe base64.
    func signature(method: ShareMethod, expires: Int, path: String) -> String {
        let body = Data("\(method.rawValue)\n\(expires)\n\(path)".utf8)
        let secret = SymmetricKey(data: Data(key.utf8))
        switch digest {
        case .sha256: return HMAC<SHA256>.authenticationCode(for: body, using: secret).hex
        case .sha1: return HMAC<Insecure.SHA1>.authenticationCode(for: body, using: secret).hex
        case .sha512:
            let base64 = Data(HMAC<SHA512>.authenticationCode(for: body, using: secret)).base64EncodedString()
            // URL-safe, without the padding, as swiftclient writes it.
            return "sha512:"
                + base64.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
        }
    }

    /// The path the server signs: the storage URL's path, decoded, then the names as they are.
    static func signedPath(storageURL: String, container: String, name: String) -> String {
        let afterScheme = storageURL.range(of: "://").map { storageURL[$0.upperBound...] } ?? Substring(storageURL)
        let path = afterScheme.firstIndex(of: "/").map { String(afterScheme[$0...]) } ?? ""
        return (path.removingPercentEncoding ?? path) + "/" + container + "/" + name
    }

    /// A new key: 32 random bytes from the system's generator, in hex.
    static func newKey() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }.hex
    }
}
