import Foundation

/// rclone's remotes of type `swift` and `s3` (`$RCLONE_CONFIG`, else
/// `~/.config/rclone/rclone.conf`), each a cluster named `rclone-NAME`.
///
/// rclone keeps a Swift `key` and an S3 `secret_access_key` as typed: only the options
/// it marks as passwords are obscured, and neither backend has one (checked against
/// `rclone config create`). Remotes of other types are left out; a remote that takes its
/// keys from the environment (`env_auth = true`) is named with why it cannot be used.
enum RcloneConfig {
    static let prefix = "rclone-"

    static func path(environment: [String: String], home: String) -> String {
        if let path = environment["RCLONE_CONFIG"], !path.isEmpty { return path }
        let config = environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.config"
        return config + "/rclone/rclone.conf"
    }

    /// Each swift or s3 remote's cluster, or why it cannot be used; nil without a file.
    static func clusters(at path: String, origin: String) throws -> [ImportedCluster]? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        if String(decoding: data.prefix(64), as: UTF8.self).hasPrefix("# Encrypted rclone configuration File") {
            throw ClusterError.invalidConfig(
                path: path, line: 1, message: "the file is encrypted (rclone config encryption); objsh cannot read it")
        }
        guard let sections = try IniSections.read(path)?.sections else { return nil }
        return sections.compactMap { section in
            let reader = SectionReader(section: section, path: path)
            let endpoint: Result<ClusterEndpoint, ClusterError>
            switch section.values["type"]?.value {
            case "s3": endpoint = Result { .s3(try reader.s3()) }.asClusterResult
            case "swift": endpoint = Result { .swift(try reader.swift()) }.asClusterResult
            default: return nil
            }
            return ImportedCluster(
                name: prefix + section.name, cluster: endpoint.map { Cluster(name: prefix + section.name, endpoint: $0, origin: origin) })
        }
    }

    private struct SectionReader {
        let section: IniSections.Section
        let path: String

        func value(_ key: String) -> String? { section.values[key].flatMap { $0.value.isEmpty ? nil : $0.value } }

        func problem(_ message: String, key: String? = nil) -> ClusterError {
            .invalidConfig(
                path: path, line: key.flatMap { section.values[$0]?.line } ?? section.line, message: "rclone remote \(section.name): \(message)")
        }

        func checkEnvironmentAuth() throws {
            if value("env_auth")?.lowercased() == "true" {
                throw problem("takes its keys from the environment (env_auth); objsh's aws and env clusters read those variables", key: "env_auth")
            }
        }

        func s3() throws -> S3Endpoint {
            try checkEnvironmentAuth()
            guard let access = value("access_key_id"), let secret = value("secret_access_key") else {
                throw problem("needs access_key_id and secret_access_key")
            }
            var endpoint = S3Endpoint(endpoint: value("endpoint"), region: value("region"), accessKey: access, secretKey: secret)
            endpoint.sessionToken = value("session_token")
            if let url = endpoint.endpoint, !url.contains("://") { endpoint.endpoint = "https://" + url }
            if endpoint.region == "other-v2-signature" {
                throw problem("signs with AWS signature version 2, which objsh does not support", key: "region")
            }
            if let style = value("force_path_style")?.lowercased() { endpoint.addressing = style == "false" ? .virtual : .path }
            return endpoint
        }

        func swift() throws -> SwiftEndpoint {
            try checkEnvironmentAuth()
            var endpoint = SwiftEndpoint(
                authURL: value("auth"), user: value("user"), key: value("key"), storageURL: value("storage_url"), token: value("auth_token"))
            let version = value("auth_version").flatMap { Int($0) } ?? endpoint.authURL.flatMap(KeystoneSettings.impliedVersion) ?? 1
            if version == 2 {
                throw problem("signs in with Keystone v2.0, which is gone from current OpenStack; use auth_version = 3", key: "auth_version")
            }
            if version == 3 { endpoint.keystone = keystone() }
            guard endpoint.canSignIn || (endpoint.storageURL != nil && endpoint.token != nil) else {
                throw problem("needs auth with user and key (or an application credential), or storage_url and auth_token")
            }
            return endpoint
        }

        func keystone() -> KeystoneSettings {
            var settings = KeystoneSettings()
            settings.userID = value("user_id")
            settings.userDomainName = value("domain")
            settings.projectName = value("tenant")
            settings.projectID = value("tenant_id")
            settings.projectDomainName = value("tenant_domain")
            settings.region = value("region")
            settings.interface = value("endpoint_type").flatMap(KeystoneSettings.interfaceName) ?? "public"
            settings.applicationCredentialID = value("application_credential_id")
            settings.applicationCredentialName = value("application_credential_name")
            settings.applicationCredentialSecret = value("application_credential_secret")
            return settings
        }
    }
}
