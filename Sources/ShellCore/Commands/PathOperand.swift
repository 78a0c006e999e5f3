import Browser
import Storage

/// A path operand as typed: its text, and its pattern form when it had an unquoted
/// wildcard (`*.log`; a quoted `'*.log'` is a plain name). Read against a folder when
/// the command runs.
struct PathArgument {
    let text: String
    let pattern: String?

    /// The path or pattern it names from `folder`.
    func resolve(in folder: Location) throws -> PathOperand {
        if let pattern, let parsed = try PathPattern(pattern, in: folder) { return .pattern(parsed) }
        return .path(try folder.resolving(text))
    }
}

/// A path operand read against the current folder: a plain path, or a pattern.
enum PathOperand {
    case path(Location)
    case pattern(PathPattern)
}

extension CommandArguments {
    /// The operand at `index` as a path, if given.
    func path(_ index: Int) -> PathArgument? {
        guard index < operands.count else { return nil }
        let pattern = index < parsed.operandPatterns.count ? parsed.operandPatterns[index] : nil
        return PathArgument(text: operands[index], pattern: pattern)
    }

    /// The operands from `index` on, as paths.
    func paths(from index: Int = 0) -> [PathArgument] {
        (index..<max(index, operands.count)).compactMap(path)
    }
}

extension PatternMatch {
    /// How a listing of matches names this one: its path from `folder` when within it,
    /// else from the root, as a shell prints what `*` expanded to.
    func displayName(from folder: Location) -> String {
        let location = location
        guard location.isWithin(folder), location != folder else { return location.objectPath }
        return folder.relativeName(of: location)
    }
}
