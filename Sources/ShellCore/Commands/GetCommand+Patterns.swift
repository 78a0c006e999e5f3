import Browser
import Rendering
import Storage
import Transfers

extension GetCommand {
    /// Downloads what a pattern matched into the folder LOCAL (default: the local
    /// folder), each object at its name below the pattern's base (`*.jpg` lands flat,
    /// `**/*.jpg` keeps its folders; from the account, under the container's name).
    /// Folders come whole with -r; without it they are left and reported at the end.
    func getMatches(_ matches: [PatternMatch], of pattern: PathPattern, downloader: Downloader, _ context: CommandContext) async throws {
        let folder = LocalPaths.expanded(local ?? ".")
        var count = 0
        for match in matches where isRecursive || match.isObject {
            let (into, below) = placement(of: match.location, under: pattern.base, in: folder)
            if isDryRun {
                try await sayWouldGet(match, into: into, below: below, context)
            } else if case .object(let object, let location) = match {
                count += try await fetch([object], container: location.container!, below: below, into: into, downloader, context)
            } else {
                let below = match.location.segments.dropFirst(max(1, pattern.base.segments.count)).joined(separator: "/")
                count += try await fetchAll(under: match.location, into: into + "/" + below, downloader, context)
            }
        }
        if !isDryRun {
            let objects = "\(count) object\(count == 1 ? "" : "s")"
            context.console.writeNote("downloaded \(objects) matching \(escaped(pattern.text)) into \(escaped(folder))\n")
        }
        if !isRecursive, let folderMatch = matches.first(where: { !$0.isObject }) {
            throw CommandFailure.needsRecursive(folderMatch.location, isContainer: folderMatch.location.segments.count == 1, command: "get")
        }
    }

    /// The local folder an object or folder of `location` goes into, and the remote
    /// prefix its local name starts after.
    func placement(of location: Location, under base: Location, in folder: String) -> (into: String, below: String) {
        guard base.isRoot, let container = location.container else { return (folder, base.prefix) }
        return (folder + "/" + container, "")
    }

    func fetch(_ objects: [ObjectSummary], container: String, below: String, into folder: String, _ downloader: Downloader, _ context: CommandContext)
        async throws -> Int
    {
        var folderDownloader = context.session.folderDownloader()
        folderDownloader.downloader = downloader
        let console = context.console
        return try await folderDownloader.download(objects, container: container, below: below, into: folder, overwrite: overwrite, progress: nil) {
            console.writeFailure($0, of: "get")
        }
    }

    func fetchAll(under target: Location, into folder: String, _ downloader: Downloader, _ context: CommandContext) async throws -> Int {
        var folderDownloader = context.session.folderDownloader()
        folderDownloader.downloader = downloader
        let console = context.console
        return try await folderDownloader.download(
            container: target.container!, prefix: target.segments.count == 1 ? "" : target.prefix, into: folder, overwrite: overwrite, progress: nil
        ) { console.writeFailure($0, of: "get") }
    }

    /// `-n`: where each object would be written.
    func sayWouldGet(_ match: PatternMatch, into folder: String, below: String, _ context: CommandContext) async throws {
        guard case .object(let object, let location) = match else {
            let target = match.location
            return try await context.session.eachEntryPage(under: target, recursive: true, sizes: true) { page in
                for case .object(let object) in page {
                    let path = Location(container: target.container!, objectName: Substring(object.name))
                    context.console.write(Self.wouldGet(path, object.bytes, to: folder + "/" + String(object.name.dropFirst(below.count))))
                }
            }
        }
        context.console.write(Self.wouldGet(location, object.bytes, to: folder + "/" + String(object.name.dropFirst(below.count))))
    }

    /// `-n` for a plain REMOTE: the object and the file it would become, or with -r
    /// every object of the folder and where it would go.
    func sayWouldGet(_ target: Location, _ context: CommandContext) async throws -> CommandOutcome {
        guard isRecursive else {
            let info = try await objectToGet(target, context.session)
            let path = LocalPaths.target(local, defaultName: LocalPaths.baseName(of: info.name))
            context.console.write(Self.wouldGet(target, info.bytes, to: path))
            return .answered
        }
        if case .object = try await context.session.resolve(target, expecting: .containerOrFolder) {
            throw BrowserError.notFound(NotFound(target, expected: .containerOrFolder))
        }
        let folder = LocalPaths.target(local, defaultName: LocalPaths.baseName(of: target.name ?? ""))
        let match = PatternMatch.folder(target)
        try await sayWouldGet(match, into: folder, below: target.segments.count == 1 ? "" : target.prefix, context)
        return .answered
    }

    static func wouldGet(_ location: Location, _ bytes: Int64, to path: String) -> String {
        "would download \(escaped(location.objectPath)) (\(ByteCountText.format(bytes))) to \(escaped(path))\n"
    }
}

extension PatternMatch {
    var isObject: Bool {
        if case .object = self { true } else { false }
    }
}
