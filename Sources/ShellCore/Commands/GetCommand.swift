import Browser
import Foundation
import Storage
import Transfers

/// `get [-r] [-f] [--parallel N] REMOTE [LOCAL]`: an object into a file (or standard
/// output with `-`), or with -r a container or folder into a local folder.
struct GetCommand: ShellCommand {
    nonisolated static let recursive = OptionSpec("-r", help: "a container or folder, recursively")
    nonisolated static let force = OptionSpec("-f", help: "overwrite existing local files")
    nonisolated static let parallel = OptionSpec(
        "--parallel", value: .text, valueName: "N",
        help: "ranges of a large object, and objects of a folder, at once (default 4; 1: one stream)")
    nonisolated static let spec = CommandSpec(
        name: "get", aliases: ["download"],
        summary: "download an object (or with -r a folder) into a local file or folder",
        details: """
            Writes REMOTE to LOCAL (default: its name in the local folder, see lcd). The \
            bytes go to a hidden partial file beside it, are verified (the MD5 against the \
            ETag; each segment of a static large object against its manifest) and only then \
            take the name. Run an interrupted get again and it goes on where it stopped, if \
            the object is unchanged. LOCAL - writes to standard output. An existing file is \
            kept unless -f. With -r, every object under a container or folder, several at \
            once; a name that could leave the folder or that no file can take (.., /x, a//b, \
            a segment over 255 bytes) is refused with its line, and the others come. An object of 32 MiB \
            or more comes down as ranges several at once (to standard output: one stream). \
            A REMOTE with *, ? or [...] is a pattern (** spans folders): every object it \
            matches goes into the folder LOCAL (default: the local folder), named from where \
            the pattern's wildcards start. -n prints what would be written, and writes nothing. \
            With --version ID, that version of the object (ls --versions lists them), verified the same way.
            Example: get -r photos/2024 ~/Pictures
            Example: get logs/**/*.gz ~/logs
            """,
        options: [recursive, force, parallel, VersionOption.option, CommandTable.dryRunOption],
        operands: [OperandSpec("REMOTE", .remoteAny), OperandSpec("LOCAL", .localPath, optional: true)])

    let remote: PathArgument
    let local: String?
    let isRecursive: Bool
    let overwrite: Bool
    let parallelCount: Int?
    let isDryRun: Bool
    let version: String?

    init(_ arguments: CommandArguments) throws {
        remote = arguments.path(0)!
        version = try arguments.value(VersionOption.option)
        isDryRun = try arguments.flag(CommandTable.dryRunOption)
        local = arguments.operand(1)
        isRecursive = try arguments.flag(Self.recursive)
        overwrite = try arguments.flag(Self.force)
        parallelCount = try arguments.number(Self.parallel, in: 1...64)
        if version != nil && isRecursive { throw ShellError.usage(Self.spec, .exclusiveOptions(VersionOption.option.name, Self.recursive.name)) }
    }

    func run(_ context: CommandContext) async throws -> CommandOutcome {
        let downloader = downloader(context.session)
        let target: Location
        switch try remote.resolve(in: context.folder) {
        case .path(let location): target = location
        case .pattern(let pattern):
            try await getMatches(try await context.session.expand(pattern), of: pattern, downloader: downloader, context)
            return .answered
        }
        guard target.container != nil else { throw CommandFailure.accountNotAllowed(.download) }
        if isDryRun { return try await sayWouldGet(target, context) }
        if isRecursive {
            try await getFolder(target, downloader: downloader, context)
            return .answered
        }
        let info = try await objectToGet(target, context.session)
        let progress = context.settings.streams.progress ? TransferProgress(name: info.name, bytesTotal: info.bytes) : nil
        let console = context.console
        if local == "-" {
            let outcome = try await console.withProgress(progress) {
                try await downloader.stream(info, progress: progress) { @Sendable bytes in
                    guard console.writeBytes(bytes) else { throw CommandFailure.standardOutput(.lastSystemError) }
                }
            }
            if let note = outcome.note { console.writeError("get: \(escaped(info.name)): \(ErrorReport.words(note))\n") }
            return .answered
        }
        let path = localTarget(defaultName: LocalPath.baseName(of: info.name), context)
        let outcome = try await path.namingErrors {
            try await console.withProgress(progress) {
                try await downloader.download(info, to: path.absolute, overwrite: overwrite, progress: progress)
            }
        }
        let resumed =
            outcome.resumedFrom == 0
            ? ""
            : outcome.resumedRanges ? ", resumed with \(outcome.resumedFrom) bytes kept" : ", resumed at byte \(outcome.resumedFrom)"
        let checked = outcome.note.map { "; \(ErrorReport.words($0))" } ?? ", verified"
        console.writeNote("downloaded \(escaped(info.name)) to \(escaped(path.text)) (\(outcome.bytes) bytes\(resumed)\(checked))\n")
        return .answered
    }

