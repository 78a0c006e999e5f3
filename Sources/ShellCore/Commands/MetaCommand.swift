import Browser
import Rendering
import Storage

/// `meta [-d KEY]... [--content-type TYPE] [-f] [--json] [-n] NAME [KEY=VALUE...]`: an
/// object's user metadata and content type, shown or changed on the server; a pattern
/// NAME, every object's it matches (`MetaCommand+Patterns.swift`).
struct MetaCommand: ShellCommand {
    nonisolated static let remove = OptionSpec("-d", value: .text, valueName: "KEY", help: "remove the metadata KEY (give -d once for each)")
    nonisolated static let contentType = OptionSpec("--content-type", value: .text, valueName: "TYPE", help: "set the content type, e.g. text/plain")
    nonisolated static let force = OptionSpec("-f", help: "do not ask before changing what a pattern matches")
    nonisolated static let spec = CommandSpec(
        name: "meta", aliases: [],
        summary: "show or change an object's metadata and content type",
        details: """
            Without changes, prints NAME's content type, the other headers it is served with \
            (Cache-Control, Content-Disposition…) and its metadata as Meta-KEY lines. KEY=VALUE \
            sets a key, -d KEY removes one, --content-type sets the type; every header not named \
            is kept (Swift's POST and S3's CopyObject would drop them: objsh sends them again). \
            Keys are ASCII letters, digits, -, _ and ., without regard to case. A change is made \
            on the server: no byte of the object moves. -n prints what would change, and \
            changes nothing. A NAME with *, ? or [...] is a pattern (** spans folders): the \
            change goes to every object it matches (folders are left), and meta says how many \
            it changed; at a terminal it first asks when more than one object matches (-f and \
            scripts do not ask). Without a change, a pattern prints each object's metadata \
            under its path.
            Example: meta report.pdf reviewed=yes -d draft --content-type application/pdf
            Example: meta logs/*.log -d draft reviewed=yes
            """,
        options: [remove, contentType, force, CommandTable.jsonOption, CommandTable.dryRunOption],
        operands: [OperandSpec("NAME", .remoteAny), OperandSpec("KEY=VALUE", .text, optional: true, repeating: true)])

    let name: String
    /// NAME as typed, a pattern when it has an unquoted wildcard.
    let path: PathArgument
    let change: MetadataChange
    let json: Bool
    let isDryRun: Bool
    /// Whether a pattern's change asks first at a terminal (no -f).
    let asks: Bool

    init(_ arguments: CommandArguments) throws {
        name = arguments.operands[0]
        path = arguments.path(0)!
        asks = !(try arguments.flag(Self.force))
        change = MetadataChange(
            set: try Self.settings(arguments.operands.dropFirst(), spec: arguments.spec),
            remove: try arguments.values(Self.remove).map { try Self.checkedKey($0, spec: arguments.spec) },
            contentType: try arguments.value(Self.contentType).map { try Self.checkedType($0, spec: arguments.spec) })
        json = try arguments.flag(CommandTable.jsonOption)
        isDryRun = try arguments.flag(CommandTable.dryRunOption)
    }

    var asksForChange: Bool { !change.set.isEmpty || !change.remove.isEmpty || change.contentType != nil }

    func run(_ context: CommandContext) async throws -> CommandOutcome {
        if case .pattern(let pattern) = try path.resolve(in: context.folder) { return try await changeMatches(pattern, context) }
        let info = try await ContentOutput.object(name, context)
        guard asksForChange else {
            write(info, context)
            return .answered
        }
        let path = escaped(Location(container: info.container, objectName: Substring(info.name)).objectPath)
        let lines = MetadataLines.changes(change, of: info)
        guard !lines.isEmpty else {
            context.console.writeNote("nothing to change in \(path)\n")
            return .answered
        }
        if isDryRun {
            context.console.write("would change \(path):\n" + lines.map { "  \($0)\n" }.joined())
            return .answered
        }
        let changed = try await context.session.updateMetadata(of: info, change)
        context.console.writeNote("changed \(path):\n" + lines.map { "  \($0)\n" }.joined())
        if context.wantsJSON(json) { context.console.writeJSON([JSONRecord.metadata(changed)]) }
        return .storeChanged(printPanes: false)
    }

    func write(_ info: ObjectInfo, _ context: CommandContext) {
        if context.wantsJSON(json) { return context.console.writeJSON([JSONRecord.metadata(info)]) }
        context.console.write(MetadataLines.listing(info).map { $0 + "\n" }.joined())
    }

    /// The KEY=VALUE operands (or values of `option`), checked; a key given twice (in
    /// any case) keeps its last value.
    static func settings(_ words: ArraySlice<String>, spec: CommandSpec, option: String? = nil) throws -> [String: String] {
        var settings: [String: String] = [:]
        for word in words {
            guard let equals = word.firstIndex(of: "=") else { throw ShellError.usage(spec, .notKeyValue(word, option: option)) }
            let key = try checkedKey(String(word[..<equals]), spec: spec)
            let value = String(word[word.index(after: equals)...])
            guard !value.isEmpty, !value.unicodeScalars.contains(where: isControl) else {
                throw ShellError.usage(spec, .badMetadataValue(key: key, option: option))
            }
            settings = settings.filter { $0.key.lowercased() != key.lowercased() }
            settings[key] = value
        }
        return settings
    }

    /// A key both APIs keep as it is: ASCII letters, digits, `-`, `_` and `.`, at most
    /// 128 bytes (Swift's default limit).
    static func checkedKey(_ key: String, spec: CommandSpec) throws -> String {
        let allowed = key.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || byte == 0x2D || byte == 0x5F || byte == 0x2E
        }
        guard !key.isEmpty, key.utf8.count <= 128, allowed else { throw ShellError.usage(spec, .badMetadataKey(key)) }
        return key
    }

    /// A content type: `TYPE/SUBTYPE`, without control characters.
    static func checkedType(_ type: String, spec: CommandSpec) throws -> String {
        guard type.contains("/"), !type.hasPrefix("/"), !type.unicodeScalars.contains(where: isControl) else {
            throw ShellError.usage(spec, .badOptionValue(option: contentType.name, .contentType))
        }
        return type
    }

    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}
