import Foundation

/// s3cmd's `[default]` section (`$S3CMD_CONFIG`, else `~/.s3cfg`) as the cluster `s3cmd`:
/// `access_key`, `secret_key` and `access_token`; the endpoint from `host_base` and
/// `use_https`; path-style unless `host_bucket` holds `%(bucket)s`; the region from
/// `bucket_location` (`US` is us-east-1, `EU` eu-west-1); `ca_certs_file` and `check_ssl_certificate`.
enum S3cmdConfig {
    static let name = "s3cmd"

    static func path(environment: [String: String], home: String) -> String {
        environment["S3CMD_CONFIG"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.s3cfg"
    }

    /// The `s3cmd` cluster, or why it cannot be used; nil without a file or a `[default]` section.
    static func clusters(at path: String, origin: String) throws -> [ImportedCluster]? {
        guard let section = try IniSections.read(path)?.sections.last(where: { $0.name == "default" }) else { return nil }
        return [ImportedCluster(name: name, cluster: Result { try cluster(section, path: path, origin: origin) }.asClusterResult)]
    }

    private static func cluster(_ section: IniSections.Section, path: String, origin: String) throws -> Cluster {
        func value(_ key: String) -> String? { section.values[key].flatMap { $0.value.isEmpty ? nil : $0.value } }
        func isTrue(_ key: String) -> Bool? { value(key).map { ["true", "yes", "1", "on"].contains($0.lowercased()) } }
        guard let access = value("access_key"), let secret = value("secret_key") else {
            throw ClusterError.invalidConfig(path: path, line: section.line, message: "s3cmd's [default] needs access_key and secret_key")
        }
        let host = value("host_base") ?? "s3.amazonaws.com"
        let scheme = isTrue("use_https") ?? true ? "https" : "http"
        var endpoint = S3Endpoint(
            endpoint: host == "s3.amazonaws.com" ? nil : scheme + "://" + host, region: region(value("bucket_location")),
            accessKey: access, secretKey: secret, sessionToken: value("access_token"))
        if let bucketHost = value("host_bucket") { endpoint.addressing = bucketHost.contains("%(bucket)s") ? .virtual : .path }
        if isTrue("check_ssl_certificate") == false { endpoint.insecure = true }
        endpoint.tls.caFile = value("ca_certs_file")
        if isTrue("signature_v2") == true {
            throw ClusterError.invalidConfig(
                path: path, line: section.values["signature_v2"]!.line, message: "signature_v2 is set; objsh signs with version 4 only")
        }
        return Cluster(name: name, endpoint: .s3(endpoint), origin: origin)
    }

    /// s3cmd's location names: `US` (its default) is us-east-1, `EU` eu-west-1.
    private static func region(_ location: String?) -> String? {
        switch location?.uppercased() {
        case nil, "US": nil
        case "EU": "eu-west-1"
        default: location
        }
    }
}
