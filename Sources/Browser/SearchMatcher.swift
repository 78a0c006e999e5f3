/// Whether an object name matches a search term: a case-insensitive substring, or a
/// glob (`*`, `?`, `[...]`) when the term has glob characters. A glob matches the
/// last path segment (as `find -name` does) or the whole name.
public struct SearchMatcher: Sendable {
    public let term: String
    private let lowered: [Character]
    public let isGlob: Bool

    private let glob: Glob?

    public init(term: String) {
        self.term = term
        lowered = Array(term.lowercased())
        isGlob = term.contains { "*?[".contains($0) }
        glob = isGlob ? Glob(term, foldingCase: true) : nil
    }

    /// The start every matching name must have, when the term says so: a glob whose
    /// part before its first wildcard holds a `/` (so only the whole name can match)
    /// and no letter (so case cannot change it), as in `2024/06/*`. Nil otherwise.
    public var namePrefix: String? {
        guard isGlob else { return nil }
        let literal = String(term.prefix { !"*?[".contains($0) })
        guard literal.contains("/"), literal.lowercased() == literal, literal.uppercased() == literal else { return nil }
        return literal
    }

    /// Text every match holds, lowercased: the term, or a glob's runs between wildcards.
    public var requiredRuns: [String] {
        guard let glob else { return [String(lowered)] }
        return glob.literalRuns
    }

    public func matches(_ name: String) -> Bool {
        guard let glob else { return name.lowercased().contains(String(lowered)) }
        guard let last = Self.lastSegment(name) else { return glob.matches(name) }
        return glob.matches(last) || glob.matches(name)
    }

    /// The last of `name`'s segments between `/`s that is not empty; nil when none is.
    static func lastSegment(_ name: String) -> Substring? {
        guard let end = name.lastIndex(where: { $0 != "/" }) else { return nil }
        let head = name[...end]
        return head[(head.lastIndex(of: "/").map { head.index(after: $0) } ?? head.startIndex)...]
    }
}
