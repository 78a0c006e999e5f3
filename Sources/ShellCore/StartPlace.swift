/// Where `objsh [CLUSTER:]PATH` starts, as sftp's `host:dir` says it.
///
/// A place that starts with `/` is a path on the cluster `--cluster` chose; otherwise
/// the text before the first `:` is the cluster (a name, or a directory as `--cluster`
/// takes it) and the rest a path from its root; with no `:` at all, the whole place is
/// a path from the root.
public struct StartPlace: Equatable, Sendable {
    /// The cluster part, as `--cluster` would take it; nil when the place names none.
    public var cluster: String?
    /// The path to open, absolute (`/` for the root).
    public var path: String

    public init(_ text: String) {
        if !text.hasPrefix("/"), let colon = text.firstIndex(of: ":") {
            cluster = String(text[..<colon])
            path = Self.absolute(String(text[text.index(after: colon)...]))
        } else {
            cluster = nil
            path = Self.absolute(text)
        }
    }

    /// A path from the root: `photos/2024` is `/photos/2024`, nothing is `/`.
    static func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : "/" + path
    }
}
