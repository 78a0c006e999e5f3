import Browser
import Foundation
import Storage

/// The completion context of a running shell: a snapshot taken at the prompt, so a
/// TAB never races a command. Remote names come from a visible pane when it holds its
/// whole folder, else from one bounded listing request.
public struct SessionCompletionContext: CompletionContext {
    /// The most names one completion request asks for.
    public static let requestLimit = 1_000

    public let currentFolder: Location
    public let homeDirectory: String
    /// The shell's local folder (`lcd`), which relative local names are listed in.
    public let localFolder: String
    public let clusterNames: [String]
    public var aliases: [String: String] = [:]
    public var runningJobs: [Int] = []
    /// Opens (or finds open) another cluster's context, from its root.
    var otherCluster: (@Sendable (String) async -> SessionCompletionContext?)?
    let names: FolderNames
    /// The entries of visible panes that hold their whole folder.
    let visibleListings: [Location: [PaneEntry]]
    let cache = RemoteNameCache()

    init(
        currentFolder: Location, homeDirectory: String, localFolder: String, clusterNames: [String], names: FolderNames,
        visibleListings: [Location: [PaneEntry]]
    ) {
        self.currentFolder = currentFolder
        self.homeDirectory = homeDirectory
        self.localFolder = localFolder
        self.clusterNames = clusterNames
        self.names = names
        self.visibleListings = visibleListings
    }

    /// A context on `store` alone, from its root: a one-shot completion outside a session.
    public init(store: any ObjectStore, clusterNames: [String]) {
        self.init(
            currentFolder: .root, homeDirectory: LocalHome.path, localFolder: FileManager.default.currentDirectoryPath,
            clusterNames: clusterNames, names: FolderNames(store: store), visibleListings: [:])
    }

    public func remoteNames(folder: Location, prefix: String, foldersOnly: Bool) async throws -> CandidateList {
        if let entries = visibleListings[folder] {
            let names = entries.filter { $0.name.unicodeScalars.starts(with: prefix.unicodeScalars) && (!foldersOnly || $0.isFolder) }
            return CandidateList(names.map { CompletionCandidate(name: $0.name, isFolder: $0.isFolder) })
        }
        if let cached = cache.lookup(folder: folder, prefix: prefix, foldersOnly: foldersOnly) {
            return CandidateList(cached)
        }
        let found = try await fetch(folder: folder, prefix: prefix, foldersOnly: foldersOnly)
        if found.isComplete {
            cache.store(folder: folder, prefix: prefix, foldersOnly: foldersOnly, candidates: found.candidates)
        }
        return found
    }

    public func context(ofCluster name: String) async -> (any CompletionContext)? {
        await otherCluster?(name)
    }

    public func versionIDs(of object: Location) async throws -> [String] {
        guard let container = object.container, object.segments.count > 1 else { return [] }
        return try await names.store.versions(of: String(object.prefix.dropLast()), in: container).map(\.id)
    }

    /// One listing request: `prefix`, delimiter `/`, at most `requestLimit` entries.
    func fetch(folder: Location, prefix: String, foldersOnly: Bool) async throws -> CandidateList {
        // Named as the panes name them: a plain path's name, or the exact form.
        let page = try await names.page(in: folder, prefix: prefix, limit: Self.requestLimit)
        let candidates = page.entries.filter { !foldersOnly || $0.isFolder }.map { CompletionCandidate(name: $0.name, isFolder: $0.isFolder) }
        return CandidateList(candidates: candidates, isComplete: page.isComplete)
    }

    /// The names in `directory` (`~` already expanded; a relative one is in `localFolder`).
    public func localNames(directory: String, prefix: String) -> [CompletionCandidate] {
        let directory = LocalPath(literal: directory, in: localFolder).absolute
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
        let showsHidden = prefix.hasPrefix(".")
        return names.filter { $0.unicodeScalars.starts(with: prefix.unicodeScalars) && (showsHidden || !$0.hasPrefix(".")) }
            .map { name in
                var isDirectory: ObjCBool = false
                let path = directory.hasSuffix("/") ? directory + name : directory + "/" + name
                _ = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
                return CompletionCandidate(name: name, isFolder: isDirectory.boolValue)
            }
    }
}
