import Endpoints
import Foundation
import NIOHTTP1
import Storage
import StorageHTTP

/// Where requests go and with which token; the token is kept in memory for the
/// store's life and renewed (auth v1 or Keystone) when the server refuses it or,
/// for a Keystone token, shortly before it expires.
struct SwiftCredentials: Sendable, Equatable {
    var storageURL: String
    var token: String
    /// Keystone's `expires_at`; nil when the server did not say.
    var expiresAt: Date?
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
        endpoint.canSignIn
    }

    /// How long before `expires_at` a Keystone token is replaced, so no request carries one that lapses on the way.
    static let renewalMargin: TimeInterval = 60

    /// The credentials in use, logging in first when there are none or they are about to expire.
    func credentials() async throws -> SwiftCredentials {
        if let current {
            guard Self.needsRenewal(current, now: Date()), canAuthenticate else { return current }
            self.current = nil
        }
        return try await authenticate()
    }

    /// Whether `credentials` expire within the renewal margin.
    static func needsRenewal(_ credentials: SwiftCredentials, now: Date) -> Bool {
        guard let expiresAt = credentials.expiresAt else { return false }
        return expiresAt.timeIntervalSince(now) < renewalMargin
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
        if let keystone = endpoint.keystone {
            return try await KeystoneSignIn(endpoint: endpoint, settings: keystone, exchange: exchange).credentials().trimmed
        }
        // An openrc's /v2.0 URL given as auth v1 gets the same clear words as a Keystone one.
        if let authURL = endpoint.authURL { try KeystoneSignIn.refuseVersion2(authURL) }
        guard let authURL = endpoint.authURL, let user = endpoint.user else {
            throw StorageError.unauthorized("no auth_url and user to log in with, and no valid storage_url and token")
        }
        let key: String
        if let given = endpoint.key {
            key = given
        } else if let command = endpoint.keyCommand {
            key = try KeyCommand.run(command)
        } else {
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

    static func trimmed(_ url: String) -> String {
        var url = url
        while url.hasSuffix("/") { url.removeLast() }
        return url
    }
}

extension SwiftCredentials {
    /// The same credentials with no trailing `/` on the storage URL.
    var trimmed: SwiftCredentials {
        SwiftCredentials(storageURL: SwiftSession.trimmed(storageURL), token: token, expiresAt: expiresAt)
    }
}
