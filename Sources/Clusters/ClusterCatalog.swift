/// Every cluster the shell can open, in the order `cluster` lists them.
public struct ClusterCatalog: Sendable, Equatable {
    public private(set) var clusters: [Cluster]

    public init(clusters: [Cluster] = []) {
        self.clusters = []
        for cluster in clusters { add(cluster) }
    }

    /// The cluster of that name, if any.
    public func cluster(named name: String) -> Cluster? {
        clusters.first { $0.name == name }
    }

    /// Adds a cluster; a later definition of the same name replaces the earlier one.
    public mutating func add(_ cluster: Cluster) {
        if let index = clusters.firstIndex(where: { $0.name == cluster.name }) {
            clusters[index] = cluster
        } else {
            clusters.append(cluster)
        }
    }

    /// The names, for completion.
    public var names: [String] { clusters.map(\.name) }

    /// The name no cluster may have: `file:PATH` names a local folder (`diff`).
    public static let reservedName = "file"
}
