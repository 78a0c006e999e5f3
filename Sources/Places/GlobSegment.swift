/// One segment of a pattern over names with `/` in them: a glob for one name, or `**`
/// for any number of names. What a path pattern matches below its base, and what an
/// anchored `--exclude` pattern matches below a place.
public enum GlobSegment: Sendable, Equatable {
    case glob(Glob)
    case anyDepth

    /// The segment `text` stands for: `**`, or a glob.
    public init(_ text: String) {
        self = text == "**" ? .anyDepth : .glob(Glob(text))
    }

    /// Whether the segments of a name match `pattern`, each `**` taking any number of them.
    public static func match(_ pattern: ArraySlice<GlobSegment>, _ names: ArraySlice<Substring>) -> Bool {
        guard let head = pattern.first else { return names.isEmpty }
        switch head {
        case .anyDepth:
            // `**` takes no segment, or one more and tries again.
            if match(pattern.dropFirst(), names) { return true }
            return !names.isEmpty && match(pattern, names.dropFirst())
        case .glob(let glob):
            guard let name = names.first, glob.matches(String(name)) else { return false }
            return match(pattern.dropFirst(), names.dropFirst())
        }
    }

    /// Splits at each `/` that is not escaped, keeping escapes for the globs; empty
    /// segments (`a//b`, a leading or trailing `/`) are dropped.
    public static func split(_ text: String) -> [String] {
        var parts: [String] = []
        var current = ""
        var escaping = false
        for character in text {
            if character == "/" && !escaping {
                if !current.isEmpty { parts.append(current) }
                current = ""
                continue
            }
            escaping = character == "\\" && !escaping
            current.append(character)
        }
        if !current.isEmpty { parts.append(current) }
        return parts
    }
}
