/// Every cluster the shell can open, in the order `cluster` lists them.
public struct ClusterCatalog: Sendable, Equatable {
    public private(set) var clusters: [Cluster]
    /// Clusters a config file names but could not define, each with why: choosing one
    /// says it (the file and line); every other cluster works.
    public private(set) var unusable: [String: ClusterError] = [:]

    public init(clusters: [Cluster] = []) {
        self.clusters = []
        for cluster in clusters { add(cluster) }
    }

    /// The cluster of that name, if any.
    public func cluster(named name: String) -> Cluster? {
        clusters.first { $0.name == name }
    }

    /// Marks `name` as defined wrongly: an earlier definition of the name goes, and
    /// choosing it gives `problem`.
    public mutating func markUnusable(_ name: String, _ problem: ClusterError) {
        clusters.removeAll { $0.name == name }
        unusable[name] = problem
    }

    /// The cluster of that name; the problem of one defined wrongly, or an unknown name, thrown.
    public func usableCluster(named name: String) throws -> Cluster {
        if let problem = unusable[name] { throw problem }
        guard let cluster = cluster(named: name) else { throw ClusterError.unknown(name, known: names) }
        return cluster
    }

    /// Adds a cluster; a later definition of the same name replaces the earlier one.
    public mutating func add(_ cluster: Cluster) {
        unusable[cluster.name] = nil
        if let index = clusters.firstIndex(where: { $0.name == cluster.name }) {
            clusters[index] = cluster
        } else {
            clusters.append(cluster)
        }
    }

    /// Takes `name` out, defined or marked unusable.
    public mutating func remove(_ name: String) {
        clusters.removeAll { $0.name == name }
        unusable[name] = nil
    }

    /// The names, for completion.
    public var names: [String] { clusters.map(\.name) }

    /// The name no cluster may have: `file:PATH` names a local folder (`diff`).
    public static let reservedName = "file"
}
