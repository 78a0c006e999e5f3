import Browser
import Foundation

/// A name the completer may offer, relative to the folder it was asked of.
public struct CompletionCandidate: Equatable, Sendable {
    /// The name, without a folder's trailing `/`.
    public var name: String
    /// Containers, pseudo-folders and local directories complete to `name/` with no space after.
    public var isFolder: Bool

    public init(name: String, isFolder: Bool) {
        self.name = name
        self.isFolder = isFolder
    }
}

/// The candidates one request found.
public struct CandidateList: Equatable, Sendable {
    public var candidates: [CompletionCandidate]
    /// False when the source stopped at its limit, so more names may match.
    public var isComplete: Bool

    public init(candidates: [CompletionCandidate], isComplete: Bool) {
        self.candidates = candidates
        self.isComplete = isComplete
    }
}

/// Where the completer finds names: the shell's session in the program, a fake in tests.
public protocol CompletionContext: Sendable {
    /// The folder relative remote paths start from.
    var currentFolder: Location { get }
    /// The directory a leading `~` stands for.
    var homeDirectory: String { get }
    /// Every cluster name.
    var clusterNames: [String] { get }
    /// Entries of the remote `folder` whose names start with `prefix` (containers at
    /// the root); with `foldersOnly`, containers and pseudo-folders only.
    func remoteNames(folder: Location, prefix: String, foldersOnly: Bool) async throws -> CandidateList
    /// The version IDs of the object at `object`, newest first (one version listing).
    func versionIDs(of object: Location) async throws -> [String]
    /// Entries of the local `directory` whose names start with `prefix`.
    func localNames(directory: String, prefix: String) -> [CompletionCandidate]
    /// The shell's aliases (`alias`), NAME to LINE.
    var aliases: [String: String] { get }
    /// The numbers of the jobs still running.
    var runningJobs: [Int] { get }
    /// The local programs whose names start with `prefix`: what `|` and `!` run.
    func localPrograms(prefix: String) -> [String]
    /// The context of the cluster `name` from its root (`cp -r sample:/pho`TAB); nil
    /// when it cannot be opened.
    func context(ofCluster name: String) async -> (any CompletionContext)?
}

extension CompletionContext {
    /// A context without a store of its own (the OS shells' path completion) offers no versions.
    public func versionIDs(of object: Location) async throws -> [String] { [] }

    /// The shell's aliases (`alias`), NAME to LINE: none outside a session.
    public var aliases: [String: String] { [:] }

    /// No job runs outside a session.
    public var runningJobs: [Int] { [] }

    /// Outside a session no other cluster is at hand.
    public func context(ofCluster name: String) async -> (any CompletionContext)? { nil }

    /// The programs in `$PATH` whose names start with `prefix`, each once: what `|` and `!` run.
    public func localPrograms(prefix: String) -> [String] {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        var found = Set<String>()
        for folder in folders where !folder.isEmpty {
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            where name.unicodeScalars.starts(with: prefix.unicodeScalars) && !found.contains(name) {
                if access(folder + "/" + name, X_OK) == 0 { found.insert(name) }
            }
        }
        return found.sorted()
    }
}
