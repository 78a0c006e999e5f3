import Browser
import ShellCore
import Synchronization

/// A store-free context: a tree of folders and objects, and a log of the requests made.
final class FakeCompletionContext: CompletionContext {
    let currentFolder: Location
    let homeDirectory = "/home/ann"
    let clusterNames = ["local", "sample", "dal05", "dal09"]
    /// Folder path (`/`, `/photos`) to its entries; a folder entry ends in `/`.
    let tree: [String: [String]]
    let localTree: [String: [String]]
    /// Object path (`/photos/cover.png`) to its version IDs, newest first.
    let versions: [String: [String]]
    let requests = Mutex<[String]>([])
    let aliases = ["ll": "ls -l", "lsd": "ls | sort"]
    /// Jobs 1 and 3 run (2 has ended).
    let runningJobs = [1, 3]

    func localPrograms(prefix: String) -> [String] { ["grep", "gzip", "sort", "wc"].filter { $0.hasPrefix(prefix) } }

    init(
        current: String = "/", tree: [String: [String]] = FakeCompletionContext.sampleTree,
        localTree: [String: [String]] = FakeCompletionContext.sampleLocalTree, versions: [String: [String]] = [:]
    ) {
        self.versions = versions
        currentFolder = try! Location.root.resolving(current)
        self.tree = tree
        self.localTree = localTree
    }

    func remoteNames(folder: Location, prefix: String, foldersOnly: Bool) async throws -> CandidateList {
        requests.withLock { $0.append("\(folder) \(prefix)") }
        guard let entries = tree[folder.description] else { throw CancellationError() }
        let candidates = entries.map { CompletionCandidate(name: $0.hasSuffix("/") ? String($0.dropLast()) : $0, isFolder: $0.hasSuffix("/")) }
            .filter { $0.name.hasPrefix(prefix) && (!foldersOnly || $0.isFolder) }
        return CandidateList(candidates: candidates, isComplete: true)
    }

    /// dal05 holds the sample tree too, seen from its root; the others cannot open.
    func context(ofCluster name: String) async -> (any CompletionContext)? {
        requests.withLock { $0.append("cluster \(name)") }
        return name == "dal05" ? FakeCompletionContext(current: "/", tree: tree) : nil
    }

    func versionIDs(of object: Location) async throws -> [String] {
        requests.withLock { $0.append("versions \(object)") }
        return versions[object.description] ?? []
    }

    func localNames(directory: String, prefix: String) -> [CompletionCandidate] {
        (localTree[directory] ?? []).map { CompletionCandidate(name: $0.hasSuffix("/") ? String($0.dropLast()) : $0, isFolder: $0.hasSuffix("/")) }
            .filter { $0.name.hasPrefix(prefix) }
    }

    static let sampleTree: [String: [String]] = [
        "/": ["backups/", "documents/", "photos/", "music/"],
        "/photos": ["2023/", "2024/", "My Photos/", "cover.png", "café.jpg", "it's.jpg", #"back\slash.txt"#, "日本語 メモ.txt", "cd.iso"],
        "/photos/2024": ["beach.jpg", "family/"],
        "/backups": ["db-2024-01.tar", "db-2024-02.tar", "old/"],
        "/documents": [],
        // Names other clients wrote: `odd/a//b.txt` (see Location's exact form).
        "/odd": ["a/"],
        "/odd/a": ["//odd/a//"],
        "//odd/a//": ["b.txt"],
    ]

    static let sampleLocalTree: [String: [String]] = [
        ".": ["notes.txt", "pictures/"],
        "/home/ann/": ["Pictures/", "Documents/", "report final.pdf"],
        "/home/ann/Pictures/": ["beach.jpg"],
    ]
}
