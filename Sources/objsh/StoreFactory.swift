import Clusters
import Foundation
import ShellCore
import Storage

/// The one place that turns a cluster's endpoint into a store.
enum StoreFactory {
    static func open(_ cluster: Cluster) async throws -> any ObjectStore {
        switch cluster.endpoint {
        case .directory(let path):
            if cluster.origin == "built-in" {
                if cluster.name == "sample" {
                    try SampleData.materialize(at: path)
                } else {
                    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
                }
            }
            return FileStore(root: path)
        case .swift:
            throw ShellError.failed(command: "cluster", message: "\(cluster.name): the swift backend is not built into this objsh")
        }
    }
}
