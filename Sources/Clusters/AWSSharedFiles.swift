import Foundation

/// The AWS CLI's shared files, `~/.aws/credentials` and `~/.aws/config` (or the files
/// `AWS_SHARED_CREDENTIALS_FILE` and `AWS_CONFIG_FILE` name), for `profile = NAME`.
///
/// Only static keys are read (`aws_access_key_id`, `aws_secret_access_key`,
/// `aws_session_token`), with `region` and `endpoint_url`; a profile that gets its keys
/// another way (SSO, an assumed role, a credential process) is refused by name.
public struct AWSSharedFiles: Sendable {
    public var credentialsPath: String
    public var configPath: String

    /// Keys that make a profile get its credentials in a way objsh does not support.
    static let unsupportedKeys: [(key: String, what: String)] = [
        ("sso_session", "AWS SSO (IAM Identity Center)"), ("sso_start_url", "AWS SSO (IAM Identity Center)"),
        ("role_arn", "an assumed role (role_arn)"), ("credential_process", "a credential_process"),
        ("web_identity_token_file", "a web identity token"),
    ]

    public init(environment: [String: String], home: String) {
        func value(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        credentialsPath = value("AWS_SHARED_CREDENTIALS_FILE") ?? home + "/.aws/credentials"
        configPath = value("AWS_CONFIG_FILE") ?? home + "/.aws/config"
    }

    /// `endpoint` with its profile's keys, region and endpoint filled in where the
    /// cluster does not set them itself; unchanged without a profile.
    public func resolve(_ endpoint: S3Endpoint) throws -> S3Endpoint {
        guard let name = endpoint.profile else { return endpoint }
        let credentials = try Self.sections(at: credentialsPath)
        let config = try Self.sections(at: configPath)
        let fromCredentials = credentials[name] ?? [:]
        let fromConfig = config[name == "default" ? "default" : "profile " + name] ?? [:]
        guard credentials[name] != nil || !fromConfig.isEmpty else {
            throw ClusterError.invalidConfig(
                path: credentialsPath, line: 0,
                message: "no profile \(name) in \(credentialsPath) or \(configPath)")
        }
        let merged = fromConfig.merging(fromCredentials) { $1 }
        if let (key, what) = Self.unsupportedKeys.first(where: { merged[$0.key] != nil }) {
            throw ClusterError.invalidConfig(
                path: configPath, line: merged[key]!.line,
                message: "profile \(name) signs in with \(what), which objsh does not support; "
                    + "use static keys (aws_access_key_id, aws_secret_access_key), or export "
                    + "AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY and AWS_SESSION_TOKEN from the AWS CLI")
        }
        var resolved = endpoint
        if resolved.accessKey == nil, resolved.secretKey == nil, resolved.secretCommand == nil {
            guard let access = merged["aws_access_key_id"]?.value, let secret = merged["aws_secret_access_key"]?.value else {
                throw ClusterError.invalidConfig(
                    path: credentialsPath, line: 0,
                    message: "profile \(name) has no aws_access_key_id and aws_secret_access_key")
            }
            resolved.accessKey = access
            resolved.secretKey = secret
            resolved.sessionToken = resolved.sessionToken ?? merged["aws_session_token"]?.value
        }
        resolved.region = resolved.region ?? merged["region"]?.value
        resolved.endpoint = resolved.endpoint ?? merged["endpoint_url"]?.value
        resolved.tls.caFile = resolved.tls.caFile ?? merged["ca_bundle"]?.value
        return resolved
    }

    /// The `[section]`s of an INI file, each a map of `key = value` (with line numbers);
    /// empty when the file does not exist. A name given twice merges, the later value winning.
    static func sections(at path: String) throws -> [String: [String: (value: String, line: Int)]] {
        var sections: [String: [String: (value: String, line: Int)]] = [:]
        for section in try IniSections.read(path)?.sections ?? [] {
            sections[section.name, default: [:]].merge(section.values) { $1 }
        }
        return sections
    }
}
