import Browser
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
