/// A shell glob within one path segment: `*` any run of characters, `?` one
/// character, `[abc]`, `[a-z]`, `[!x]` or `[^x]` one of a set; `\x` takes `x`
/// literally. Matching is by `Character` (a UTF-8 name's grapheme, as a user sees it).
public struct Glob: Sendable, Equatable {
    enum Token: Sendable, Equatable {
        case literal(Character)
        case any
        case star
        case set([ClosedRange<Character>], negated: Bool)
    }

    let tokens: [Token]
    /// The tokens as bytes, for names of plain ASCII (`Glob+Bytes`).
    let byteTokens: [ByteToken]?

    /// Compiles `pattern`; with `foldingCase` both it and the names it meets are lowercased.
    public init(_ pattern: String, foldingCase: Bool = false) {
        tokens = Self.compile(Array(foldingCase ? pattern.lowercased() : pattern))
        byteTokens = Self.byteTokens(tokens)
        self.foldingCase = foldingCase
    }

    let foldingCase: Bool

    /// Whether `pattern` has a wildcard that is not escaped.
    public static func hasWildcard(_ pattern: String) -> Bool {
        Glob(pattern).tokens.contains { if case .literal = $0 { false } else { true } }
    }

    /// The characters every match starts with: the pattern up to its first wildcard, unescaped.
    public var literalPrefix: String {
        var prefix = ""
        for token in tokens {
            guard case .literal(let character) = token else { break }
            prefix.append(character)
        }
        return prefix
    }

    /// The runs of literal characters between wildcards, in order: every match holds each.
    public var literalRuns: [String] {
        var runs = [""]
        for token in tokens {
            if case .literal(let character) = token { runs[runs.count - 1].append(character) } else { runs.append("") }
        }
        return runs.filter { !$0.isEmpty }
    }

    /// The pattern without wildcards as the name it stands for, or nil when it has one.
    public var literal: String? {
        let prefix = literalPrefix
        return prefix.count == tokens.count ? prefix : nil
    }

    public func matches<Text: StringProtocol>(_ text: Text) -> Bool {
        byteMatch(text) ?? Self.match(tokens, Array(foldingCase ? text.lowercased() : String(text)))
    }

    static func match(_ tokens: [Token], _ text: [Character]) -> Bool {
        backtrack(tokens, count: text.count) { text[$0] }
    }

    /// Iterative matching with backtracking to the last `*`, over `count` units of text
    /// read by `unit`: one loop for `Character`s and for the bytes of a plain name.
    @inline(__always)
    static func backtrack<Pattern: GlobToken>(_ tokens: [Pattern], count: Int, unit: (Int) -> Pattern.Unit) -> Bool {
        var (p, t, resume) = (0, 0, 0)
        var star: Int?
        while t < count {
            if p < tokens.count, tokens[p].isStar {
                star = p
                resume = t
                p += 1
            } else if p < tokens.count, tokens[p].accepts(unit(t)) {
                p += 1
                t += 1
            } else if let star {
                p = star + 1
                resume += 1
                t = resume
            } else {
                return false
            }
        }
        while p < tokens.count, tokens[p].isStar { p += 1 }
        return p == tokens.count
    }

    static func compile(_ pattern: [Character]) -> [Token] {
        var tokens: [Token] = []
        var index = 0
        while index < pattern.count {
            let character = pattern[index]
            index += 1
            switch character {
            case "\\" where index < pattern.count:
                tokens.append(.literal(pattern[index]))
                index += 1
            case "*": if tokens.last != .star { tokens.append(.star) }
            case "?": tokens.append(.any)
            case "[":
                guard let (set, next) = compileSet(pattern, from: index) else {
                    tokens.append(.literal("["))
                    continue
                }
                tokens.append(set)
                index = next
            default: tokens.append(.literal(character))
            }
        }
        return tokens
    }

    /// A `[...]` set starting after its `[`; nil when it is not closed (then `[` is literal).
    /// A `]` right after `[` or `[!` belongs to the set, as in POSIX.
    static func compileSet(_ pattern: [Character], from start: Int) -> (Token, Int)? {
        var index = start
        let negated = index < pattern.count && (pattern[index] == "!" || pattern[index] == "^")
        if negated { index += 1 }
        var ranges: [ClosedRange<Character>] = []
        var first = true
        while index < pattern.count {
            var low = pattern[index]
            if low == "]" && !first { return (.set(ranges, negated: negated), index + 1) }
            first = false
            if low == "\\", index + 1 < pattern.count {
                index += 1
                low = pattern[index]
            }
            if index + 2 < pattern.count, pattern[index + 1] == "-", pattern[index + 2] != "]", low <= pattern[index + 2] {
                ranges.append(low...pattern[index + 2])
                index += 3
            } else {
                ranges.append(low...low)
                index += 1
            }
        }
        return nil
    }
}

/// A glob's token over one unit of text (a `Character`, or a byte of a plain name).
protocol GlobToken {
    associatedtype Unit
    var isStar: Bool { get }
    func accepts(_ unit: Unit) -> Bool
}

extension Glob.Token: GlobToken {
    var isStar: Bool { self == .star }

    func accepts(_ character: Character) -> Bool {
        switch self {
        case .literal(let literal): literal == character
        case .any: true
        case .star: false
        case .set(let ranges, let negated): ranges.contains { $0.contains(character) } != negated
        }
    }
}
