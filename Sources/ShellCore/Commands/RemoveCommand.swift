import Browser
import Rendering
import Storage

/// `rm [-r] [-f] [-n] NAME...`: objects; with -r folders and containers with all they
/// hold. A NAME may be a pattern (`*.log`).
struct RemoveCommand: ShellCommand {
    nonisolated static let recursive = OptionSpec("-r", help: "folders and containers, with everything in them")
    nonisolated static let force = OptionSpec("-f", help: "do not ask before deleting")
    nonisolated static let oldVersions = OptionSpec(
        "--versions", help: "the old (non-current) versions of each NAME, for good; the current ones stay (-r: under a folder)")
    nonisolated static let spec = CommandSpec(
        name: "rm", aliases: ["delete"],
        summary: "delete objects; with -r a folder or container and all it holds",
        details: """
            Deletes each NAME. An object: it goes, a static large object with its segments. \
            With -r a folder or container: every object under it (in bulk when the cluster \
            offers it), then the container itself when one was named. A NAME with *, ? or \
            [...] is a pattern (** spans folders): every object it matches goes, folders only \
            with -r. At a terminal, rm -r and a pattern first say how many objects and bytes \
            will go and ask; -f and scripts do not ask. -n prints what would go and deletes nothing. \
            In a container that keeps versions (see versions), a deleted object's bytes stay as a \
            version, and rm says so (for one object, a folder or a pattern); restore brings it \
            back. rm -r of such a container deletes its old versions too, for good: at a \
            terminal the question names them; a script must give -f, or it deletes nothing. \
            --version ID deletes that one version for good, after asking at a terminal (-f \
            does not ask). --versions deletes every old (non-current) version of each NAME \
            for good, delete markers too, and leaves the current ones: of an object, of the \
            objects a pattern matches, or with -r of everything under a folder or \
            container. It says how many versions and bytes go and asks at a terminal; a \
            script must give -f; -n lists them. A container that never kept versions is \
            refused.
            Example: rm -r old-backups
            Example: rm -n logs/2023-*.log
            Example: rm --version 1795575699.29165 report.pdf
            Example: rm -r --versions -n /backups
            """,
        options: [recursive, force, VersionOption.option, oldVersions, CommandTable.dryRunOption],
        operands: [OperandSpec("NAME", .remoteAny, repeating: true)])

    let names: [PathArgument]
    let isRecursive: Bool
    let asks: Bool
    let isDryRun: Bool
    let version: String?
    let purgesOldVersions: Bool

    init(_ arguments: CommandArguments) throws {
        names = arguments.paths()
        isRecursive = try arguments.flag(Self.recursive)
        asks = !(try arguments.flag(Self.force))
        isDryRun = try arguments.flag(CommandTable.dryRunOption)
        version = try arguments.value(VersionOption.option)
        if version != nil && isRecursive { throw ShellError.usage(Self.spec, .exclusiveOptions(VersionOption.option.name, Self.recursive.name)) }
        purgesOldVersions = try arguments.flag(Self.oldVersions)
        if version != nil && purgesOldVersions {
            throw ShellError.usage(Self.spec, .exclusiveOptions(VersionOption.option.name, Self.oldVersions.name))
        }
    }

    func run(_ context: CommandContext) async throws -> CommandOutcome {
        let session = context.session
        if let version { return try await removeVersion(version, context) }
        if purgesOldVersions { return try await removeOldVersions(context) }
        var removed: [Location] = []
        for name in names {
            switch try name.resolve(in: context.folder) {
            case .path(let target):
                guard try await remove(target, context) else { continue }
                removed.append(target)
            case .pattern(let pattern):
                removed += try await removeMatches(try await session.expand(pattern), of: pattern, context)
            }
        }
        if isDryRun { return .answered }
        // The panes leave what is gone, then show what is left.
        if let gone = removed.first(where: { session.currentFolder.isWithin($0) }), let parent = gone.parent {
            try await session.cd(parent.description)
        }
        return .storeChanged(printPanes: true)
    }

    /// Deletes what one plain NAME names; false when the user said no.
    func remove(_ target: Location, _ context: CommandContext) async throws -> Bool {
        guard target.container != nil else { throw CommandFailure.accountNotAllowed(.delete) }
        if isRecursive, try await holdsObjects(target, context.session) {
            return try await removeAll(under: target, context, asking: asks)
        }
        try await removeObject(target, context)
        return true
    }

    /// Whether `target` is a container, or a folder with something in it.
    func holdsObjects(_ target: Location, _ session: BrowserSession) async throws -> Bool {
        switch try await session.resolve(target, expecting: .object) {
        case .container, .folder, .account: true
        case .object: false
        }
    }

    func removeObject(_ target: Location, _ context: CommandContext) async throws {
        guard target.segments.count > 1 else { throw CommandFailure.needsRecursive(target, isContainer: true, command: "rm") }
        if isDryRun { return try await sayWouldRemove(target, context) }
        let outcome: DeleteOutcome
        do {
            outcome = try await context.session.deleteObject(at: target)
        } catch StorageError.noSuchObject {
            // Deleting first costs one request where an object is meant; only a name
            // that is no object is resolved, to say whether it is a folder or nothing.
            guard try await holdsObjects(target, context.session) else { throw BrowserError.notFound(NotFound(target, expected: .object)) }
            throw CommandFailure.needsRecursive(target, isContainer: false, command: "rm")
        }
        let kept = outcome == .keptAsVersion ? Self.itsBytesStay : ""
        context.console.writeNote("deleted \(escaped(target.objectPath))\(kept)\n")
    }

    /// Deletes everything under a folder or container (then the container itself); at a
    /// terminal it first says how much and asks. False when the answer was no. In a
    /// container that keeps versions, the objects' bytes stay as versions, and both the
    /// question and the answer say so; a container deleted whole takes its old versions
    /// with it, which the question names, and a script must give -f for.
    func removeAll(under target: Location, _ context: CommandContext, asking: Bool) async throws -> Bool {
        let isContainer = target.isContainer
        let deleter = context.session.deleter()
        if isDryRun { return try await sayWouldRemoveAll(under: target, context) }
        let keeps = try await keepsVersions(target.container!, context.session)
        if isContainer, keeps, asks, context.settings.streams.confirm == nil {
            throw CommandFailure.versionsWouldGo(container: target.container!)
        }
        if asking, let confirm = context.settings.streams.confirm {
            let (objects, bytes) = try await deleter.count(under: target)
            let what = "\(objects) object\(objects == 1 ? "" : "s") (\(ByteCountText.format(bytes))) under \(escaped(target.description))"
            guard await confirm("delete \(what)\(Self.fate(isContainer: isContainer, keepsVersions: keeps))?") else {
                context.console.writeError("rm: nothing deleted\n")
                return false
            }
        }
        let count = try await deleter.deleteAll(under: target, failed: context.console.failureWriter(of: "rm"))
        var said = "deleted \(count) object\(count == 1 ? "" : "s") under \(escaped(target.description))"
        if isContainer {
            var versions = 0
            if keeps { versions = try await deleter.deleteVersions(in: target.container!) }
            try await deleter.deleteEmptiedContainer(target.container!)
            said += keeps ? " and the container, with the \(versions) version\(versions == 1 ? "" : "s") it kept" : " and the container"
        } else if keeps {
            said += Self.bytesStay
        }
        context.console.writeNote(said + "\n")
        return true
    }
}
