import Browser

/// A `cp`/`mv` operand that may name another cluster, as `CLUSTER:PATH` (the path from
/// that cluster's root, as `objsh CLUSTER:PATH` and rclone's `remote:path` read it).
/// Only a configured cluster's name counts before the `:`, so an object named `a:b`
/// stays a name here; `./NAME:x` names an object whose name starts like a cluster's.
struct ClusterOperand {
    /// The cluster named, or nil for the current one.
    let cluster: String?
    /// The path or pattern, without the cluster's name.
    let argument: PathArgument

    init(_ argument: PathArgument, clusters: [String]) {
        guard !argument.text.hasPrefix("/"), let colon = argument.text.firstIndex(of: ":"),
            clusters.contains(String(argument.text[..<colon]))
        else {
            cluster = nil
            self.argument = argument
            return
        }
        let name = String(argument.text[..<colon])
        cluster = name
        let rest = Self.fromRoot(argument.text[argument.text.index(after: colon)...])
        // The pattern form is the text with its escapes; the cluster's name holds none.
        let pattern = argument.pattern.flatMap { $0.hasPrefix(name + ":") ? Self.fromRoot($0.dropFirst(name.count + 1)) : nil }
        self.argument = PathArgument(text: rest, pattern: pattern)
    }

    static func fromRoot(_ path: Substring) -> String { path.hasPrefix("/") ? String(path) : "/" + path }

    /// The folder its path is read from: the root of a named cluster, else `current`.
    func folder(current: Location) -> Location { cluster == nil ? current : .root }
}
