import Storage

/// Why a browser operation failed, as data (the shell's `ErrorReport` words it).
/// Nothing changes when one is thrown.
public enum BrowserError: Error, Equatable, Sendable {
    /// A path named something that is not there.
    case notFound(NotFound)
    /// `cd` named an object where a folder is needed, and the caller asked for folders only.
    case notAFolder(String)
    /// `back` at the root.
    case atRoot
    /// A path that cannot name anything, and why.
    case invalidPath(String, PathProblem)
    /// An operation that needs a container (upload, a folder `mkdir`) at the account level.
    case needsContainer
    /// In search mode, a name that is not among the results.
    case notAResult(String)
    /// `search` with no term outside search mode.
    case notSearching
    /// A pattern (`*.log`) that no name matches, as typed.
    case noMatch(String)
    /// A storage failure, with what was being done.
    case storage(StorageError)
}

/// Why a path cannot name anything.
public enum PathProblem: Sendable, Equatable, CaseIterable {
    /// It holds a NUL byte, which no store keeps.
    case containsNUL
    /// An exact path (`//…`) without a container before its name.
    case exactWithoutContainer
    /// A new name that is empty.
    case emptyName
    /// A new name given as an absolute path, where a name inside the folder is meant.
    case absoluteName
    /// A new name with `.` or `..` segments.
    case dotSegments
    /// A new container name with a `/`.
    case slashInContainerName
    /// A pattern with `.` or `..` after a wildcard.
    case upAfterWildcard
}

/// A location that is not there, with what was looked for, so the one message for
/// every command can say both.
public struct NotFound: Sendable, Equatable {
    /// What the path was expected to name.
    public enum Expected: Sendable, Equatable, CaseIterable {
        case container
        case folder
        case object
        /// An object or a folder: the message says "file or folder", as `ls` does.
        case objectOrFolder
        case containerOrFolder
    }

    public var location: Location
    public var expected: Expected

    public init(_ location: Location, expected: Expected) {
        self.location = location
        self.expected = expected
    }

    /// The container itself is missing, whatever was looked for inside it.
    public static func container(_ name: String) -> NotFound { NotFound(Location(segments: [name]), expected: .container) }
}
