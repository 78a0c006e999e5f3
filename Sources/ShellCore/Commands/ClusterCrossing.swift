import Browser
import Clusters
import Foundation
import Transfers

/// The one set-up of a copy between two clusters (`cp`, `mv`, and `sync` of two stores):
/// the bytes stream through objsh, parts of `--segment-size` held in a spool folder
/// while they go up, and the folder goes when the command is done.
@MainActor
enum ClusterCrossing {
    /// Runs `body` with how objects stream from `from`'s cluster to `to`'s, or with nil
    /// when there is no crossing (one cluster, or a side that is a local folder).
    static func run<Result>(
        from: BrowserSession?, to: BrowserSession?, partBytes: Int64?, progress: TransferProgress?,
        _ body: (StreamedCopy?) async throws -> Result
    ) async throws -> Result {
        guard let from, let to, from !== to else { return try await body(nil) }
        let spool = try SpoolFolder()
        defer { spool.remove() }
        var copy = from.streamedCopy(to: to, spool: spool)
        copy.progress = progress
        if let partBytes { copy.partBytes = partBytes }
        return try await body(copy)
    }
}

extension CommandContext {
    /// Whether two browsers reach one account of one endpoint: one cluster, or two names
    /// whose endpoint and credentials lead to the same account (a file store's folder
    /// through its links). Then a copy between them can meet what it reads.
    func reachOneAccount(_ one: BrowserSession, _ other: BrowserSession) -> Bool {
        guard one !== other else { return true }
        guard let first = try? shell.cluster(named: one.clusterName), let second = try? shell.cluster(named: other.clusterName) else {
            return false
        }
        return Self.account(of: first) == Self.account(of: second)
    }

    static func account(of cluster: Cluster) -> String {
        guard case .directory(let path) = cluster.endpoint else { return cluster.accountIdentity }
        return "file " + URL(fileURLWithPath: path).resolvingSymlinksInPath().standardizedFileURL.path
    }
}
