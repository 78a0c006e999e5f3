import Storage

/// A place in an account: the root, a container, or a pseudo-folder in a container.
public struct Location: Hashable, Sendable, CustomStringConvertible {
    /// The path segments from the root: the container, then folder names.
    public var segments: [String]

    public static let root = Location(segments: [])

    public init(segments: [String]) {
        self.segments = segments
    }

    public var container: String? { segments.first }
    /// The object-name prefix of the folder: empty at a container's top, else ending in `/`.
    public var prefix: String { segments.count > 1 ? segments.dropFirst().joined(separator: "/") + "/" : "" }
    public var isRoot: Bool { segments.isEmpty }
    public var parent: Location? { isRoot ? nil : Location(segments: Array(segments.dropLast())) }
    /// The last segment, the name the parent's listing shows.
    public var name: String? { segments.last }

    /// The path as `pwd` prints it: `/`, `/photos`, `/photos/2024`.
    public var description: String { "/" + segments.joined(separator: "/") }

    /// The location of a child.
    public func appending(_ name: String) -> Location { Location(segments: segments + [name]) }

    /// Whether `self` is `other` or lies below it.
    public func isWithin(_ other: Location) -> Bool { segments.starts(with: other.segments) }

    /// The deepest location both are within.
    public func commonAncestor(with other: Location) -> Location {
        Location(segments: Array(zip(segments, other.segments).prefix { $0 == $1 }.map(\.0)))
    }

    /// Resolves a user's path against this folder: `/` and absolute paths, `..`, `.`,
    /// repeated and trailing slashes. `..` at the root stays at the root, as in a POSIX shell.
    public func resolving(_ path: String) throws -> Location {
        if path.utf8.contains(0) { throw BrowserError.invalidPath(path, reason: "contains NUL") }
        var result = path.hasPrefix("/") ? [] : segments
        for segment in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch segment {
            case ".": continue
            case "..": if !result.isEmpty { result.removeLast() }
            default: result.append(String(segment))
            }
        }
        return Location(segments: result)
    }
}
