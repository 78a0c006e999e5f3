import Browser
import Sync

/// `diff [--exclude PATTERN]... [--json] SRC DEST`: what differs between two places, by content.
struct DiffCommand: ShellCommand {
    nonisolated static let exclude = OptionSpec(
        "--exclude", value: .text, valueName: "PATTERN",
        help: "leave out names that match (*.tmp at any depth; build/** from the top); repeat for more")
    nonisolated static let spec = CommandSpec(
        name: "diff", aliases: [],
        summary: "what differs between two folders, local or remote, compared by content",
        details: """
            Compares the names under SRC with those under DEST and prints a line for each \
            that differs: + only in SRC, - only in DEST, ~ other content, ~? other by size \
            and time (nothing could prove the content), then the totals: same, +, - and ~ \
            with their bytes, how many were judged by size and time, and the local files \
            read to hash them. SRC and DEST are each file:PATH (a local folder; file: alone \
            is the local working folder), CLUSTER:PATH (a container or folder of another \
            cluster, from its root) or a container or folder of this cluster. A DEST that \
            is not there counts as empty. Content is compared as cheaply as it can be \
            proven: sizes first; then a file's MD5 against a plain object's ETag, a static \
            large object segment by segment, an S3 multipart object part by part (at the \
            part size recorded, or one that fits); two objects by their ETags, or their \
            segments and parts. A dynamic large object, or an ETag that is no digest, is \
            compared by size and time: DEST counts as the same when it is not older than \
            SRC. Exit status 0 when the same, 1 when they differ, as diff(1).
            Example: diff file:~/photos /backup/photos
            Example: diff --exclude '*.tmp' dal05:/logs s3:/logs
            """,
        options: [exclude, CommandTable.jsonOption],
        operands: [OperandSpec("SRC", .place), OperandSpec("DEST", .place)])

    let source: PlaceOperand
    let destination: PlaceOperand
    let filter: NameFilter
    let json: Bool

    init(_ arguments: CommandArguments) throws {
        source = PlaceOperand(text: arguments.operands[0])
        destination = PlaceOperand(text: arguments.operands[1])
        filter = NameFilter(try arguments.values(Self.exclude))
        json = try arguments.flag(CommandTable.jsonOption)
    }

    func run(_ context: CommandContext) async throws -> CommandOutcome {
        let from = try await source.resolve(context, mustExist: true, besideLocal: destination.isLocal)
        let to = try await destination.resolve(context, mustExist: false, besideLocal: source.isLocal)
        let comparison = Comparison(source: from.place, destination: to.place, filter: filter, digesting: context.digesting)
        let totals = try await PlanLines.print(comparison, json: context.wantsJSON(json), removals: true, context)
        comparison.saveDigests(complete: true)
        return totals.isSame ? .answered : .differ
    }
}
