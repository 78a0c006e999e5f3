import Browser
import Rendering
import Storage
import Transfers

/// What `cp` and `mv` were given: sources (paths or patterns) and a target, either side
/// in the current cluster or `CLUSTER:PATH` in another. With `moving`, a source goes
/// only after its copy was verified.
@MainActor
struct CopyPlan {
    let sources: ArraySlice<PathArgument>
    let target: String
    let moving: Bool
    let isRecursive: Bool
    let isDryRun: Bool
    let asks: Bool
    /// Part size of copies between clusters; nil: `StreamedCopy`'s.
    let partBytes: Int64?

    var command: String { moving ? "mv" : "cp" }
    var done: String { moving ? "moved" : "copied" }

    /// Finds the clusters both sides are on, then copies.
    func run(_ context: CommandContext) async throws -> CommandOutcome {
        let clusters = context.shell.catalog.names
        let sources = self.sources.map { ClusterOperand($0, clusters: clusters) }
        let named = Set(sources.map { $0.cluster ?? context.session.clusterName })
        guard named.count == 1 else { throw CommandFailure.sourcesOnSeveralClusters(named.sorted()) }
        let target = ClusterOperand(PathArgument(text: self.target, pattern: nil), clusters: clusters)
        let from = try await context.session(ofCluster: sources.first?.cluster)
        let to = try await context.session(ofCluster: target.cluster)
        // Bytes flow only between clusters: then a terminal shows how far they are.
        let progress = from !== to && context.settings.streams.progress ? TransferProgress(name: "", bytesTotal: 0, itemsTotal: 0) : nil
        try await ClusterCrossing.run(from: from, to: to, partBytes: partBytes, progress: progress) { crossing in
            let run = CopyRun(
                plan: self, from: from, to: to, oneAccount: context.reachOneAccount(from, to),
                copier: crossing.map { Copier(streaming: $0) } ?? from.copier(), progress: progress,
                destination: try target.folder(current: context.folder(in: to)).resolving(target.argument.text),
                targetIsNamedAsFolder: self.target.hasSuffix("/"))
            let operands = try sources.map { try $0.argument.resolve(in: $0.folder(current: context.folder(in: from))) }
            try await context.console.withProgress(progress) { try await run.run(operands, context) }
        }
        if isDryRun { return .answered }
        return .storeChanged(printPanes: true)
    }
}

extension CommandContext {
    /// The browser of the cluster a `CLUSTER:` prefix named, or the current one.
    func session(ofCluster name: String?) async throws -> BrowserSession {
        guard let name, name != session.clusterName else { return session }
        return try await shell.session(of: try shell.cluster(named: name))
    }
}

/// One `cp` or `mv` under way: the browsers of the source's and the target's clusters
/// (the same one, or two), and how objects cross between them.
@MainActor
struct CopyRun {
    let plan: CopyPlan
    let from: BrowserSession
    let to: BrowserSession
    /// Both sides reach one account (one cluster, or two names for it): a copy onto
    /// itself, or into itself, would overwrite or delete what it reads.
    let oneAccount: Bool
    let copier: Copier
    /// The progress line of bytes streamed between clusters; nil within one, or not shown.
    let progress: TransferProgress?
    /// TARGET, read in its cluster.
    let destination: Location
    /// TARGET ends in `/`: always a folder to copy into.
    let targetIsNamedAsFolder: Bool

    var crosses: Bool { from !== to }
    var moving: Bool { plan.moving }
    var isDryRun: Bool { plan.isDryRun }
    var command: String { plan.command }

    /// A place as messages name it: with its cluster's name when the copy crosses clusters.
    func named(_ location: Location, on session: BrowserSession, asObject: Bool = true) -> String {
        let path = asObject ? location.objectPath : location.description
        return escaped(crosses ? "\(session.clusterName):\(path)" : path)
    }

    func run(_ operands: [PathOperand], _ context: CommandContext) async throws {
        guard destination.container != nil else { throw CommandFailure.accountNotAllowed(.copyTarget) }
        var target = DestinationLookup()
        let intoFolder = try await targetIsFolder(operands, &target)
        var skipped: Location?
        for operand in operands {
            switch operand {
            case .path(let source):
                try await transfer(source, intoFolder: intoFolder, &target, context)
            case .pattern(let pattern):
                skipped = try await transferMatches(try await from.expand(pattern), of: pattern, context) ?? skipped
            }
        }
        if let skipped { throw CommandFailure.needsRecursive(skipped, isContainer: skipped.isContainer, command: command) }
    }

    /// Whether TARGET is a folder to copy into (as `cp a b/` or several sources), rather
    /// than the new name of the one source.
    func targetIsFolder(_ operands: [PathOperand], _ target: inout DestinationLookup) async throws -> Bool {
        if targetIsNamedAsFolder || destination.isContainer { return true }
        let many = operands.count > 1 || operands.contains { if case .pattern = $0 { true } else { false } }
        switch try await target.lookUp(for: self) {
        case .found(.object):
            if many { throw BrowserError.notAFolder(destination.description) }
            return false
        case .found: return true
        case .missing: return many
        }
    }

    /// One plain SOURCE: an object, or with -r a folder or container. With -r a folder is
    /// what is expected: its listing is asked first, an object's HEAD only when it holds nothing.
    func transfer(_ source: Location, intoFolder: Bool, _ target: inout DestinationLookup, _ context: CommandContext) async throws {
        guard source.container != nil else { throw CommandFailure.accountNotAllowed(.copyTarget) }
        switch try await from.resolve(source, probe: plan.isRecursive ? .folderFirst : .objectFirst) {
        case .object(let info, _):
            let to = intoFolder ? destination.appending(LocalPath.baseName(of: info.name)) : destination
            try await transferObject(info, from: source, to: to, context)
        case .folder, .container:
            guard plan.isRecursive else { throw CommandFailure.needsRecursive(source, isContainer: source.isContainer, command: command) }
            let folder = try await folderTarget(of: source, intoFolder: intoFolder, &target, context)
            try await transferFolder(source, to: folder, containerSeen: target.sawContainer, context)
        case .account:
            throw CommandFailure.accountNotAllowed(.copyTarget)
        }
    }

    func transferObject(_ info: ObjectInfo, from source: Location, to target: Location, _ context: CommandContext) async throws {
        guard target != source || !oneAccount else { throw CommandFailure.sameObject(source) }
        guard target.segments.count > 1, let container = target.container else { throw CommandFailure.accountNotAllowed(.copyTarget) }
        if isDryRun {
            return context.console.write("would \(moving ? "move" : "copy") \(named(source, on: from)) to \(named(target, on: to))\n")
        }
        if crosses { try await to.ensureContainer(container) }
        progress?.addTotal(bytes: info.bytes, items: 1)
        progress?.nowOn(info.name)
        let check = try await copier.copy(info, toContainer: container, name: String(target.prefix.dropLast()))
        progress?.finishItem()
        if moving {
            guard check == .verified else { throw TransferError.notMoved(name: source.objectPath, check) }
            try await from.deleteObject(at: source)
        }
        let checked = check == .verified ? "verified" : ErrorReport.words(check)
        context.console.writeNote("\(plan.done) \(named(source, on: from)) to \(named(target, on: to)) (\(checked))\n")
    }
}
