import Foundation
import Yams

/// The openstack client's `clouds.yaml`, with `secure.yaml` merged over it: every
/// cloud there becomes a Keystone cluster of the same name.
public enum CloudsFile {
    /// The folders searched, first match wins, as the openstack client does: the
    /// current folder, `$XDG_CONFIG_HOME/openstack` (default `~/.config/openstack`), `/etc/openstack`.
    public static func folders(environment: [String: String], currentDirectory: String) -> [String] {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        let config = environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.config"
        return [currentDirectory, config + "/openstack", "/etc/openstack"]
    }

    /// The clusters of the first `clouds.yaml` found (`OS_CLIENT_CONFIG_FILE` first) and of the
    /// first `secure.yaml`; warnings for clouds that cannot sign in. Nil when there is no file.
    public static func clusters(environment: [String: String], currentDirectory: String) throws -> ([Cluster], warnings: [String])? {
        let folders = folders(environment: environment, currentDirectory: currentDirectory)
        let candidates = [environment["OS_CLIENT_CONFIG_FILE"]].compactMap { $0 } + folders.map { $0 + "/clouds.yaml" }
        guard let cloudsPath = candidates.first(where: { FileManager.default.fileExists(atPath: $0) }) else { return nil }
        let securePath = folders.map { $0 + "/secure.yaml" }.first { FileManager.default.fileExists(atPath: $0) }
        let clouds = try read(cloudsPath)
        let secure = try securePath.map(read) ?? [:]
        return clusters(merging(clouds, secure), path: cloudsPath)
    }

    /// The `clouds` mapping of a YAML file; a file that is not YAML names its line.
    static func read(_ path: String) throws -> [String: Any] {
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            throw ClusterError.invalidConfig(path: path, line: 0, message: "cannot read the file as UTF-8")
        }
        return try parse(text, path: path)
    }

    /// The `clouds` mapping of YAML `text`.
    static func parse(_ text: String, path: String) throws -> [String: Any] {
        let document: Any?
        do {
            document = try Yams.load(yaml: text)
        } catch let error as YamlError {
            throw ClusterError.invalidConfig(path: path, line: line(of: error), message: "not valid YAML")
        }
        guard let root = document as? [String: Any] else {
            if document == nil { return [:] }
            throw ClusterError.invalidConfig(path: path, line: 1, message: "expected a mapping with a clouds: key")
        }
        return root["clouds"] as? [String: Any] ?? [:]
    }

    static func line(of error: YamlError) -> Int {
        switch error {
        case .scanner(_, _, let mark, _), .parser(_, _, let mark, _): mark.line
        default: 0
        }
    }

    /// `secure` merged over `base`, mapping by mapping, as the openstack client merges secure.yaml.
    static func merging(_ base: [String: Any], _ secure: [String: Any]) -> [String: Any] {
        var merged = base
        for (key, value) in secure {
            if let inner = value as? [String: Any], let existing = merged[key] as? [String: Any] {
                merged[key] = merging(existing, inner)
            } else {
                merged[key] = value
            }
        }
        return merged
    }

    /// One cluster per cloud, sorted by name; a cloud that cannot sign in is a warning.
    static func clusters(_ clouds: [String: Any], path: String) -> ([Cluster], warnings: [String]) {
        var clusters: [Cluster] = []
        var warnings: [String] = []
        for name in clouds.keys.sorted() {
            guard !name.contains(where: { $0 == " " || $0 == "\t" || $0 == "/" }) else {
                warnings.append("objsh: warning: \(path): cloud \"\(name)\" has a space or / in its name; skipped")
                continue
            }
            guard name != ClusterCatalog.reservedName else {
                warnings.append("objsh: warning: \(path): cloud \(name): the name is reserved for local folders (file:PATH); skipped")
                continue
            }
            let endpoint = CloudsEntry(clouds[name] as? [String: Any] ?? [:]).endpoint
            guard endpoint.canSignIn || (endpoint.storageURL != nil && endpoint.token != nil) else {
                warnings.append(
                    "objsh: warning: \(path): cloud \(name) has no auth_url with a password, "
                        + "an application credential or a token; skipped")
                continue
            }
            clusters.append(Cluster(name: name, endpoint: .swift(endpoint), origin: "clouds.yaml"))
        }
        return (clusters, warnings)
    }
}
