import Foundation
import Navigation
import Storage

extension BrowserSession {
    /// `search TERM [--in PATH]`: shows results as if pushed from the current pane.
    /// A new term replaces the results; no term leaves search mode.
    /// The local index answers when it covers the scope, unless `live`.
    public func search(_ term: String?, in scopePath: String? = nil, filter: SearchFilter = SearchFilter(), live: Bool = false)
        async throws
    {
        guard let term, !term.isEmpty else {
            guard isInSearchMode else { throw BrowserError.notSearching }
            return try await transact { try container.exitSearch() }
        }
        let scope = try await searchScope(scopePath)
        try await transact {
            if isInSearchMode { try container.exitSearch() }
            try container.enterSearch(detachedSearch(term, in: scope, filter: filter, live: live))
        }
    }

    /// Loads the results pane now, whether or not anything shows it, handing `eachPage`
    /// every page of results as it is found: with no panes shown (`-q`) the results are
    /// the answer, and a later `ls` prints what the pane then holds without searching again.
    public func loadSearchResults(eachPage: @escaping ([PaneEntry]) -> Void) async throws {
        guard let results = searchResults else { throw BrowserError.notSearching }
        if results.isContentLoaded, let all = results.allResults { return eachPage(all) }
        results.pageObserver = eachPage
        defer { results.pageObserver = nil }
        try await results.load(reporting: onPartialContent)
        container.noteLoaded(results)
    }

    /// Where `search --in PATH` looks (the whole account without a path); a container
    /// or folder that is not there is an error.
    public func searchScope(_ path: String?, from place: SessionPlace? = nil) async throws -> Location {
        let base = (place ?? self.place).workingFolder
        guard let scope = try path.map({ try base.resolving($0) }), !scope.isRoot else { return .root }
        if case .object = try await resolver.resolve(scope, expecting: .folder) {
            throw BrowserError.notFound(NotFound(scope, expected: .folder))
        }
        return scope
    }

    /// The current folder before search mode, where `--in` paths are resolved.
    var stackBeforeSearchFolder: Location? {
        (container.panes.last { $0 is SearchPane } as? SearchPane)?.folder
    }

    /// `refresh`: reloads the visible panes (only drops what they held when nothing shows them).
    public func refresh() async throws {
        for case let pane as StoragePane in [container.left, container.right].compactMap({ $0 }) {
            pane.unloadContent()
        }
        if panesAreShown { try await loadVisiblePanes() }
    }

    /// `mkdir NAME`: a container at the root, a pseudo-folder marker inside a container.
    /// An absolute NAME is read from the root as every path is: `/name` is a container
    /// wherever the shell stands, `/c/sub` a folder in `c`.
    public func mkdir(_ name: String) async throws {
        let target = name.hasPrefix("/") ? try checkedNewPath(name) : try checkedNewName(name, in: currentFolder)
        if target.isContainer {
            try await store.createContainer(target.container!)
        } else {
            try await store.createFolderMarker(container: target.container!, name: target.prefix)
        }
        try await refresh()  // both panes: the new entry shows in the current folder
    }

