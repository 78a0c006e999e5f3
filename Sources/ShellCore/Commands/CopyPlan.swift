import Browser
import Rendering
import Storage
import Transfers

/// What `cp` and `mv` share: sources (paths or patterns) and a target in one cluster,
/// each object copied on the server and checked; with `moving`, a source goes only
/// after its copy was verified.
struct CopyPlan {
    let sources: ArraySlice<PathArgument>
    let target: String
    let moving: Bool
    let isRecursive: Bool
    let isDryRun: Bool
    let asks: Bool

    var command: String { moving ? "mv" : "cp" }
    var done: String { moving ? "moved" : "copied" }

    func run(_ context: CommandContext) async throws -> CommandOutcome {
        let session = context.session
        let destination = try session.currentFolder.resolving(target)
        guard destination.container != nil else { throw CommandFailure.accountNotAllowed(.copyTarget) }
        let operands = try sources.map { try $0.resolve(in: session.currentFolder) }
        let intoFolder = try await targetIsFolder(destination, operands, session)
        var skipped: Location?
        for operand in operands {
            switch operand {
            case .path(let source):
                try await transfer(source, to: destination, intoFolder: intoFolder, context)
            case .pattern(let pattern):
                skipped = try await transferMatches(try await session.expand(pattern), of: pattern, to: destination, context) ?? skipped
            }
        }
        if let skipped { throw CommandFailure.needsRecursive(skipped, isContainer: skipped.segments.count == 1, command: command) }
        if isDryRun { return .answered }
        try await session.refresh()
        return .showPanes
    }

    /// Whether TARGET is a folder to copy into (as `cp a b/` or several sources), rather
    /// than the new name of the one source.
    func targetIsFolder(_ destination: Location, _ operands: [PathOperand], _ session: BrowserSession) async throws -> Bool {
        if target.hasSuffix("/") || destination.segments.count == 1 { return true }
        let many = operands.count > 1 || operands.contains { if case .pattern = $0 { true } else { false } }
        do {
            switch try await session.resolve(destination, probe: .folderFirst) {
            case .object:
                if many { throw BrowserError.notAFolder(destination.description) }
                return false
            case .account, .container, .folder: return true
            }
        } catch BrowserError.notFound {
            return many
        }
    }

    /// One plain SOURCE: an object, or with -r a folder or container.
    func transfer(_ source: Location, to destination: Location, intoFolder: Bool, _ context: CommandContext) async throws {
        guard source.container != nil else { throw CommandFailure.accountNotAllowed(.copyTarget) }
        switch try await context.session.resolve(source, probe: .objectFirst) {
        case .object(let info, _):
            let to = intoFolder ? destination.appending(LocalPaths.baseName(of: info.name)) : destination
            try await transferObject(info, from: source, to: to, context)
        case .folder, .container:
            guard isRecursive else { throw CommandFailure.needsRecursive(source, isContainer: source.segments.count == 1, command: command) }
            let target = try await folderTarget(of: source, destination, intoFolder: intoFolder, context)
            try await transferFolder(source, to: target, as: destination, context)
        case .account:
            throw CommandFailure.accountNotAllowed(.copyTarget)
        }
    }

    /// Where a folder goes: into TARGET when that is a folder already there, else TARGET
    /// itself; for a move interrupted before, where its journal says it was going.
    func folderTarget(of source: Location, _ destination: Location, intoFolder: Bool, _ context: CommandContext) async throws -> Location {
        if moving,
            let recorded = MoveJournal.recordedTarget(
                folder: context.settings.journalFolder, cluster: context.session.clusterName, source: source.description,
                destination: destination.description)
        {
            return try Location.root.resolving(recorded)
        }
        let targetExists = (try? await context.session.resolve(destination)) != nil
        return intoFolder && targetExists ? destination.appending(source.name!) : destination
    }

    func transferObject(_ info: ObjectInfo, from source: Location, to target: Location, _ context: CommandContext) async throws {
        guard target != source else { throw CommandFailure.sameObject(source) }
        guard target.segments.count > 1, let container = target.container else { throw CommandFailure.accountNotAllowed(.copyTarget) }
        if isDryRun {
            return context.console.write("would \(moving ? "move" : "copy") \(escaped(source.objectPath)) to \(escaped(target.objectPath))\n")
        }
        let check = try await context.session.copier().copy(info, toContainer: container, name: String(target.prefix.dropLast()))
        if moving {
            guard check == .verified else { throw TransferError.notMoved(name: source.objectPath, check) }
            try await context.session.deleteObject(at: source)
        }
        let checked = check == .verified ? "verified" : ErrorReport.words(check)
        context.console.writeNote("\(done) \(escaped(source.objectPath)) to \(escaped(target.objectPath)) (\(checked))\n")
    }
}
