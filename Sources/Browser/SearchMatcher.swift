/// Whether an object name matches a search term: a case-insensitive substring, or a
/// glob (`*`, `?`, `[...]`) when the term has glob characters. A glob matches the
/// last path segment (as `find -name` does) or the whole name.
public struct SearchMatcher: Sendable {
    public let term: String
    private let lowered: [Character]
    public let isGlob: Bool

    public init(term: String) {
        self.term = term
        lowered = Array(term.lowercased())
        isGlob = term.contains { "*?[".contains($0) }
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

    public func matches(_ name: String) -> Bool {
        let candidate = name.lowercased()
        guard isGlob else { return candidate.contains(String(lowered)) }
        let last = candidate.split(separator: "/").last.map(String.init) ?? candidate
        return Self.glob(lowered, Array(last)) || Self.glob(lowered, Array(candidate))
    }

    /// Iterative wildcard matching with backtracking to the last `*`.
    static func glob(_ pattern: [Character], _ text: [Character]) -> Bool {
        var p = 0
        var t = 0
        var star: Int?
        var resume = 0
        while t < text.count {
            if p < pattern.count, pattern[p] == "*" {
                star = p
                resume = t
                p += 1
            } else if p < pattern.count, let next = step(pattern, p, text[t]) {
                p = next
                t += 1
            } else if let star {
                p = star + 1
                resume += 1
                t = resume
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == "*" { p += 1 }
        return p == pattern.count
    }

    /// Matches one character at `p` (`?`, a class, or a literal); the index after it, or nil.
    private static func step(_ pattern: [Character], _ p: Int, _ c: Character) -> Int? {
        switch pattern[p] {
        case "?": return p + 1
        case "[":
            guard let close = pattern[(p + 1)...].dropFirst().firstIndex(of: "]") else {
                return c == "[" ? p + 1 : nil
            }
            var index = p + 1
            let negated = pattern[index] == "!" || pattern[index] == "^"
            if negated { index += 1 }
            var found = false
            while index < close {
                if index + 2 < close, pattern[index + 1] == "-" {
                    if pattern[index] <= c && c <= pattern[index + 2] { found = true }
                    index += 3
                } else {
                    if pattern[index] == c { found = true }
                    index += 1
                }
            }
            return found != negated ? close + 1 : nil
        default:
            return pattern[p] == c ? p + 1 : nil
        }
    }
}
