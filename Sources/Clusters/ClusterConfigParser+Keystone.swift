extension ClusterConfigParser {
    /// Keys only a Keystone v3 cluster takes (besides `username`/`password`, aliases of `user`/`key`).
    static let keystoneKeys: Set<String> = [
        "user_id", "user_domain_name", "user_domain_id", "project_name", "project_id", "project_domain_name",
        "project_domain_id", "tenant_name", "tenant_id", "region", "interface", "application_credential_id",
        "application_credential_name", "application_credential_secret", "application_credential_secret_command",
    ]
    /// Keys naming the same thing twice: `user`/`username`, `key`/`password`, `key_command`/`password_command`.
    static let aliasKeys: [(String, String)] = [
        ("user", "username"), ("key", "password"), ("key_command", "password_command"),
        ("project_name", "tenant_name"), ("project_id", "tenant_id"),
    ]

    /// The value of `key` or its alias; both set is an error.
    func aliased(_ section: ClusterConfigSection, _ key: String) throws -> String? {
        guard let alias = Self.aliasKeys.first(where: { $0.0 == key })?.1 else { return section.values[key]?.value }
        if section.values[key] != nil, let second = section.values[alias] {
            throw invalid(second.line, "set \(key) or \(alias), not both")
        }
        return section.values[key]?.value ?? section.values[alias]?.value
    }

    /// 1 or 3: `auth_version`, else 3 for an `auth_url` ending in `/v3`, else 1.
    func authVersion(_ section: ClusterConfigSection) throws -> Int {
        guard let entry = section.values["auth_version"] else {
            return section.values["auth_url"].flatMap { KeystoneSettings.impliedVersion(of: $0.value) } ?? 1
        }
        switch entry.value.lowercased() {
        case "1", "1.0", "v1", "v1.0": return 1
        case "3", "3.0", "v3": return 3
        case "2", "2.0", "v2", "v2.0":
            throw invalid(entry.line, "Keystone v2.0 is gone from current OpenStack; use auth_version = 3 and the /v3 auth URL")
        default: throw invalid(entry.line, "auth_version is 1 or 3, not \"\(entry.value)\"")
        }
    }

    /// The Keystone settings of a version 3 section; for version 1, checks that none is set.
    func keystoneSettings(_ section: ClusterConfigSection, version: Int) throws -> KeystoneSettings? {
        guard version == 3 else {
            if let (key, entry) = section.values.filter({ Self.keystoneKeys.contains($0.key) }).min(by: { $0.value.line < $1.value.line }) {
                throw invalid(entry.line, "\(key) is for Keystone (auth_version = 3 or a /v3 auth_url)")
            }
            return nil
        }
        func value(_ key: String) -> String? { section.values[key]?.value }
        var settings = KeystoneSettings()
        settings.userID = value("user_id")
        settings.userDomainName = value("user_domain_name")
        settings.userDomainID = value("user_domain_id")
        settings.projectName = try aliased(section, "project_name")
        settings.projectID = try aliased(section, "project_id")
        settings.projectDomainName = value("project_domain_name")
        settings.projectDomainID = value("project_domain_id")
        settings.region = value("region")
        if let entry = section.values["interface"] {
            guard let name = KeystoneSettings.interfaceName(entry.value) else {
                throw invalid(entry.line, "interface is public, internal or admin, not \"\(entry.value)\"")
            }
            settings.interface = name
        }
        settings.applicationCredentialID = value("application_credential_id")
        settings.applicationCredentialName = value("application_credential_name")
        settings.applicationCredentialSecret = value("application_credential_secret")
        settings.applicationCredentialSecretCommand = value("application_credential_secret_command")
        if settings.applicationCredentialSecret != nil, let second = section.values["application_credential_secret_command"] {
            throw invalid(second.line, "set application_credential_secret or application_credential_secret_command, not both")
        }
        return settings
    }
}
