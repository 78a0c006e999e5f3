import Browser
import Rendering

/// Completes the `[CLUSTER:]PATH` argument of `objsh` for bash, zsh and fish: cluster
/// names (as `NAME:`) and then remote paths, with the same one-request listings as
/// TAB inside the shell.
public enum PlaceCompleter {
    /// Where the names of one cluster come from; nil when it cannot be opened.
    public typealias Contexts = @Sendable (_ cluster: String?) async -> (any CompletionContext)?

    /// Every full value the place `typed` may complete to, sorted, without repeats.
    /// Folders end with `/` and cluster names with `:`, so the OS shell adds no space
    /// after them; names the terminal would act on (the escaper's controls, C1 and bidi
    /// overrides too) are left out: the OS shell would echo them raw.
    public static func candidates(for typed: String, clusterNames: [String], contexts: Contexts) async -> [String] {
        var values: [String] = []
        if !typed.hasPrefix("/"), let colon = typed.firstIndex(of: ":") {
            let cluster = String(typed[..<colon])
            // Nothing after the colon yet: from the root, so the word says so (`s3:/bucket/`);
            // `s3:bucket/` would read as a path relative to where the cluster stands.
            let rest = String(typed[typed.index(after: colon)...])
            let path = rest.isEmpty ? "/" : rest
            values = await paths(matching: path, in: contexts(cluster)).map { cluster + ":" + $0 }
        } else {
            values = clusterNames.map { $0 + ":" }.filter { $0.unicodeScalars.starts(with: typed.unicodeScalars) }
            values += await paths(matching: typed, in: contexts(nil))
        }
        let insertable = values.filter(TerminalEscaping.isPlain)
        return Array(Set(insertable)).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// Paths from the root (a leading `/` is kept as typed) that start with `typed`.
    static func paths(matching typed: String, in context: (any CompletionContext)?) async -> [String] {
        guard let context else { return [] }
        let word = PathWord(typed)
        guard word.namePrefix != "..", let folder = try? Location.root.resolving(word.directory) else { return [] }
        guard let found = try? await context.remoteNames(folder: folder, prefix: word.namePrefix, foldersOnly: false) else {
            return []
        }
        return found.candidates.filter { $0.name.unicodeScalars.starts(with: word.namePrefix.unicodeScalars) }
            .map { word.joined($0.name) + ($0.isFolder ? "/" : "") }
    }
}
