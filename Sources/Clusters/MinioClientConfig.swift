import Foundation
import Yams

/// The MinIO client's aliases (`$MC_CONFIG_DIR/config.json`, else `~/.mc/config.json`),
/// each a cluster named `mc-ALIAS`. An alias without keys, or with mc's placeholder
/// `YOUR-ACCESS-KEY-HERE` (its default `local`, `gcs` and `s3`), is left out.
enum MinioClientConfig {
    static let prefix = "mc-"

    static func path(environment: [String: String], home: String) -> String {
        let folder = environment["MC_CONFIG_DIR"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.mc"
        return folder + "/config.json"
    }

    /// Each alias's cluster, or why it cannot be used; nil without a file. The file is read
    /// with the YAML parser (JSON is YAML), which says the line of a mistake.
    static func clusters(at path: String, origin: String) throws -> [ImportedCluster]? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        let text = try ImportedConfigs.text(at: path)
        let node: Node?
        do {
            node = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw ClusterError.invalidConfig(path: path, line: CloudsFile.line(of: error), message: "not valid JSON")
        }
        guard let root = node?.mapping else { throw ClusterError.invalidConfig(path: path, line: 1, message: "expected a JSON object") }
        // Version 10 calls them aliases; older files, hosts.
        guard let aliases = (root["aliases"] ?? root["hosts"])?.mapping else { return [] }
        return aliases.compactMap { key, value in
            guard let alias = key.string else { return nil }
            return cluster(alias, value, path: path, origin: origin)
        }
    }

    private static func cluster(_ alias: String, _ node: Node, path: String, origin: String) -> ImportedCluster? {
        let name = prefix + alias
        func field(_ key: String) -> String? { node.mapping?[key]?.string.flatMap { $0.isEmpty ? nil : $0 } }
        guard let access = field("accessKey"), access != "YOUR-ACCESS-KEY-HERE" else { return nil }
        let line = node.mark.map { $0.line } ?? 0
        guard let url = field("url"), url.hasPrefix("http://") || url.hasPrefix("https://"), let secret = field("secretKey") else {
            let problem = ClusterError.invalidConfig(
                path: path, line: line, message: "mc alias \(alias): needs an http:// or https:// url and a secretKey")
            return ImportedCluster(name: name, cluster: .failure(problem))
        }
        var endpoint = S3Endpoint(endpoint: url, accessKey: access, secretKey: secret)
        endpoint.sessionToken = field("sessionToken")
        switch field("path")?.lowercased() {
        case "on": endpoint.addressing = .path
        case "off", "dns": endpoint.addressing = .virtual
        default: break
        }
        if field("api")?.lowercased() == "s3v2" {
            let problem = ClusterError.invalidConfig(
                path: path, line: line, message: "mc alias \(alias): signs with S3 signature version 2, which objsh does not support")
            return ImportedCluster(name: name, cluster: .failure(problem))
        }
        return ImportedCluster(name: name, cluster: .success(Cluster(name: name, endpoint: .s3(endpoint), origin: origin)))
    }
}
