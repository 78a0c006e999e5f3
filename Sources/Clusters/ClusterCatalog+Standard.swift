import Foundation

extension ClusterCatalog {
    /// Every cluster objsh knows at start: the built-in ones, the clouds of the
    /// openstack client's clouds.yaml, those of rclone, mc and s3cmd (`ImportedConfigs`), then the config file's
    /// (`ObjshDirectories.configFile`, if it exists), `aws` from the AWS CLI's variables,
    /// then `env` from `OS_CLOUD`'s cloud or python-swiftclient's variables. A later
    /// definition of a name replaces an earlier one. The warnings
    /// are for the user (a config file others can read that holds a key, say).
    public static func standard(
        environment: [String: String], directories: ObjshDirectories,
        currentDirectory: String = FileManager.default.currentDirectoryPath
    ) throws -> (ClusterCatalog, warnings: [String]) {
        var catalog = builtIn(directories)
        var warnings: [String] = []
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        var clouds: [Cluster] = []
        if let (found, cloudWarnings) = try CloudsFile.clusters(environment: environment, currentDirectory: currentDirectory) {
            clouds = found
            for cluster in found { catalog.add(cluster) }
            warnings += cloudWarnings
        }
        warnings += ImportedConfigs.add(to: &catalog, environment: environment, home: home)
        warnings += try addConfigFile(directories.configFile, home: home, to: &catalog)
        let (aws, awsWarnings) = awsEnvironmentCluster(environment)
        if let aws { catalog.add(aws) }
        warnings += awsWarnings
        if let name = environment["OS_CLOUD"], !name.isEmpty {
            // OS_CLOUD picks the cloud the env cluster is, as for the openstack client.
            if var cloud = clouds.first(where: { $0.name == name }) {
                cloud.name = "env"
                cloud.origin = "env (OS_CLOUD=\(name))"
                catalog.add(cloud)
            } else {
                warnings.append("objsh: warning: OS_CLOUD is \(name), but no clouds.yaml defines it")
            }
            return (catalog, warnings)
        }
        let (fromEnvironment, environmentWarnings) = environmentCluster(environment)
        if let fromEnvironment { catalog.add(fromEnvironment) }
        warnings += environmentWarnings
        return (catalog, warnings)
    }

    /// Adds the config file's clusters (marking those defined wrongly); the warnings say
    /// which could not be used, and which name of another tool's cluster a section takes.
    private static func addConfigFile(_ path: String, home: String, to catalog: inout ClusterCatalog) throws -> [String] {
        guard let (sections, warning) = try configClusters(at: path, home: home) else { return [] }
        var warnings: [String] = []
        for (name, cluster) in sections {
            if let hidden = catalog.cluster(named: name), ImportedConfigs.isImported(hidden.origin) {
                warnings.append("objsh: warning: \(path) defines \(name), which hides the cluster of the same name from \(hidden.origin)")
            }
            switch cluster {
            case .success(let cluster): catalog.add(cluster)
            case .failure(let problem):
                catalog.markUnusable(name, problem)
                warnings.append("objsh: warning: \(Self.words(problem)); cluster \(name) cannot be used until it is fixed")
            }
        }
        if let warning { warnings.append(warning) }
        return warnings
    }

    /// The config file's clusters (or why each could not be defined) and a permissions
    /// warning; nil when there is no file.
    static func configClusters(
        at path: String, home: String
    ) throws -> ([(name: String, cluster: Result<Cluster, ClusterError>)], warning: String?)? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ClusterError.invalidConfig(path: path, line: 0, message: "cannot read the file")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ClusterError.invalidConfig(path: path, line: 0, message: "the file is not UTF-8")
        }
        let sections = try ClusterConfigParser(path: path, home: home).parseEach(text)
        let clusters = sections.compactMap { try? $0.cluster.get() }
        var warning: String?
        if ClusterConfigParser.holdsSecrets(clusters), let mode = try? permissions(of: path), mode & 0o077 != 0 {
            warning = "objsh: warning: \(path) is readable by others and holds a key; chmod 600 it"
        }
        return (sections, warning)
    }

    /// A config problem as a warning says it: `PATH:LINE: message`.
    static func words(_ problem: ClusterError) -> String {
        guard case .invalidConfig(let path, let line, let message) = problem else { return "\(problem)" }
        return "\(path):\(line): \(message)"
    }

    private static func permissions(of path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? 0
    }
}
