import Browser
import Rendering
import Storage
import Transfers

/// `cp [-r] [-n] SOURCE... TARGET`: copies made on the server, each verified.
struct CopyCommand: ShellCommand {
    nonisolated static let recursive = OptionSpec("-r", help: "folders and containers, with everything in them")
    nonisolated static let segmentSize = OptionSpec(
        "--segment-size", value: .text, valueName: "SIZE",
        help: "part size of copies between clusters, e.g. 16M (K, M, G: powers of 1024; default 64M)")
    nonisolated static let spec = CommandSpec(
        name: "cp", aliases: ["copy"],
        summary: "copy objects (with -r folders) on the server, each copy verified",
        details: """
            Copies each SOURCE to TARGET on the server: no byte comes down to objsh. With one \
            object SOURCE, TARGET is the copy's name, or a folder or container to copy into \
            (a TARGET ending in / is always one). Content type and metadata go with the copy. \
            A static large object is copied segment by segment under a manifest of its own, an \
            S3 multipart object part by part at the same boundaries, so every copy's ETag is \
            checked against the source's; a dynamic large object becomes a plain object, and \
            is said to be unverified. With -r, folders and containers with everything in them. \
            A SOURCE may be a pattern (*.log). -n prints what would be copied, and copies nothing.
            Either side may be CLUSTER:PATH, a path from the root of another configured \
            cluster: the bytes then stream through objsh, parts of --segment-size several at \
            once, each part held in a temporary file while it goes up (never the whole \
            object), the source verified as get verifies it, and the target's manifest \
            written last; run again after an interruption, parts already there are not sent \
            again.
            Example: cp -r photos/2024 /backup/photos/
            Example: cp dal05:/photos/x.jpg s3:/backup/
            """,
        options: [recursive, segmentSize, CommandTable.dryRunOption],
        operands: [OperandSpec("SOURCE", .remoteAny, repeating: true), OperandSpec("TARGET", .remoteAny)])

    let plan: CopyPlan

    init(_ arguments: CommandArguments) throws {
        plan = CopyPlan(
            sources: arguments.paths().dropLast(), target: arguments.operands.last!, moving: false,
            isRecursive: try arguments.flag(Self.recursive), isDryRun: try arguments.flag(CommandTable.dryRunOption), asks: false,
            partBytes: try arguments.size(Self.segmentSize))
    }

    func run(_ context: CommandContext) async throws -> CommandOutcome { try await plan.run(context) }
}

/// `mv [-r] [-f] [-n] SOURCE... TARGET` (alias `rename`): a verified copy, then the source goes.
struct MoveCommand: ShellCommand {
    nonisolated static let force = OptionSpec("-f", help: "do not ask before moving what a pattern matches")
    nonisolated static let spec = CommandSpec(
        name: "mv", aliases: ["rename"],
        summary: "move or rename objects (with -r folders): a verified copy, then the source goes",
        details: """
            Moves each SOURCE to TARGET as cp copies it, and deletes a source only once its \
            copy was verified: an object is never in neither place. A copy that cannot be \
            verified (a dynamic large object) keeps its source, and says so. A folder move \
            keeps a journal; interrupted and run again, it finishes what is left. At a \
            terminal, a pattern first says how many objects and bytes will move and asks. \
            -n prints what would move, and moves nothing. Either side may be CLUSTER:PATH, as \
            for cp.
            Example: mv report-draft.pdf report.pdf
            """,
        options: [CopyCommand.recursive, force, CopyCommand.segmentSize, CommandTable.dryRunOption],
        operands: [OperandSpec("SOURCE", .remoteAny, repeating: true), OperandSpec("TARGET", .remoteAny)])

    let plan: CopyPlan

    init(_ arguments: CommandArguments) throws {
        plan = CopyPlan(
            sources: arguments.paths().dropLast(), target: arguments.operands.last!, moving: true,
            isRecursive: try arguments.flag(CopyCommand.recursive), isDryRun: try arguments.flag(CommandTable.dryRunOption),
            asks: !(try arguments.flag(Self.force)), partBytes: try arguments.size(CopyCommand.segmentSize))
    }

    func run(_ context: CommandContext) async throws -> CommandOutcome { try await plan.run(context) }
}
