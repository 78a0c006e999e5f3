import Storage

/// What a path names in an account.
public enum Target: Sendable, Equatable {
    case account
    /// A container, with its object count where the account listing gives one (Swift).
    case container(String, objects: Int?)
    /// A pseudo-folder: something is listed under its prefix.
    case folder(Location)
    /// An object, with its metadata.
    case object(ObjectInfo, at: Location)

    /// The location named.
    public var location: Location {
        switch self {
        case .account: .root
        case .container(let name, _): Location(segments: [name])
        case .folder(let location), .object(_, let location): location
        }
    }
}

/// The one answer to "what does this path name?", for every command and pane.
///
/// Request budget: at most one listing and one HEAD. The account costs nothing; a
/// container one account listing (`prefix=NAME&limit=1`, which also gives its object
/// count); below a container, the probe given decides the order: `.folderFirst` lists
/// one entry under `NAME/` and sends a HEAD only when nothing is there; `.objectFirst`
/// sends the HEAD first (one request where an object is meant, as for `get`) and lists
/// only when there is no such object. Missing names throw `BrowserError.notFound`, after
/// one more listing that looks for the name as a folder its parent lists with nothing
/// under it (`isListedInItsFolder`).
public struct PathResolver: Sendable {
    /// Which question is asked first below a container.
    public enum Probe: Sendable {
        case folderFirst
        case objectFirst
    }

    public let store: any ObjectStore

    public init(store: any ObjectStore) {
        self.store = store
    }

    /// With `listedFolderCheck` off, a name nothing is under is missing without the last
    /// listing (`isListedInItsFolder`): a destination, where missing is the usual answer.
    public func resolve(
        _ location: Location, probe: Probe = .folderFirst,
        expecting expected: NotFound.Expected = .objectOrFolder, listedFolderCheck: Bool = true
    ) async throws -> Target {
        guard let container = location.container else { return .account }
        do {
            guard location.segments.count > 1 else { return try await resolveContainer(container) }
            switch probe {
            case .folderFirst:
                if try await holdsEntries(location) { return .folder(location) }
                if let info = try await headIfPresent(location) { return .object(info, at: location) }
            case .objectFirst:
                if let info = try await headIfPresent(location) { return .object(info, at: location) }
                if try await holdsEntries(location) { return .folder(location) }
            }
            if listedFolderCheck, try await isListedInItsFolder(location) { return .folder(location) }
        } catch StorageError.noSuchContainer {
            throw BrowserError.notFound(.container(container))
        }
        throw BrowserError.notFound(NotFound(location, expected: expected))
    }

    func resolveContainer(_ name: String) async throws -> Target {
        let summary = try await store.listContainers(ListingQuery(prefix: name, limit: 1)).first
        guard let summary, summary.name == name else { throw BrowserError.notFound(.container(name)) }
        return .container(name, objects: summary.objectCount)
    }

    func holdsEntries(_ location: Location) async throws -> Bool {
        !(try await store.listObjects(in: location.container!, ListingQuery(prefix: location.prefix, limit: 1)).isEmpty)
    }

    /// Whether the folder above lists `location` as a folder though nothing is under it:
    /// moto keeps listing the prefix of objects that have only old versions left, so the
    /// user sees a folder that is empty, not missing. Asked only on the way to "missing".
    func isListedInItsFolder(_ location: Location) async throws -> Bool {
        let folder = location.prefix
        let name = String(folder.dropLast())
        // Names between NAME and NAME/ (NAME-1, NAME.txt) sort first: start after them.
        let query = ListingQuery(prefix: name, delimiter: "/", marker: name + ".\u{10FFFF}", limit: 1, namesOnly: true)
        return try await store.listObjects(in: location.container!, query).first == .subdir(folder)
    }

    func head(_ location: Location) async throws -> ObjectInfo {
        try await store.objectInfo(container: location.container!, name: String(location.prefix.dropLast()))
    }

    func headIfPresent(_ location: Location) async throws -> ObjectInfo? {
        do {
            return try await head(location)
        } catch StorageError.noSuchObject {
            return nil
        }
    }
}

/// What a path names where it may be missing (a copy's or a sync's destination), and so
/// whether its container is there: what the resolver saw, so that nothing asks again.
public enum Lookup: Sendable, Equatable {
    case found(Target)
    case missing(NotFound)

    /// What the path names; nil when nothing.
    public var target: Target? {
        if case .found(let target) = self { target } else { nil }
    }

    /// Whether the path's container is there (for the account, true).
    public var containerExists: Bool {
        if case .missing(let missing) = self { missing.expected != .container } else { true }
    }
}

extension PathResolver {
    /// Resolves `location` as `resolve` does, a missing one answered rather than thrown;
    /// a destination's question, so a missing name costs no listing more.
    public func lookUp(_ location: Location, probe: Probe = .folderFirst) async throws -> Lookup {
        do {
            return .found(try await resolve(location, probe: probe, listedFolderCheck: false))
        } catch BrowserError.notFound(let missing) {
            return .missing(missing)
        }
    }
}
