import Foundation

extension ClusterCatalog {
    /// Every cluster objsh knows at start: the built-in ones, then the config file's
    /// (`ObjshDirectories.configFile`, if it exists), then `env` from python-swiftclient's
    /// variables and `aws` from the AWS CLI's. A later definition of a name replaces an earlier one. The warnings
    /// are for the user (a config file others can read that holds a key, say).
    public static func standard(environment: [String: String], directories: ObjshDirectories) throws -> (ClusterCatalog, warnings: [String]) {
        var catalog = builtIn(directories)
        var warnings: [String] = []
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        if let (clusters, warning) = try configClusters(at: directories.configFile, home: home) {
            for cluster in clusters { catalog.add(cluster) }
            if let warning { warnings.append(warning) }
        }
        let (fromEnvironment, environmentWarnings) = environmentCluster(environment)
        if let fromEnvironment { catalog.add(fromEnvironment) }
        warnings += environmentWarnings
        let (aws, awsWarnings) = awsEnvironmentCluster(environment)
        if let aws { catalog.add(aws) }
        warnings += awsWarnings
        return (catalog, warnings)
    }

    /// The config file's clusters and a permissions warning; nil when there is no file.
    static func configClusters(at path: String, home: String) throws -> ([Cluster], warning: String?)? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ClusterError.invalidConfig(path: path, line: 0, message: "cannot read the file")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ClusterError.invalidConfig(path: path, line: 0, message: "the file is not UTF-8")
        }
        let clusters = try ClusterConfigParser(path: path, home: home).parse(text)
        var warning: String?
        if ClusterConfigParser.holdsSecrets(clusters), let mode = try? permissions(of: path), mode & 0o077 != 0 {
            warning = "objsh: warning: \(path) is readable by others and holds a key; chmod 600 it"
        }
        return (clusters, warning)
    }

    private static func permissions(of path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? 0
    }

    /// The `env` cluster from `ST_AUTH`/`ST_USER`/`ST_KEY` and `OS_STORAGE_URL`/`OS_AUTH_TOKEN`,
    /// as python-swiftclient reads them; warnings for sets left half done.
    public static func environmentCluster(_ environment: [String: String]) -> (Cluster?, warnings: [String]) {
        func value(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        var endpoint = SwiftEndpoint()
        var warnings: [String] = []
        let login = [value("ST_AUTH"), value("ST_USER"), value("ST_KEY")]
        if login.allSatisfy({ $0 != nil }) {
            endpoint.authURL = login[0]
            endpoint.user = login[1]
            endpoint.key = login[2]
        } else if login.contains(where: { $0 != nil }) {
            warnings.append("objsh: warning: ST_AUTH, ST_USER and ST_KEY must all be set for the env cluster; ignoring them")
        }
        let preIssued = [value("OS_STORAGE_URL"), value("OS_AUTH_TOKEN")]
        if preIssued.allSatisfy({ $0 != nil }) {
            endpoint.storageURL = preIssued[0]
            endpoint.token = preIssued[1]
        } else if preIssued.contains(where: { $0 != nil }) {
            warnings.append("objsh: warning: OS_STORAGE_URL and OS_AUTH_TOKEN must both be set for the env cluster; ignoring them")
        }
        guard endpoint.authURL != nil || endpoint.storageURL != nil else { return (nil, warnings) }
        return (Cluster(name: "env", endpoint: .swift(endpoint), origin: "env"), warnings)
    }
}
