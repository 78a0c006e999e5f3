import Browser
import ClusterStores
import Clusters
@preconcurrency import Foundation
import ShellCore
import Storage

/// `objsh --complete SHELL -- ...`: what the bash, zsh and fish scripts in completions/
/// call when TAB is pressed after `objsh `. It answers only for the `[CLUSTER:]PATH`
/// word (exit 0, one value a line); for anything else it exits 1 and the script offers
/// the options swift-argument-parser describes.
///
/// bash passes its line up to the cursor and `COMP_WORDBREAKS` (objsh unquotes them
/// and answers with what readline replaces); zsh and fish pass their words already
/// unquoted, the cursor's last, and get whole values.
public enum OSShellCompletion {
    /// A TAB that waits longer than this for a server shows nothing rather than hang
    /// (OBJSH_COMPLETION_DEADLINE, in seconds, changes it: a loaded test machine).
    static var deadline: Duration {
        let given = ProcessInfo.processInfo.environment["OBJSH_COMPLETION_DEADLINE"].flatMap(Double.init)
        return .milliseconds(Int((given ?? 4) * 1000))
    }

    /// What objsh's own options before the place say: the cluster to complete on, and
    /// whether TLS certificates go unchecked.
    public struct PlaceOptions: Sendable {
        /// `--cluster`, when given.
        public var cluster: String?
        /// `--insecure`.
        public var insecure: Bool

        /// The options as given.
        public init(cluster: String?, insecure: Bool) {
            self.cluster = cluster
            self.insecure = insecure
        }
    }

    /// Answers one request (the words after `--complete`); the exit status. `placeOptions`
    /// parses the words before the cursor's as objsh's options: nil when they do not
    /// parse, or when a place is given already.
    public static func run(_ arguments: [String], placeOptions: ([String]) -> PlaceOptions?) async -> Int32 {
        guard arguments.count >= 3, arguments[1] == "--", let request = request(shell: arguments[0], Array(arguments.dropFirst(2))) else {
            FileHandle.standardError.write(Data("objsh: usage: objsh --complete bash|zsh|fish -- WORDS...\n".utf8))
            return ExitStatus.usage
        }
        guard let start = placeOptions(request.words), !request.current.hasPrefix("-") else { return 1 }
        // A server that does not answer in time costs the TAB nothing but the wait.
        let watchdog = Task.detached {
            try await Task.sleep(for: deadline)
            exit(0)
        }
        defer { watchdog.cancel() }
        let answers = await values(completing: request.current, cluster: start.cluster, insecure: start.insecure)
        for value in answers { print(request.answer(value)) }
        return 0
    }

    /// What the shell asked: the words before the cursor's word (program name left
    /// out), the cursor's word, and how each answer is written for that shell.
    struct Request {
        var words: [String]
        var current: String
        var answer: (String) -> String
    }

    static func request(shell: String, _ words: [String]) -> Request? {
        switch shell {
        case "bash":
            let line = BashLinePrefix(line: words[0], wordBreaks: words.count > 1 ? words[1] : BashLinePrefix.defaultWordBreaks)
            return Request(words: Array(line.words.dropFirst()), current: line.current, answer: line.insertion(for:))
        case "zsh", "fish":
            return Request(words: Array(words.dropLast()), current: words[words.count - 1], answer: { $0 })
        default:
            return nil
        }
    }

    static func values(completing typed: String, cluster defaultCluster: String?, insecure: Bool) async -> [String] {
        let environment = ProcessInfo.processInfo.environment
        let directories = ObjshDirectories(environment: environment)
        guard let catalog = try? ClusterCatalog.standard(environment: environment, directories: directories).0 else { return [] }
        let stores = StoreFactory(debug: false, insecure: insecure)
        let names = catalog.names
        let values = await PlaceCompleter.candidates(for: typed, clusterNames: names) { name -> (any CompletionContext)? in
            var catalog = catalog
            guard let cluster = try? catalog.resolve(commandLineValue: name ?? defaultCluster ?? "local") else { return nil }
            let context = StoreOnFirstListing(clusterNames: names) { try await stores.open(cluster) }
            // A local folder lists faster than a cache file reads, and is never stale.
            if case .directory = cluster.endpoint { return context }
            return CompletionDiskCache(wrapping: context, directory: directories.completionCache, cluster: cluster.name)
        }
        await stores.shutdown()
        return values
    }
}

/// A completion context that opens its store at the first listing, so an answer from
/// the disk cache costs no sign-in and no connection.
struct StoreOnFirstListing: CompletionContext {
    let clusterNames: [String]
    let open: @Sendable () async throws -> any ObjectStore
    var currentFolder: Location { .root }
    var homeDirectory: String { NSHomeDirectory() }

    init(clusterNames: [String], open: @escaping @Sendable () async throws -> any ObjectStore) {
        self.clusterNames = clusterNames
        self.open = open
    }

    func remoteNames(folder: Location, prefix: String, foldersOnly: Bool) async throws -> CandidateList {
        let store = try await open()
        return try await SessionCompletionContext(store: store, clusterNames: clusterNames)
            .remoteNames(folder: folder, prefix: prefix, foldersOnly: foldersOnly)
    }

    func localNames(directory: String, prefix: String) -> [CompletionCandidate] { [] }
}
