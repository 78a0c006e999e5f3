/// `--exclude PATTERN`, repeated: names below a place that a comparison or a sync
/// leaves alone on both sides. Patterns are globs per segment as `get` and `rm` take
/// them (`*`, `?`, `[...]`, `\x`, and `**` for any depth). A pattern without `/`
/// matches any one segment at any depth (`*.tmp`, `.git`); one with `/` is anchored
/// at the place's root (`build/**`, `logs/2024`). A folder that matches excludes
/// everything below it.
public struct NameFilter: Sendable {
    private let anywhere: [Glob]
    private let anchored: [[GlobSegment]]

    /// No pattern: nothing is excluded.
    public static let none = NameFilter([])

    public init(_ patterns: [String]) {
        var anywhere: [Glob] = []
        var anchored: [[GlobSegment]] = []
        for pattern in patterns {
            let segments = GlobSegment.split(pattern)
            if segments.count == 1 && !pattern.hasPrefix("/") && segments[0] != "**" {
                anywhere.append(Glob(segments[0]))
            } else if !segments.isEmpty {
                anchored.append(segments.map(GlobSegment.init))
            }
        }
        self.anywhere = anywhere
        self.anchored = anchored
    }

    /// Whether there is no pattern at all.
    public var isEmpty: Bool { anywhere.isEmpty && anchored.isEmpty }

    /// Whether the name below the place (a folder's ends in `/`) is excluded: it, or
    /// a folder above it, matches a pattern.
    public func excludes(_ name: String) -> Bool {
        guard !isEmpty else { return false }
        let segments = name.split(separator: "/", omittingEmptySubsequences: false)
        let path = name.hasSuffix("/") ? segments.dropLast() : segments[...]
        for depth in path.indices {
            let head = path[...depth]
            if anywhere.contains(where: { $0.matches(String(path[depth])) }) { return true }
            if anchored.contains(where: { GlobSegment.match($0[...], head) }) { return true }
        }
        return false
    }
}
