import Browser
import Rendering
import Storage
import Sync
import Transfers

/// `sync [--delete [--max-delete N]] [-n] [--exclude PATTERN]... [--segment-size SIZE] [--json] SRC DEST`:
/// makes DEST hold what SRC holds, compared by content as `diff` compares.
struct SyncCommand: ShellCommand {
    nonisolated static let delete = OptionSpec("--delete", help: "also remove what only DEST holds (at a terminal, after asking)")
    nonisolated static let maxDelete = OptionSpec(
        "--max-delete", value: .text, valueName: "N", help: "with --delete: delete nothing when more than N names would go")
    nonisolated static let spec = CommandSpec(
        name: "sync", aliases: [],
        summary: "make DEST hold what SRC holds, compared by content; only what differs is sent",
        details: """
            Compares SRC with DEST as diff does, then sends each name only SRC holds, or \
            holds with other content: a local folder's files are uploaded, a remote \
            folder's objects downloaded (under a temporary name, renamed once verified), \
            and between two remote places copied on the server within one cluster, or \
            streamed through objsh across two (parts of --segment-size several at once). \
            Each name sent is checked again against its copy; a local file's digests are \
            kept in a cache (by path, size, time and inode), so that a second sync of an \
            unchanged folder reads no file. With --delete, what only DEST holds is removed \
            at the end; at a terminal sync first says how many objects and bytes, and asks. \
            Nothing is deleted after a failure of any name in the run, when SRC holds no \
            names (rm -r empties a place), or when more than --max-delete N names would go: \
            sync says so, and exits non-zero. Two places of one account (also through two \
            cluster names) where one is within the other are refused. \
            -n prints the plan as diff prints it (- lines only with --delete), and changes \
            nothing. A failure of one name does not stop the others: they are listed at the \
            end, and the exit status is that of the first. The last line says what was \
            sent, copied, deleted, left alone as the same, failed, the files hashed and the \
            time taken. Interrupted and run again, sync sends only what still differs.
            Example: sync file:~/photos /backup/photos
            Example: sync --delete dal05:/site s3:/site
            """,
        options: [DiffCommand.exclude, delete, maxDelete, CommandTable.dryRunOption, CopyCommand.segmentSize, CommandTable.jsonOption],
        operands: [OperandSpec("SRC", .place), OperandSpec("DEST", .place)])

    let source: PlaceOperand
    let destination: PlaceOperand
    let filter: NameFilter
    let deletes: Bool
    /// `--max-delete N`: more names to delete than this, and none go.
    let maxDeletes: Int?
    let isDryRun: Bool
    let partBytes: Int64?
    let json: Bool

    init(_ arguments: CommandArguments) throws {
        source = PlaceOperand(text: arguments.operands[0])
        destination = PlaceOperand(text: arguments.operands[1])
        filter = NameFilter(try arguments.values(DiffCommand.exclude))
        deletes = try arguments.flag(Self.delete)
        maxDeletes = try arguments.number(Self.maxDelete, in: 0...Int.max)
        isDryRun = try arguments.flag(CommandTable.dryRunOption)
        partBytes = try arguments.size(CopyCommand.segmentSize)
        json = try arguments.flag(CommandTable.jsonOption)
    }

    func run(_ context: CommandContext) async throws -> CommandOutcome {
        let from = try await source.resolve(context, mustExist: true, besideLocal: destination.isLocal)
        let to = try await destination.resolve(context, mustExist: false, besideLocal: source.isLocal)
        try refuseOverlap(from, to, context)
        let comparison = Comparison(source: from.place, destination: to.place, filter: filter, digesting: context.digesting)
        let json = context.wantsJSON(self.json)
        if isDryRun {
            _ = try await PlanLines.print(comparison, json: json, removals: deletes, context)
            comparison.saveDigests(complete: true)
            return .answered
        }
        let progress = context.settings.streams.progress ? TransferProgress(name: "", bytesTotal: 0, itemsTotal: 0) : nil
        try await ClusterCrossing.run(from: from.session, to: to.session, partBytes: partBytes, progress: progress) { crossing in
            let uploads = UploadOptions(segmentBytes: partBytes)
            guard let route = SyncRoute.between(from.place, to.place, uploads: uploads, progress: progress, crossing: crossing) else {
                throw CommandFailure.syncOfTwoFolders
            }
            try await prepare(to, context)
            let synchronizer = Synchronizer(comparison: comparison, route: route, progress: progress)
            let run = SyncRun(synchronizer: synchronizer, json: json, context: context, maxDeletes: maxDeletes)
            do {
                try await run.run(deletes: deletes, source: from.label, destination: to.label)
            } catch {
                comparison.saveDigests(complete: false)
                throw error
            }
        }
        comparison.saveDigests(complete: true)
        return .answered
    }

    /// Two places of one account where one is within the other are refused before any
    /// request that writes: DEST's new names would be SRC's, or SRC's names deleted.
    func refuseOverlap(_ from: PlaceOperand.Resolved, _ to: PlaceOperand.Resolved, _ context: CommandContext) throws {
        guard case .remote(_, let source) = from.place, case .remote(_, let target) = to.place,
            let one = from.session, let other = to.session, context.reachOneAccount(one, other)
        else { return }
        if target.isWithin(source) || source.isWithin(target) {
            throw CommandFailure.syncOverlaps(source: from.label, destination: to.label)
        }
    }

    /// DEST made ready: its container made when the resolver did not see it, or its local
    /// folder made when missing.
    func prepare(_ to: PlaceOperand.Resolved, _ context: CommandContext) async throws {
        switch to.place {
        case .remote(_, let folder): if !to.containerExists { try await to.session?.ensureContainer(folder.container!) }
        case .local(let root): try LocalFolder.make(root)
        }
    }
}

extension CommandContext {
    /// How `diff` and `sync` hash a local side's files.
    /// Behind a cache of earlier runs' digests where there is a cache folder.
    var digesting: (String) -> any FileDigesting {
        let folder = settings.cacheFolder
        return { root in
            guard let folder else { return FileDigests(root: root) }
            return DigestCache(root: root, folder: folder)
        }
    }
}
