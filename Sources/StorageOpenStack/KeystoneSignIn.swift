import Endpoints
import Foundation
import NIOCore
import NIOHTTP1
import Storage
import StorageHTTP

/// One Keystone v3 sign-in: a password, an application credential or an existing
/// token becomes a token for Swift and the object-store URL from the catalog.
struct KeystoneSignIn {
    let endpoint: SwiftEndpoint
    let settings: KeystoneSettings
    let exchange: HTTPExchange

    /// Signs in and picks the storage URL (`storage_url` when set, else the catalog's).
    func credentials() async throws -> SwiftCredentials {
        let identity = try Self.identityURL(endpoint.authURL ?? "")
        let (request, summary) = try request(identity: identity)
        exchange.log?("sign-in: \(request.method.rawValue) \(request.url) \(summary)")
        let response: HTTPExchangeResponse
        do {
            response = try await exchange.send(request)
        } catch StorageError.unreachable(let message) {
            throw StorageError.unreachable("Keystone at \(identity): \(message)")
        } catch StorageError.timedOut(let message) {
            throw StorageError.timedOut("Keystone at \(identity): \(message)")
        }
        guard response.status == 200 || response.status == 201 else {
            throw refusal(response, summary: summary)
        }
        let token = request.method == .GET ? endpoint.token : response.headers.first(name: "X-Subject-Token")
        guard let token, !token.isEmpty else {
            throw StorageError.invalidResponse("Keystone's answer has no X-Subject-Token")
        }
        let answer = try KeystoneAnswer.decode(Data(response.body.readableBytesView))
        let storageURL = try endpoint.storageURL ?? answer.storageURL(region: settings.region, interface: settings.interface)
        exchange.log?(
            "sign-in: \(response.status) token <redacted> expires \(answer.token.expires_at ?? "never") "
                + "object-store \(storageURL)"
                + (endpoint.storageURL == nil ? " (\(settings.region ?? "any region"), \(settings.interface))" : " (storage_url)"))
        return SwiftCredentials(storageURL: storageURL, token: token, expiresAt: answer.expiresAt)
    }

    /// The request and its redacted description: validating an existing token (GET, which
    /// returns its catalog without making a new one), or a POST with a password or credential.
    private func request(identity: String) throws -> (HTTPExchangeRequest, String) {
        let url = identity + "/auth/tokens"
        let hasPassword = (endpoint.user != nil || settings.userID != nil) && (endpoint.key != nil || endpoint.keyCommand != nil)
        if !settings.hasApplicationCredential, !hasPassword, let token = endpoint.token {
            let headers: HTTPHeaders = ["X-Auth-Token": token, "X-Subject-Token": token]
            return (HTTPExchangeRequest(method: .GET, url: url, headers: headers), "token=<redacted>")
        }
        let secret = try secretValue()
        let body = KeystoneRequestBody.make(user: endpoint.user, settings: settings, secret: secret)
        let data = try body.data()
        var request = HTTPExchangeRequest(method: .POST, url: url, headers: ["Content-Type": "application/json"])
        request.makeBody = { .bytes(ByteBuffer(bytes: data)) }
        return (request, body.summary)
    }

    /// The password or the application credential's secret, from the settings or their command.
    private func secretValue() throws -> String {
        if settings.hasApplicationCredential {
            if let secret = settings.applicationCredentialSecret { return secret }
            return try KeyCommand.run(settings.applicationCredentialSecretCommand ?? "")
        }
        if let key = endpoint.key { return key }
        if let command = endpoint.keyCommand { return try KeyCommand.run(command) }
        throw StorageError.unauthorized("no password, password_command or application credential to sign in with")
    }

    /// Keystone's refusal as one line, with its own message (wrong password, unknown user or project).
    private func refusal(_ response: HTTPExchangeResponse, summary: String) -> StorageError {
        let said = Self.keystoneMessage(response) ?? response.errorText
        switch response.status {
        case 400, 401, 403, 404:
            return .unauthorized("Keystone refused the sign-in (\(summary)): \(said)")
        default:
            // A sign-in is not sent again; the wait Keystone asks for is said, not slept.
            if let wait = RetryPolicy.retryAfterWait(response.headers.first(name: "Retry-After")) {
                return .waitTooLong(status: response.status, retryAfter: wait, limit: 0)
            }
            return .server(status: response.status, message: "Keystone: \(said)")
        }
    }

    /// `error.message` of Keystone's JSON error body.
    static func keystoneMessage(_ response: HTTPExchangeResponse) -> String? {
        struct Failure: Decodable {
            struct Detail: Decodable { var message: String? }
            var error: Detail
        }
        let message = (try? JSONDecoder().decode(Failure.self, from: Data(response.body.readableBytesView)))?.error.message
        return message.map { $0.split(separator: "\n").joined(separator: " ") }
    }

    /// The v3 base URL: the auth URL, with `/v3` added when missing; a `/v2.0` URL is refused.
    static func identityURL(_ authURL: String) throws -> String {
        try refuseVersion2(authURL)
        let url = SwiftSession.trimmed(authURL)
        return url.lowercased().hasSuffix("/v3") ? url : url + "/v3"
    }

    /// Throws the one clear line for a Keystone v2.0 auth URL.
    static func refuseVersion2(_ authURL: String) throws {
        if SwiftSession.trimmed(authURL).lowercased().hasSuffix("/v2.0") {
            throw StorageError.unauthorized("\(authURL) is Keystone v2.0, which current OpenStack no longer has; use its /v3 URL")
        }
    }
}
