/// A path with wildcards, as `get`, `rm`, `ls`, `info`, `cp` and `mv` take it:
/// `*`, `?` and `[...]` within one segment, `**` for any number of segments, `\x`
/// for a literal `x` (the tokenizer escapes quoted wildcards this way).
///
/// The segments before the first wildcard are the `base`, resolved as any path is
/// (`..`, `/`); the rest is matched against names below it. Every match starts with
/// `base` and `listingPrefix`, so a listing scoped to them finds them all.
public struct PathPattern: Sendable, Equatable {
    /// The pattern as the user typed it (with its escapes), for messages.
    public let text: String
    /// The deepest location every match is within.
    public let base: Location
    let segments: [GlobSegment]

    /// Parses `text` relative to `folder`; nil when it has no wildcard (a plain path).
    public init?(_ text: String, in folder: Location) throws {
        let parts = GlobSegment.split(text)
        guard let first = parts.firstIndex(where: Glob.hasWildcard) else { return nil }
        let literal = parts[..<first].map(Self.unescaped).joined(separator: "/")
        base = try folder.resolving((text.hasPrefix("/") ? "/" : "") + literal)
        segments = try parts[first...].map { part in
            guard part != "..", part != "." else { throw BrowserError.invalidPath(text, .upAfterWildcard) }
            return GlobSegment(part)
        }
        self.text = text
    }

    /// Whether matches are the base's direct entries (one listing level, folded at `/`).
    public var isOneLevel: Bool { segments.count == 1 && segments[0] != .anyDepth }

    /// What every match's name below the base starts with.
    public var listingPrefix: String {
        guard case .glob(let glob) = segments[0] else { return "" }
        return glob.literalPrefix
    }

    /// Whether a container's name matches, for a pattern whose base is the account.
    public func matchesContainer(_ name: String) -> Bool {
        switch segments[0] {
        case .anyDepth: true
        case .glob(let glob): glob.matches(name)
        }
    }

    /// The same pattern below one container that its first segment matched.
    public func below(container name: String) -> PathPattern? {
        let rest = segments[0] == .anyDepth ? segments : Array(segments.dropFirst())
        guard !rest.isEmpty else { return nil }
        return PathPattern(text: text, base: Location(segments: [name]), segments: rest)
    }

    /// Whether a name below the base (without a trailing `/`) matches.
    public func matches(relative name: String) -> Bool {
        GlobSegment.match(segments[...], name.split(separator: "/", omittingEmptySubsequences: false)[...])
    }

    init(text: String, base: Location, segments: [GlobSegment]) {
        self.text = text
        self.base = base
        self.segments = segments
    }

    /// A segment without wildcards as the name it stands for.
    static func unescaped(_ segment: String) -> String {
        Glob(segment).literal ?? segment
    }
}
