import Foundation
import Storage

extension S3Store {
    /// The longest a presigned URL lasts (SigV4's `X-Amz-Expires` limit): 7 days.
    static let longestShareLink = 7 * 24 * 3600

    /// A SigV4 presigned URL, addressed as every request of the store is (path-style or
    /// virtual-hosted), signed for `host` alone with `UNSIGNED-PAYLOAD` and no checksum
    /// parameters, so a plain `curl -T FILE URL` can use a PUT link.
    public func shareLink(_ request: ShareRequest) async throws -> ShareLink {
        guard request.lifetime <= Self.longestShareLink else {
            throw StorageError.shareRefused(.tooLong(limit: Self.longestShareLink))
        }
        let (base, host, path) = try location(S3Target(bucket: request.container, key: request.name))
        let signer = SigV4Signer(credentials: try signingCredentials(), region: region(for: request.container))
        let query = signer.presignedQuery(
            SigV4Request(method: request.method.rawValue, path: path, headers: [("host", host)], payloadHash: "UNSIGNED-PAYLOAD"),
            date: request.signedAt, lifetime: request.lifetime)
        // The link names the signed host itself, not where objsh connects (`connectableHost`).
        let scheme = base.range(of: "://").map { base[..<$0.upperBound] } ?? ""
        return ShareLink(
            url: scheme + host + path + "?" + SigV4Encoding.canonicalQuery(query), method: request.method, expires: request.expires)
    }

    /// Links are signed with the cluster's own secret key: there is no other to set.
    public func setShareKey() async throws {
        throw StorageError.shareRefused(.noKeyToSet(store: kind))
    }
}