    /// Where a download goes: LOCAL (a folder, or a path ending in `/`, means the default
    /// name inside it), or without LOCAL the default name in the local folder.
    func localTarget(defaultName: String, _ context: CommandContext) -> LocalPath {
        guard let local, !local.isEmpty else { return LocalPath(literal: defaultName, in: context.localFolder) }
        let path = context.localPath(local)
        guard local.hasSuffix("/") || path.isFolder else { return path }
        return path.appending((path.text.hasSuffix("/") ? "" : "/") + defaultName)
    }

    /// The object REMOTE names; a folder or container is an error that says to use -r.
    /// The object is asked for first (one request where a get is meant).
    func objectToGet(_ target: Location, _ session: BrowserSession) async throws -> ObjectInfo {
        if let version {
            let (container, name) = try VersionOption.object(at: target)
            return try await session.objectInfo(container: container, name: name, version: version)
        }
        switch try await session.resolve(target, probe: .objectFirst) {
        case .object(let info, _): return info
        case .container, .account: throw CommandFailure.needsRecursive(target, isContainer: true, command: "get")
        case .folder: throw CommandFailure.needsRecursive(target, isContainer: false, command: "get")
        }
    }

    /// The downloader `get` uses: `--parallel N` ranges at once. `OBJSH_TEST_RANGE_BYTES`
    /// and `OBJSH_TEST_RANGE_THRESHOLD` (bytes) are hidden hooks for the benchmark that
    /// chose the defaults, kept out of help and the man page on purpose.
    func downloader(_ session: BrowserSession) -> Downloader {
        var downloader = session.downloader()
        if let parallelCount { downloader.parallel = parallelCount }
        let environment = ProcessInfo.processInfo.environment
        if let bytes = environment["OBJSH_TEST_RANGE_BYTES"].flatMap(Int64.init), bytes > 0 { downloader.rangeBytes = bytes }
        if let bytes = environment["OBJSH_TEST_RANGE_THRESHOLD"].flatMap(Int64.init), bytes >= 0 { downloader.threshold = bytes }
        return downloader
    }

    func getFolder(_ target: Location, downloader: Downloader, _ context: CommandContext) async throws {
        let session = context.session
        if case .object = try await session.resolve(target, expecting: .containerOrFolder) {
            throw BrowserError.notFound(NotFound(target, expected: .containerOrFolder))
        }
        let folder = localTarget(defaultName: LocalPath.baseName(of: target.name ?? ""), context)
        let console = context.console
        let progress = context.settings.streams.progress ? TransferProgress(name: target.folderTitle, bytesTotal: 0, itemsTotal: 0) : nil
        let count = try await folder.namingErrors {
            try await console.withProgress(progress) {
                var folderDownloader = session.folderDownloader()
                folderDownloader.downloader = downloader
                folderDownloader.pinned = parallelCount
                return try await folderDownloader.download(
                    from: target, into: folder.absolute, overwrite: overwrite, progress: progress,
                    failed: console.failureWriter(of: "get", into: folder))
            }
        }
        console.writeNote("downloaded \(count) object\(count == 1 ? "" : "s") into \(escaped(folder.text))\n")
    }
}
