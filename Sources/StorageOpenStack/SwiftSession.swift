import Clusters
import NIOHTTP1
import Storage
import StorageHTTP

/// Where requests go and with which token; the token is kept in memory for the
/// store's life and renewed through auth v1 when the server refuses it.
struct SwiftCredentials: Sendable, Equatable {
    var storageURL: String
    var token: String
}

/// The authentication state of one store, shared by its concurrent requests.
actor SwiftSession {
    private let endpoint: SwiftEndpoint
    private let exchange: HTTPExchange
    private var current: SwiftCredentials?
    private var authenticating: Task<SwiftCredentials, Error>?

    init(endpoint: SwiftEndpoint, exchange: HTTPExchange) {
        self.endpoint = endpoint
        self.exchange = exchange
        if let storageURL = endpoint.storageURL, let token = endpoint.token {
            current = SwiftCredentials(storageURL: Self.trimmed(storageURL), token: token)
        }
    }

    /// Whether a refused token can be replaced by logging in again.
    nonisolated var canAuthenticate: Bool {
        endpoint.authURL != nil && endpoint.user != nil && (endpoint.key != nil || endpoint.keyCommand != nil)
    }

    /// The credentials in use, logging in first when there are none.
    func credentials() async throws -> SwiftCredentials {
        if let current { return current }
        return try await authenticate()
    }

    /// New credentials after the server refused `refused`; one login serves every
    /// request that was refused with the same token.
    func renew(after refused: SwiftCredentials) async throws -> SwiftCredentials {
        if let current, current != refused { return current }
        current = nil
        return try await authenticate()
    }

    private func authenticate() async throws -> SwiftCredentials {
        if let authenticating { return try await authenticating.value }
        let task = Task { try await login() }
        authenticating = task
        defer { authenticating = nil }
        let fresh = try await task.value
        current = fresh
        return fresh
    }

    private func login() async throws -> SwiftCredentials {
        guard let authURL = endpoint.authURL, let user = endpoint.user else {
            throw StorageError.unauthorized("no auth_url and user to log in with, and no valid storage_url and token")
        }
        let key: String
        if let given = endpoint.key { key = given } else if let command = endpoint.keyCommand { key = try KeyCommand.run(command) } else {
            throw StorageError.unauthorized("no key or key_command for user \(user)")
        }
        let request = HTTPExchangeRequest(method: .GET, url: authURL, headers: ["X-Auth-User": user, "X-Auth-Key": key])
        let response = try await exchange.send(request)
        switch response.status {
        case 200...299:
            guard let token = response.headers.first(name: "X-Auth-Token") ?? response.headers.first(name: "X-Storage-Token"),
                  let storageURL = endpoint.storageURL ?? response.headers.first(name: "X-Storage-Url")
            else { throw StorageError.server(status: response.status, message: "the auth answer has no X-Storage-Url or X-Auth-Token") }
            return SwiftCredentials(storageURL: Self.trimmed(storageURL), token: token)
        case 401, 403:
            throw StorageError.unauthorized("\(authURL) refused user \(user): wrong user or key")
        default:
            throw StorageError.server(status: response.status, message: "auth: " + response.errorText)
        }
    }

    private static func trimmed(_ url: String) -> String {
        var url = url
        while url.hasSuffix("/") { url.removeLast() }
        return url
    }
}
