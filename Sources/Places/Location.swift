/// A place in an account: the root, a container, or a pseudo-folder in a container; or,
/// as a path, an object. The one way objsh writes "a container and a prefix on a store":
/// the path resolver answers with it, and the copier, sync, diff, `get -r` and `rm -r`
/// take it, with the names below it (`Location+Names`).
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
    /// Whether this is a container itself (its prefix is empty), not the root nor inside one.
    public var isContainer: Bool { segments.count == 1 }
    public var parent: Location? { isRoot ? nil : Location(segments: Array(segments.dropLast())) }
    /// The last segment, the name the parent's listing shows.
    public var name: String? { segments.last }

    /// The path as `pwd` prints it and `cd` reads back: `/`, `/photos`, `/photos/2024`.
    /// A folder whose name an ordinary path cannot say (an empty segment, `.` or `..`,
    /// as in objects named `a//b.txt` or `/x`) is written in the exact form
    /// `//CONTAINER/PREFIX`, e.g. `//photos/a//`.
    public var description: String {
        guard isExact, let container else { return "/" + segments.joined(separator: "/") }
        return "//" + container + "/" + prefix
    }

    /// An object at this location as a path: `/photos/a.jpg`, or exactly `//photos/a//b.jpg`.
    public var objectPath: String {
        guard isExact, let container else { return description }
        return "//" + container + "/" + String(prefix.dropLast())
    }

    /// A folder's heading: `photos/2024/`, or the exact form.
    public var folderTitle: String { isExact ? description : String(description.dropFirst()) + "/" }

    /// How the parent's listing names this place: the last segment, or the exact path
    /// (a folder's without its final `/`) when that segment cannot be said plainly.
    public var entryName: String? {
        guard let name else { return nil }
        return Self.isPlain(name) ? name : String(description.dropLast())
    }

    /// Whether some segment below the container cannot be written in an ordinary path.
    public var isExact: Bool { !segments.dropFirst().allSatisfy(Self.isPlain) }

    /// Whether a name survives ordinary path resolution unchanged.
    static func isPlain(_ segment: String) -> Bool { !segment.isEmpty && segment != "." && segment != ".." }

    /// The location of an object or pseudo-folder named exactly `name` in `container`;
    /// a trailing `/` names a folder (as in a listing's subdir entries).
    public init(container: String, objectName name: Substring) {
        guard !name.isEmpty else {
            segments = [container]
            return
        }
        let body = name.hasSuffix("/") ? name.dropLast() : name
        segments = [container] + body.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    }

    /// The location of a child.
    public func appending(_ name: String) -> Location { Location(segments: segments + [name]) }

    /// Whether `self` is `other` or lies below it.
    public func isWithin(_ other: Location) -> Bool { segments.starts(with: other.segments) }

    /// The deepest location both are within.
    public func commonAncestor(with other: Location) -> Location {
        Location(segments: Array(zip(segments, other.segments).prefix { $0 == $1 }.map(\.0)))
    }
}
