import Endpoints
import Foundation

/// The JSON of a Keystone v3 `POST /auth/tokens`, and a description of it without secrets for `--debug`.
struct KeystoneRequestBody {
    /// The JSON object, secrets included.
    var json: [String: Any]
    /// What the request asks for, secrets replaced by `<redacted>`.
    var summary: String

    /// The body for `settings`: an application credential when one is set, else a password.
    /// `secret` is the password or the credential's secret (already read from its command).
    static func make(user: String?, settings: KeystoneSettings, secret: String) -> KeystoneRequestBody {
        if settings.hasApplicationCredential {
            var credential: [String: Any] = ["secret": secret]
            var words = ["application_credential"]
            if let id = settings.applicationCredentialID {
                credential["id"] = id
                words.append("id=\(id)")
            } else if let name = settings.applicationCredentialName {
                credential["name"] = name
                credential["user"] = userObject(user: user, settings: settings)
                words.append("name=\(name) user=\(userText(user: user, settings: settings))")
            }
            words.append("secret=<redacted>")
            let identity: [String: Any] = ["methods": ["application_credential"], "application_credential": credential]
            return KeystoneRequestBody(json: ["auth": ["identity": identity]], summary: words.joined(separator: " "))
        }
        var person = userObject(user: user, settings: settings)
        person["password"] = secret
        var auth: [String: Any] = ["identity": ["methods": ["password"], "password": ["user": person]]]
        var words = ["password", "user=\(userText(user: user, settings: settings))", "password=<redacted>"]
        if let scope = projectScope(settings) {
            auth["scope"] = ["project": scope.object]
            words.append("project=\(scope.text)")
        }
        return KeystoneRequestBody(json: ["auth": auth], summary: words.joined(separator: " "))
    }

    /// The user by ID, or by name in its domain (`Default` when none is given, as most clouds have).
    private static func userObject(user: String?, settings: KeystoneSettings) -> [String: Any] {
        if let id = settings.userID { return ["id": id] }
        return ["name": user ?? "", "domain": domain(name: settings.userDomainName, id: settings.userDomainID)]
    }

    private static func userText(user: String?, settings: KeystoneSettings) -> String {
        if let id = settings.userID { return "id:\(id)" }
        return "\(user ?? "")@\(settings.userDomainName ?? settings.userDomainID ?? "default")"
    }

    /// The project by ID, or by name in its domain; nil for no scope (the user's default project).
    static func projectScope(_ settings: KeystoneSettings) -> (object: [String: Any], text: String)? {
        if let id = settings.projectID { return (["id": id], "id:\(id)") }
        guard let name = settings.projectName else { return nil }
        // Like the openstack client, a project domain left out is the user's.
        let domainName = settings.projectDomainName ?? (settings.projectDomainID == nil ? settings.userDomainName : nil)
        let domainID = settings.projectDomainID ?? (settings.projectDomainName == nil ? settings.userDomainID : nil)
        return (["name": name, "domain": domain(name: domainName, id: domainID)], "\(name)@\(domainName ?? domainID ?? "default")")
    }

    private static func domain(name: String?, id: String?) -> [String: Any] {
        if let id { return ["id": id] }
        if let name { return ["name": name] }
        return ["id": "default"]
    }

    /// The encoded body.
    func data() throws -> Data {
        try JSONSerialization.data(withJSONObject: json)
    }
}
