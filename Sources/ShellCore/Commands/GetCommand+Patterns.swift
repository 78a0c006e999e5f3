import Browser
import Places
import Rendering
import Storage
import Transfers

extension GetCommand {
    /// Downloads what a pattern matched into the folder LOCAL (default: the local
    /// folder), each object at its name below the pattern's base (`*.jpg` lands flat,
    /// `**/*.jpg` keeps its folders; from the account, under the container's name).
    /// Folders come whole with -r; without it they are left and reported at the end.
    func getMatches(_ matches: [PatternMatch], of pattern: PathPattern, downloader: Downloader, _ context: CommandContext) async throws {
        let folder = context.localPath(local ?? ".")
        var count = 0
        var refused: [any Error] = []
        for match in matches where isRecursive || match.isObject {
            if isDryRun {
                try await sayWouldGet(match, into: folder, below: pattern.base, context)
            } else if case .object(let object, let location) = match {
                count += try await fetch([object], container: location.container!, below: pattern.base, into: folder, downloader, context)
            } else if let relative = localPath(of: match.location, below: pattern.base, refused: &refused, context) {
                count += try await fetchAll(under: match.location, into: folder.appending("/" + relative), downloader, context)
            }
        }
        if !isDryRun {
            let objects = "\(count) object\(count == 1 ? "" : "s")"
            context.console.writeNote("downloaded \(objects) matching \(escaped(pattern.text)) into \(escaped(folder.text))\n")
        }
        if let first = refused.first { throw ErrorReport.SomeObjectsFailed(failed: refused.count, total: count + refused.count, first: first) }
        if !isRecursive, let folderMatch = matches.first(where: { !$0.isObject }) {
            throw CommandFailure.needsRecursive(folderMatch.location, isContainer: folderMatch.location.isContainer, command: "get")
        }
    }

    /// The local path of a matched folder below the pattern's base (`LocalName`); nil when
    /// refused, which is told and kept in `refused`.
    func localPath(of folder: Location, below base: Location, refused: inout [any Error], _ context: CommandContext) -> String? {
        do throws(LocalNameRefusal) {
            return try LocalName.path(base.relativeName(of: folder))
        } catch {
            let failure = TransferError.unsafeName(folder.description, reason: error)
            context.console.writeFailure(ObjectFailure(name: folder.description, error: failure), of: "get")
            refused.append(failure)
            return nil
        }
    }

    /// Downloads listed `objects` of `container` into `folder`, each at its name below `base`.
    func fetch(
        _ objects: [ObjectSummary], container: String, below base: Location, into folder: LocalPath, _ downloader: Downloader,
        _ context: CommandContext
    )
        async throws -> Int
    {
        var folderDownloader = context.session.folderDownloader()
        folderDownloader.downloader = downloader
        let console = context.console
        return try await folder.namingErrors {
            try await folderDownloader.download(
                objects, container: container, below: base, into: folder.absolute, overwrite: overwrite, progress: nil,
                failed: console.failureWriter(of: "get", into: folder))
        }
    }

    func fetchAll(under target: Location, into folder: LocalPath, _ downloader: Downloader, _ context: CommandContext) async throws -> Int {
        var folderDownloader = context.session.folderDownloader()
        folderDownloader.downloader = downloader
        let console = context.console
        return try await folder.namingErrors {
            try await folderDownloader.download(
                from: target, into: folder.absolute, overwrite: overwrite, progress: nil, failed: console.failureWriter(of: "get", into: folder))
        }
    }

    /// `-n`: where each object would be written: `folder` followed by its name below
    /// `base`, as the download names it.
    func sayWouldGet(_ match: PatternMatch, into folder: LocalPath, below base: Location, _ context: CommandContext) async throws {
        guard case .object(let object, let location) = match else {
            let target = match.location
            let container = target.container!
            return try await context.session.eachEntryPage(under: target, recursive: true, sizes: true) { page in
                for case .object(let object) in page {
                    let path = Location(container: container, objectName: Substring(object.name))
                    context.console.write(
                        Self.wouldGet(path, object.bytes, to: folder.text + "/" + base.relativeName(of: object.name, in: container)))
                }
            }
        }
        context.console.write(
            Self.wouldGet(location, object.bytes, to: folder.text + "/" + base.relativeName(of: object.name, in: location.container!)))
    }

    /// `-n` for a plain REMOTE: the object and the file it would become, or with -r
    /// every object of the folder and where it would go.
    func sayWouldGet(_ target: Location, _ context: CommandContext) async throws -> CommandOutcome {
        guard isRecursive else {
            let info = try await objectToGet(target, context.session)
            let path = localTarget(defaultName: LocalPath.baseName(of: info.name), context)
            context.console.write(Self.wouldGet(target, info.bytes, to: path.text))
            return .answered
        }
        if case .object = try await context.session.resolve(target, expecting: .containerOrFolder) {
            throw BrowserError.notFound(NotFound(target, expected: .containerOrFolder))
        }
        let folder = localTarget(defaultName: LocalPath.baseName(of: target.name ?? ""), context)
        let match = PatternMatch.folder(target)
        try await sayWouldGet(match, into: folder, below: target, context)
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