    /// Where `upload` puts the file or folder at `source` (an absolute path, named
    /// `localPath` in messages): into a folder under its own name (a folder's files go
    /// under it), or as the object a destination names. The transfer is Transfers' job.
    public func uploadTarget(_ localPath: String, at source: String, to destination: UploadDestination) throws -> UploadTarget {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: source, isDirectory: &isDirectory) else {
            throw StorageError.unreadableFile(path: localPath, problem: .system(ENOENT))
        }
        let location: Location
        switch destination {
        case .folder(let folder): location = try checkedNewName((source as NSString).lastPathComponent, in: folder)
        case .object(let object): location = object
        }
        guard let container = location.container, location.segments.count > 1 else { throw BrowserError.needsContainer }
        return UploadTarget(
            container: container, objectName: String(location.prefix.dropLast()), source: source,
            isDirectory: isDirectory.boolValue)
    }

    /// What an upload's DEST names from `place`: a folder when it ends in `/` or names the
    /// account, a container or a folder that is there; else the object to write (one
    /// listing and one HEAD at most). Without DEST, the current folder.
    public func uploadDestination(_ path: String?, in place: SessionPlace? = nil) async throws -> UploadDestination {
        let folder = (place ?? self.place).folder
        guard let path else { return .folder(folder) }
        let location = try folder.resolving(path)
        if path.hasSuffix("/") || location.segments.count < 2 { return .folder(location) }
        switch try await lookUp(location) {
        case .found(.object): return .object(location)
        case .found: return .folder(location)
        case .missing(let missing) where missing.expected == .container: throw BrowserError.notFound(.container(location.container!))
        case .missing: return .object(location)
        }
    }

    /// Where `upload - NAME` puts standard input: NAME in the current folder.
    public func streamUploadTarget(as name: String, in place: SessionPlace? = nil) throws -> UploadTarget {
        let folder = (place ?? self.place).folder
        guard let container = folder.container else { throw BrowserError.needsContainer }
        let target = try checkedNewName(name, in: folder)
        return UploadTarget(container: container, objectName: String(target.prefix.dropLast()), source: "-", isDirectory: false)
    }

    /// A new absolute path, read by the one resolver (`Location.resolving`); refused when
    /// it names the root or holds `.` or `..` (an exact `//` path takes its name as it is).
    func checkedNewPath(_ path: String) throws -> Location {
        let target = try Location.root.resolving(path)
        if !path.hasPrefix("//"), path.split(separator: "/").contains(where: { $0 == ".." || $0 == "." }) {
            throw BrowserError.invalidPath(path, .dotSegments)
        }
        guard !target.isRoot else { throw BrowserError.invalidPath(path, .emptyName) }
        return target
    }

    /// A new name relative to `folder`, refused when it would leave it.
    func checkedNewName(_ name: String, in folder: Location) throws -> Location {
        if name.isEmpty { throw BrowserError.invalidPath(name, .emptyName) }
        if name.utf8.contains(0) { throw BrowserError.invalidPath(name, .containsNUL) }
        if name.hasPrefix("/") { throw BrowserError.invalidPath(name, .absoluteName) }
        let segments = name.split(separator: "/", omittingEmptySubsequences: false)
        if segments.contains(where: { $0 == ".." || $0 == "." }) {
            throw BrowserError.invalidPath(name, .dotSegments)
        }
        if folder.isRoot && segments.count > 1 {
            throw BrowserError.invalidPath(name, .slashInContainerName)
        }
        return Location(segments: folder.segments + segments.filter { !$0.isEmpty }.map(String.init))
    }
}

/// A resolved `upload`: the local source and the object name it becomes.
public struct UploadTarget: Sendable, Equatable {
    public var container: String
    /// The object's name; for a folder, the prefix its files go under (`NAME/relative`).
    public var objectName: String
    /// The local path, absolute.
    public var source: String
    public var isDirectory: Bool
}

/// Where an upload goes: into a folder, each source under its own name; or one source
/// stored as the object named.
public enum UploadDestination: Sendable, Equatable {
    case folder(Location)
    case object(Location)
}

extension BrowserSession {
    /// Throws when the store would not keep what an upload gives every object: a content
    /// type, metadata or Cache-Control where objects keep none (the file store), a
    /// storage class where objects have none of their own (Swift, the file store);
    /// before anything is sent that would lose them.
    public func checkKeeps(_ attributes: UploadAttributes, contentType: String?) throws {
        let given = contentType != nil || !attributes.metadata.isEmpty || attributes.cacheControl != nil
        if given { try checkKeepsMetadata() }
        if attributes.storageClass != nil, !store.takesStorageClass { throw StorageError.metadataRefused(.noStorageClass(store: store.kind)) }
    }

    /// Throws when the store keeps no metadata to change (the file store).
    public func checkKeepsMetadata() throws {
        if !store.keepsMetadata { throw StorageError.metadataRefused(.notKept(store: store.kind)) }
    }
}
