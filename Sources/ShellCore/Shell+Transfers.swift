import Browser
import Foundation
import Storage
import Transfers

extension Shell {
    /// `get [-r] [-f] [--parallel N] REMOTE [LOCAL]`: an object into a file (or standard output with
    /// `-`), or with -r a container or folder into a local folder.
    func get(_ command: ParsedCommand) async throws {
        let target = try session.currentFolder.resolving(command.operands[0])
        guard let container = target.container else {
            throw ShellError.failed(command: "get", message: "name a container, folder or object (the account is not one)", kind: .usage)
        }
        let overwrite = command.flags.contains("-f")
        let downloader = try downloader(command)
        if command.flags.contains("-r") {
            return try await getFolder(target, container: container, into: command.operand(1), overwrite: overwrite, downloader: downloader)
        }
        let info = try await objectToGet(target, container: container)
        let progress = settings.progress ? TransferProgress(name: escaped(info.name), bytesTotal: info.bytes) : nil
        if command.operand(1) == "-" {
            let outcome = try await withProgress(progress) {
                try await downloader.stream(info, progress: progress) { bytes in
                    guard output.writeBytes(bytes) else {
                        throw TransferError.local(path: "standard output", reason: String(cString: strerror(errno)))
                    }
                }
            }
            if let note = outcome.note { output.writeError("get: \(escaped(info.name)): \(note)\n") }
            return
        }
        let local = LocalPaths.target(command.operand(1), defaultName: LocalPaths.baseName(of: info.name))
        let outcome = try await withProgress(progress) {
            try await downloader.download(info, to: local, overwrite: overwrite, progress: progress)
        }
        let resumed = outcome.resumedFrom == 0 ? ""
            : outcome.resumedRanges ? ", resumed with \(outcome.resumedFrom) bytes kept" : ", resumed at byte \(outcome.resumedFrom)"
        let checked = outcome.note.map { "; \($0)" } ?? ", verified"
        writeNote("downloaded \(escaped(info.name)) to \(escaped(local)) (\(outcome.bytes) bytes\(resumed)\(checked))\n")
    }

    /// The object REMOTE names; a folder or container is an error that says to use -r.
    /// The object is asked for first (one request where a get is meant); only a name
    /// that is no object is listed, to tell a folder from nothing.
    func objectToGet(_ target: Location, container: String) async throws -> ObjectInfo {
        guard target.segments.count > 1 else { throw useRecursive(target, "container") }
        let store = session.store
        do {
            return try await store.objectInfo(container: container, name: String(target.prefix.dropLast()))
        } catch StorageError.noSuchObject {
            let inside = try await store.listObjects(in: container, ListingQuery(prefix: target.prefix, limit: 1))
            guard inside.isEmpty else { throw useRecursive(target, "folder") }
            throw BrowserError.notFound("\(target.objectPath): no such object or folder")
        }
    }

    func useRecursive(_ target: Location, _ kind: String) -> ShellError {
        .failed(command: "get", message: "\(escaped(target.description)) is a \(kind); use get -r", kind: .usage)
    }

    /// The downloader `get` uses: `--parallel N` ranges at once. `OBJSH_TEST_RANGE_BYTES`
    /// and `OBJSH_TEST_RANGE_THRESHOLD` (bytes) are hidden hooks for the benchmark that
    /// chose the defaults, kept out of help and the man page on purpose.
    func downloader(_ command: ParsedCommand) throws -> Downloader {
        var downloader = Downloader(store: session.store)
        if let text = command.values["--parallel"] {
            guard let count = Int(text), (1...64).contains(count) else {
                throw ShellError.usage(command.spec, "--parallel takes a number from 1 to 64")
            }
            downloader.parallel = count
        }
        let environment = ProcessInfo.processInfo.environment
        if let bytes = environment["OBJSH_TEST_RANGE_BYTES"].flatMap(Int64.init), bytes > 0 { downloader.rangeBytes = bytes }
        if let bytes = environment["OBJSH_TEST_RANGE_THRESHOLD"].flatMap(Int64.init), bytes >= 0 { downloader.threshold = bytes }
        return downloader
    }

    func getFolder(_ target: Location, container: String, into local: String?, overwrite: Bool, downloader: Downloader) async throws {
        let prefix = target.segments.count == 1 ? "" : target.prefix
        let exists = prefix.isEmpty ? try await session.store.containerExists(container)
            : !(try await session.store.listObjects(in: container, ListingQuery(prefix: prefix, limit: 1)).isEmpty)
        guard exists else { throw BrowserError.notFound("\(target.description): no such container or folder") }
        let folder = LocalPaths.target(local, defaultName: LocalPaths.baseName(of: target.name ?? container))
        let output = output
        let progress = settings.progress ? TransferProgress(name: escaped(target.folderTitle), bytesTotal: 0, itemsTotal: 0) : nil
        let count = try await withProgress(progress) {
            var folderDownloader = FolderDownloader(store: session.store)
            folderDownloader.downloader = downloader
            folderDownloader.parallel = downloader.parallel
            return try await folderDownloader.download(
                container: container, prefix: prefix, into: folder, overwrite: overwrite, progress: progress
            ) { failure in output.writeError("get: \(escaped(Self.describe(failure)))\n") }
        }
        writeNote("downloaded \(count) object\(count == 1 ? "" : "s") into \(escaped(folder))\n")
    }

    /// One object of `get -r` or `rm -r` that failed, in words: an error that names its
    /// object or file is told as it is, any other after the object's name.
    static func describe(_ failure: ObjectFailure) -> String {
        switch failure.error {
        case is TransferError, StorageError.noSuchObject: ErrorText.describe(failure.error)
        default: "\(failure.name): \(ErrorText.describe(failure.error))"
        }
    }

    /// Runs `body` with a progress line on standard error while it goes, when asked for one.
    func withProgress<Result>(_ progress: TransferProgress?, _ body: () async throws -> Result) async throws -> Result {
        guard let progress else { return try await body() }
        let output = output
        let reporter = ProgressReporter { text in output.writeError(text) }
        reporter.start(progress)
        do {
            let result = try await body()
            await reporter.stop()
            return result
        } catch {
            await reporter.stop()
            throw error
        }
    }
}

/// Local paths as the shell's commands take them: `~` expanded, relative to the local
/// working folder (`lcd`), a folder standing for the file of the same name in it.
enum LocalPaths {
    static func expanded(_ path: String) -> String { (path as NSString).expandingTildeInPath }

    /// Where a download goes: `given` (a folder means the default name inside it), or the default name here.
    static func target(_ given: String?, defaultName: String) -> String {
        guard let given, !given.isEmpty else { return defaultName }
        let path = expanded(given)
        var isFolder: ObjCBool = false
        if given.hasSuffix("/") || (FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue) {
            return (path.hasSuffix("/") ? path : path + "/") + defaultName
        }
        return path
    }

    /// The last part of a remote name, as a local file name (`a/b.txt` → `b.txt`).
    static func baseName(of name: String) -> String {
        let trimmed = name.hasSuffix("/") ? String(name.dropLast()) : name
        let base = trimmed.split(separator: "/").last.map(String.init) ?? trimmed
        return base.isEmpty || base == "." || base == ".." ? "download" : base
    }
}
