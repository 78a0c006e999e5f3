import Foundation

/// One cluster another tool's config defines, or why it cannot be used (its file and line).
struct ImportedCluster {
    var name: String
    var cluster: Result<Cluster, ClusterError>
}

/// Clusters the user already has in other tools' files: rclone's swift and s3 remotes
/// (`rclone-NAME`), the MinIO client's aliases (`mc-ALIAS`) and s3cmd's `~/.s3cfg`
/// (`s3cmd`). They are read, never written. A file that cannot be read stops only its own
/// clusters; a cluster of objsh's config file with the same name replaces one of them, with a warning.
public enum ImportedConfigs {
    /// Each source: its tool, where its file is, and its reader.
    typealias Source = (tool: String, path: String, read: (String, String) throws -> [ImportedCluster]?)

    static func sources(environment: [String: String], home: String) -> [Source] {
        [
            ("rclone", RcloneConfig.path(environment: environment, home: home), RcloneConfig.clusters),
            ("mc", MinioClientConfig.path(environment: environment, home: home), MinioClientConfig.clusters),
            ("s3cmd", S3cmdConfig.path(environment: environment, home: home), S3cmdConfig.clusters),
        ]
    }

    /// Adds every source's clusters to `catalog` (marking those defined wrongly); the warnings say what could not be used.
    static func add(to catalog: inout ClusterCatalog, environment: [String: String], home: String) -> [String] {
        var warnings: [String] = []
        for source in sources(environment: environment, home: home) {
            let origin = "\(source.tool) \(source.path)"
            let found: [ImportedCluster]
            do {
                guard let clusters = try source.read(source.path, origin) else { continue }
                found = clusters
            } catch let problem as ClusterError {
                warnings.append("objsh: warning: \(ClusterCatalog.words(problem)); its clusters cannot be used until it is fixed")
                continue
            } catch {
                continue
            }
            for entry in found {
                guard !entry.name.contains(where: { $0 == " " || $0 == "\t" || $0 == "/" }) else {
                    warnings.append("objsh: warning: \(source.path): \(entry.name) has a space or / in its name; skipped")
                    continue
                }
                switch entry.cluster {
                case .success(let cluster): catalog.add(cluster)
                case .failure(let problem):
                    catalog.markUnusable(entry.name, problem)
                    warnings.append("objsh: warning: \(ClusterCatalog.words(problem)); cluster \(entry.name) cannot be used until it is fixed")
                }
            }
        }
        return warnings
    }

    /// Whether `origin` is one of these sources' (`rclone PATH`, `mc PATH`, `s3cmd PATH`).
    public static func isImported(_ origin: String) -> Bool {
        ["rclone ", "mc ", "s3cmd "].contains { origin.hasPrefix($0) }
    }

    /// The file's text; a problem when it cannot be read as UTF-8.
    static func text(at path: String) throws -> String {
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            throw ClusterError.invalidConfig(path: path, line: 0, message: "cannot read the file as UTF-8")
        }
        return text
    }
}

extension Result where Failure == any Error {
    /// A cluster's result with its problem as a `ClusterError` (any other error said in words).
    var asClusterResult: Result<Success, ClusterError> {
        mapError { error in error as? ClusterError ?? .invalidConfig(path: "", line: 0, message: "\(error)") }
    }
}
