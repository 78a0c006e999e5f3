import NIOHTTP1
import Storage
import StorageHTTP

extension SwiftStore {
    /// A TempURL, signed with the account's `Temp-URL-Key` (or `-Key-2`) and the best
    /// digest `/info` allows. The cluster's `/info` and the account's HEAD are asked side by side.
    public func shareLink(_ request: ShareRequest) async throws -> ShareLink {
        async let offered = clusterInfo().tempURL
        async let account = send(.HEAD, path: "")
        let path = try Self.objectPath(request.container, request.name)
        guard let offer = try await offered else { throw StorageError.shareRefused(.notOffered) }
        guard offer.methods.contains(request.method.rawValue) else { throw StorageError.shareRefused(.methodNotAllowed(request.method)) }
        guard let digest = SwiftTempURL.digest(among: offer.digests) else { throw StorageError.shareRefused(.notOffered) }
        let answer = try await account
        guard (200...299).contains(answer.status) else { throw Self.unexpected(answer) }
        guard let key = Self.tempURLKeys.lazy.compactMap({ answer.headers.first(name: $0) }).first(where: { !$0.isEmpty }) else {
            throw StorageError.shareRefused(.noKey)
        }
        let storageURL = try await session.credentials().storageURL
        let expires = Int(request.expires.timeIntervalSince1970)
        let signature = SwiftTempURL(key: key, digest: digest).signature(
            method: request.method, expires: expires,
            path: SwiftTempURL.signedPath(storageURL: storageURL, container: request.container, name: request.name))
        let url = Self.url(storageURL, path: path, query: [("temp_url_sig", signature), ("temp_url_expires", String(expires))])
        return ShareLink(url: url, method: request.method, expires: request.expires)
    }

    /// A new random `Temp-URL-Key`, stored with an account POST; it replaces the one there.
    public func setShareKey() async throws {
        let headers: HTTPHeaders = ["Content-Length": "0", Self.tempURLKeys[0]: SwiftTempURL.newKey()]
        let response = try await send(.POST, path: "", headers: headers, body: { .bytes([]) })
        guard (200...299).contains(response.status) else { throw Self.unexpected(response) }
    }

    /// The account headers tempurl takes its keys from, the first one first.
    static let tempURLKeys = ["X-Account-Meta-Temp-URL-Key", "X-Account-Meta-Temp-URL-Key-2"]
}
