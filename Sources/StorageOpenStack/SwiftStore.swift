import AsyncHTTPClient
import Endpoints
import NIOCore
import NIOHTTP1
import Storage
import StorageHTTP

/// The `swift` backend: an OpenStack Swift account (SoftLayer Object Storage is one)
/// over its HTTP API, with auth v1, Keystone v3 or a pre-issued storage URL and token.
///
/// One store keeps one `HTTPClient`, and so its connections, for its whole life;
/// call `shutdown()` before the process ends.
public final class SwiftStore: ObjectStore, Sendable {
    public var kind: String { "swift" }
    /// Swift may return short pages before the end (sharded containers); page until an empty one.
    public var shortPageEndsListing: Bool { false }

    /// Things the user should hear about before the first command, e.g. TLS checks turned off.
    public let warnings: [String]
    public var load: ServerLoad? { exchange.load }

    let clients: StoreHTTPClient
    let exchange: HTTPExchange
    let session: SwiftSession
    let options: SwiftStoreOptions
    let infoCache = SwiftClusterInfoCache()
    let manifestCache = SwiftManifestCache()

    /// A store for `endpoint`. `name` is the cluster's name, for warnings; `log`
    /// receives one line per HTTP request (`--debug`), with credentials redacted.
    public init(
        endpoint: SwiftEndpoint, name: String = "swift", options: SwiftStoreOptions = SwiftStoreOptions(),
        log: (@Sendable (String) -> Void)? = nil
    ) throws {
        guard endpoint.canSignIn || (endpoint.storageURL != nil && endpoint.token != nil) else {
            throw StorageError.unauthorized("cluster \(name) needs auth_url, user and key (or key_command), or storage_url and token")
        }
        let made = try StoreHTTPClient(
            cluster: name, options: options, insecure: endpoint.insecure, tls: endpoint.tls, proxy: endpoint.proxy,
            caVariable: "OS_CACERT")
        clients = made
        exchange = HTTPExchange(clients: made, options: options, log: log)
        session = SwiftSession(endpoint: endpoint, exchange: exchange)
        self.options = options
        warnings = made.warnings
    }

    /// Closes the connections; the store cannot be used afterwards.
    public func shutdown() async {
        await clients.shutdown()
    }

    /// Sends a request to `path` (already encoded, after the storage URL) with the
    /// token, logging in again once if the server refuses the token.
    func send(
        _ method: HTTPMethod, path: String, query: [(name: String, value: String)] = [],
        headers: HTTPHeaders = [:], repeatable: Bool = false, body: (@Sendable () throws -> OutgoingBody)? = nil
    ) async throws -> HTTPExchangeResponse {
        try await withToken { credentials in
            var request = request(method, credentials, path: path, query: query, headers: headers, body: body)
            request.isRepeatable = repeatable
            return try await exchange.send(request)
        } refusal: { response in
            response.status == 401 ? response.errorText : nil
        }
    }

    /// As `send`, for an answer whose body may be large: it comes back unread.
    func open(
        _ method: HTTPMethod, path: String, query: [(name: String, value: String)] = [],
        headers: HTTPHeaders = [:]
    ) async throws -> HTTPClientResponse {
        try await withToken { credentials in
            try await exchange.open(request(method, credentials, path: path, query: query, headers: headers, body: nil))
        } refusal: { response in
            response.status.code == 401 ? await response.collected(upTo: 1 << 20).errorText : nil
        }
    }

    private func request(
        _ method: HTTPMethod, _ credentials: SwiftCredentials, path: String, query: [(name: String, value: String)],
        headers: HTTPHeaders, body: (@Sendable () throws -> OutgoingBody)?
    ) -> HTTPExchangeRequest {
        var request = HTTPExchangeRequest(
            method: method, url: Self.url(credentials.storageURL, path: path, query: query),
            headers: headers, makeBody: body)
        request.headers.replaceOrAdd(name: "X-Auth-Token", value: credentials.token)
        return request
    }

    /// Runs `attempt` with the token; when the server refuses it (`refusal` gives the
    /// server's words), logs in again once and tries again.
    private func withToken<Response>(
        _ attempt: (SwiftCredentials) async throws -> Response,
        refusal: (Response) async -> String?
    ) async throws -> Response {
        var credentials = try await session.credentials()
        var renewed = false
        while true {
            let response = try await attempt(credentials)
            guard let refused = await refusal(response) else { return response }
            guard !renewed, session.canAuthenticate else {
                throw StorageError.unauthorized(
                    renewed
                        ? "the server refused a fresh token too: \(refused)"
                        : "the server refused the token (expired?) and the cluster has no auth_url, user and key to get a new one")
            }
            credentials = try await session.renew(after: credentials)
            renewed = true
        }
    }

    static func url(_ storageURL: String, path: String, query: [(name: String, value: String)]) -> String {
        let base = path.isEmpty ? storageURL : storageURL + "/" + path
        return query.isEmpty ? base : base + "?" + SwiftPercentEncoding.query(query)
    }

    /// `container` encoded for a path, after checking it is a name Swift can hold.
    static func containerPath(_ container: String) throws -> String {
        if container.isEmpty { throw StorageError.invalidName(container, reason: "a container name cannot be empty") }
        if container.contains("/") { throw StorageError.invalidName(container, reason: "a container name cannot contain /") }
        if container.utf8.count > 256 { throw StorageError.invalidName(container, reason: "a container name is at most 256 bytes") }
        if container.utf8.contains(0) { throw StorageError.invalidName(container, reason: "a name cannot contain NUL") }
        return SwiftPercentEncoding.encode(container)
    }

    /// `container/name` encoded for a path, after checking the object name.
    static func objectPath(_ container: String, _ name: String) throws -> String {
        if name.isEmpty { throw StorageError.invalidName(name, reason: "an object name cannot be empty") }
        if name.utf8.count > 1024 { throw StorageError.invalidName(name, reason: "an object name is at most 1024 bytes") }
        if name.utf8.contains(0) { throw StorageError.invalidName(name, reason: "a name cannot contain NUL") }
        return try containerPath(container) + "/" + SwiftPercentEncoding.encode(name, keepingSlashes: true)
    }

    /// The error for an answer no caller expects; a 403 says what it usually means.
    static func unexpected(_ response: HTTPExchangeResponse) -> StorageError {
        if response.status == 403 {
            return .unauthorized(
                "Swift refused access (403 Forbidden): the user has no operator role on this account "
                    + "and no ACL allows it")
        }
        return .server(status: response.status, message: response.errorText)
    }
}
