import Browser
import Foundation
import NameIndex
import Rendering

/// `index [--status | --drop] [--full] [PATH]`: the local index of names `search` answers from.
struct IndexCommand: ShellCommand {
    nonisolated static let status = OptionSpec("--status", help: "print, per container, the names held, their age and the size on disk")
    nonisolated static let drop = OptionSpec("--drop", help: "forget the index of PATH's container (without PATH: of the account)")
    nonisolated static let full = OptionSpec("--full", help: "list every container again, changed or not")
    nonisolated static let spec = CommandSpec(
        name: "index", aliases: [],
        summary: "build or refresh the local index of names that search answers from",
        details: """
            Lists the account (or PATH: a container or folder) in key ranges side by side and \
            keeps its names, sizes and dates under $XDG_CACHE_HOME/objsh/index, one file set \
            per cluster and account. On an indexed account only containers that changed are \
            listed again: on Swift, those whose count, bytes or last-modified in the account \
            listing differ (Swift updates them within its container updater's interval, and \
            an overwrite of the same size leaves them as they were: --full lists all); where \
            the store keeps no totals (S3, the file store), those whose first listing page \
            differs. A stopped index keeps the containers it finished and the old index of the rest. \
            A cluster's index_refresh = 1h (config file) refreshes an index older than that in \
            the background when an interactive session opens the cluster.
            Example: index --status
            """,
        options: [status, drop, full], operands: [OperandSpec("PATH", .remoteFolder, optional: true)])

    let path: String?
    let wantsStatus: Bool
    let wantsDrop: Bool
    let wantsFull: Bool

    init(_ arguments: CommandArguments) throws {
        path = arguments.operand(0)
        wantsStatus = try arguments.flag(Self.status)
        wantsDrop = try arguments.flag(Self.drop)
        wantsFull = try arguments.flag(Self.full)
        if wantsStatus && wantsDrop { throw ShellError.usage(Self.spec, .exclusiveOptions("--status", "--drop")) }
    }

    func run(_ context: CommandContext) async throws -> CommandOutcome {
        guard let index = context.session.nameIndex else { throw NameIndexError.unavailable }
        let place = try await context.session.searchScope(path, from: context.place)
        if wantsStatus {
            writeStatus(index.manifest, context)
        } else if wantsDrop {
            let dropped = try await index.drop(container: place.container)
            guard !dropped.isEmpty || place.container == nil else { throw NameIndexError.notIndexed(place.description) }
            context.console.writeNote("dropped the index of \(place.container.map { escaped($0) } ?? "the account")\n")
        } else {
            let report = try await refresh(index, place, context)
            context.console.writeNote(Self.summary(report))
        }
        return .answered
    }

    func refresh(_ index: NameIndex, _ place: Location, _ context: CommandContext) async throws -> RefreshReport {
        let console = context.console
        do {
            let report = try await context.session.refresh(index, container: place.container, prefix: place.prefix, full: wantsFull) {
                container, names in console.showStatus("indexing \(container): \(names) names")
            }
            await console.endStatus()
            return report
        } catch {
            await console.endStatus()
            throw error
        }
    }

    /// `indexed 2 containers (1,234 names); 5 unchanged; 1 gone`.
    static func summary(_ report: RefreshReport) -> String {
        var parts = ["indexed \(report.listed.count) container\(report.listed.count == 1 ? "" : "s") (\(report.names) names)"]
        if !report.unchanged.isEmpty { parts.append("\(report.unchanged.count) unchanged") }
        if !report.removed.isEmpty { parts.append("\(report.removed.count) gone") }
        return parts.joined(separator: "; ") + "\n"
    }

    /// A line per container: name (and folder), names held, age, size on disk.
    func writeStatus(_ manifest: IndexManifest?, _ context: CommandContext) {
        guard let manifest, !manifest.containers.isEmpty else {
            return context.console.write("no index of this account yet: index builds one\n")
        }
        let records = manifest.containers.sorted { $0.key.precedesInByteOrder($1.key) }
        let rows = records.map { name, record in
            [
                escaped(name + (record.prefix.isEmpty ? "" : "/" + record.prefix)), "\(record.names)",
                IndexAge.words(since: record.indexedAt), ByteCountText.format(Int64(record.diskBytes)),
            ]
        }
        let table = [["CONTAINER", "NAMES", "INDEXED", "ON DISK"]] + rows
        let widths = (0..<4).map { column in table.map { DisplayWidth.width(of: $0[column]) }.max() ?? 0 }
        var text = table.map { row in
            row.enumerated().map { column, cell in column == 3 ? cell : DisplayWidth.pad(cell, toWidth: widths[column] + 2) }.joined()
        }.joined(separator: "\n")
        text += "\naccount: " + (manifest.accountIndexedAt.map { "indexed whole \(IndexAge.words(since: $0))" } ?? "not indexed whole") + "\n"
        context.console.write(text)
    }
}
