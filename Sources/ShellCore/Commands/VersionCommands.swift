import Browser
import Rendering
import Storage

/// `versions [-n] on|off [CONTAINER]`: whether a container keeps older versions of its objects.
struct VersionsCommand: ShellCommand {
    nonisolated static let spec = CommandSpec(
        name: "versions", aliases: [],
        summary: "turn the keeping of older object versions on or off for a container",
        details: """
            on: from now, every overwrite and delete in CONTAINER (default: the current \
            folder's) keeps what was there as a version, which ls --versions lists, info, get \
            and cat --version read, and restore brings back. off: new writes replace what is \
            there; the versions kept so far stay (rm --version removes one). info of the \
            container shows the state: on, off, or suspended (off after being on). Swift needs \
            object versioning on the cluster (2.24+, allow_object_versioning); S3 suspends a \
            bucket's versioning. -n says what would change, and changes nothing.
            Example: versions on photos
            """,
        options: [CommandTable.dryRunOption],
        operands: [OperandSpec("on|off", .text), OperandSpec("CONTAINER", .remoteFolder, optional: true)])

    let state: String
    let container: String?
    let isDryRun: Bool

    init(_ arguments: CommandArguments) throws {
        state = arguments.operands[0]
        container = arguments.operand(1)
        isDryRun = try arguments.flag(CommandTable.dryRunOption)
    }

    func run(_ context: CommandContext) async throws -> CommandOutcome {
        guard state == "on" || state == "off" else { throw ShellError.usage(Self.spec, .badOperand("on|off", .onOrOff)) }
        let isOn = state == "on"
        let target = try context.location(of: container)
        guard let name = target.container else { throw CommandFailure.accountNotAllowed(.version) }
        if isDryRun {
            context.console.write("would turn versions \(state) for \(escaped(name))\n")
            return .answered
        }
        try await context.session.setVersioning(isOn, container: name)
        let what =
            isOn
            ? "overwrites and deletes keep older versions (ls --versions lists them)"
            : "new writes replace; the versions kept so far stay"
        context.console.writeNote("versions \(state) for \(escaped(name)): \(what)\n")
        return .answered
    }
}

/// `restore [--version ID] [-n] NAME`: an older version made current again by a
/// server-side copy, which also undeletes an object whose newest version is a delete marker.
struct RestoreCommand: ShellCommand {
    nonisolated static let spec = CommandSpec(
        name: "restore", aliases: [],
        summary: "make an older version of an object current again (undelete too)",
        details: """
            Copies a version of NAME over it on the server (no byte passes through objsh): \
            --version ID, or by default the newest version that is not current. An object whose \
            newest version is a delete marker (deleted in a container that keeps versions) comes \
            back this way. Every version stays, and the copy is the newest. -n says which version \
            would be restored, and changes nothing.
            Example: restore report.pdf
            Example: restore --version 1795575699.29165 report.pdf
            """,
        options: [VersionOption.option, CommandTable.dryRunOption],
        operands: [OperandSpec("NAME", .remoteAny)])

    let name: String
    let version: String?
    let isDryRun: Bool

    init(_ arguments: CommandArguments) throws {
        name = arguments.operands[0]
        version = try arguments.value(VersionOption.option)
        isDryRun = try arguments.flag(CommandTable.dryRunOption)
    }

    func run(_ context: CommandContext) async throws -> CommandOutcome {
        let (container, object) = try VersionOption.object(name, context)
        let session = context.session
        let versions = try await session.versions(of: object, in: container)
        let chosen = try Self.choose(version, from: versions, container: container, name: object)
        let path = escaped(Location(container: container, objectName: Substring(object)).objectPath)
        let wasDeleted = versions.first.map { $0.isDeleteMarker || !$0.isCurrent } ?? true
        let what = "version \(escaped(chosen.id)) (\(RemoveCommand.describe(chosen)))"
        if isDryRun {
            context.console.write("would restore \(path) from \(what)\(wasDeleted ? ", undeleting it" : "")\n")
            return .answered
        }
        try await session.restore(try await session.objectInfo(container: container, name: object, version: chosen.id))
        context.console.writeNote("restored \(path) from \(what) by a copy on the server\(wasDeleted ? "; it was deleted" : "")\n")
        return .storeChanged(printPanes: true)
    }

    /// The version asked for, or the newest that is not current; never a delete marker.
    static func choose(_ id: String?, from versions: [ObjectVersion], container: String, name: String) throws -> ObjectVersion {
        guard let id else {
            guard let newest = versions.first(where: { !$0.isCurrent && !$0.isDeleteMarker }) else {
                throw CommandFailure.nothingToRestore(container: container, name: name)
            }
            return newest
        }
        guard let version = versions.first(where: { $0.id == id }) else {
            throw StorageError.noSuchVersion(container: container, name: name, version: id)
        }
        if version.isDeleteMarker { throw CommandFailure.restoreOfDeleteMarker(name: name, version: id) }
        return version
    }
}
