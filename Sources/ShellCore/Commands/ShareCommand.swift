import Browser
import Clusters
import Rendering
import Storage

/// `share NAME [--expires DURATION] [--put] [--json]` and `share --set-key`: a link to
/// one object that works without credentials until it expires, and the Swift key for it.
struct ShareCommand: ShellCommand {
    nonisolated static let expires = OptionSpec(
        "--expires", value: .text, valueName: "DURATION", help: "how long the link works: 90s, 30m, 1h, 7d (default 1h)")
    nonisolated static let put = OptionSpec("--put", help: "a link that stores NAME (curl -T FILE URL) rather than reads it")
    nonisolated static let setKey = OptionSpec("--set-key", help: "store a new random Temp-URL-Key on the Swift account (no NAME)")
    nonisolated static let spec = CommandSpec(
        name: "share", aliases: [],
        summary: "print a link to an object that works without credentials until it expires",
        details: """
            Prints a URL that reads NAME (or with --put stores it) without credentials, for \
            DURATION (s, m, h or d; default 1h). Swift: a TempURL, signed with HMAC-SHA256 \
            (SHA-512 or SHA-1 where the cluster's /info allows nothing else) and the account's \
            Temp-URL-Key, which the command needs: share --set-key stores a new random one \
            (asking first at a terminal; links signed with an older key stop working). S3: \
            a SigV4 presigned URL, at most 7d, signed with UNSIGNED-PAYLOAD so that curl -T \
            works. The link is signed on this machine; no key is ever printed. The file store \
            makes no links.
            Example: share report.pdf --expires 7d
            Example: share --put drop/upload.bin --expires 30m
            """,
        options: [expires, put, setKey, CommandTable.jsonOption],
        operands: [OperandSpec("NAME", .remoteAny, optional: true)])

    /// How long a link lasts when `--expires` is not given: an hour.
    nonisolated static let defaultLifetime = 3600

    let name: String?
    let lifetime: Int
    let method: ShareMethod
    let setsKey: Bool
    let json: Bool

    init(_ arguments: CommandArguments) throws {
        name = arguments.operand(0)
        setsKey = try arguments.flag(Self.setKey)
        method = try arguments.flag(Self.put) ? .put : .get
        json = try arguments.flag(CommandTable.jsonOption)
        let given = try arguments.value(Self.expires)
        if setsKey {
            guard name == nil else { throw ShellError.usage(arguments.spec, .tooManyArguments) }
            if given != nil { throw ShellError.usage(arguments.spec, .exclusiveOptions(Self.setKey.name, Self.expires.name)) }
            if method == .put { throw ShellError.usage(arguments.spec, .exclusiveOptions(Self.setKey.name, Self.put.name)) }
        }
        guard let seconds = given.map(DurationText.seconds) ?? Self.defaultLifetime else {
            throw ShellError.usage(arguments.spec, .badOptionValue(option: Self.expires.name, .duration))
        }
        lifetime = seconds
    }

    func run(_ context: CommandContext) async throws -> CommandOutcome {
        if setsKey { return try await storeKey(context) }
        guard let name else { throw ShellError.usage(Self.spec, .missingOperand("NAME")) }
        let target = try await place(name, context)
        let link = try await context.session.shareLink(
            ShareRequest(container: target.container, name: target.name, method: method, lifetime: lifetime))
        if context.wantsJSON(json) {
            context.console.writeJSON([JSONRecord.shareLink(link)])
        } else {
            context.console.write(escaped(link.url) + "\n")
            if context.settings.streams.output.isTerminal {
                context.console.write("  \(link.method.rawValue) until \(ISODate.format(link.expires)) (\(DurationText.format(lifetime)))\n")
            }
        }
        return .answered
    }

    /// The object a GET link reads, which must be there; a PUT link's place, which need not.
    func place(_ name: String, _ context: CommandContext) async throws -> (container: String, name: String) {
        guard method == .put else {
            let info = try await ContentOutput.object(name, context)
            return (info.container, info.name)
        }
        let target = try context.location(of: name)
        guard let container = target.container, target.segments.count > 1 else { throw CommandFailure.notAnObject(target, isContainer: true) }
        return (container, String(target.prefix.dropLast()))
    }

    /// `share --set-key`: asks at a terminal, then stores a new key; the key is never shown.
    func storeKey(_ context: CommandContext) async throws -> CommandOutcome {
        if let confirm = context.settings.streams.confirm,
            !(await confirm("store a new random Temp-URL-Key on the account? links signed with the old one stop working"))
        {
            context.console.writeError("share: no key stored\n")
            return .answered
        }
        try await context.session.setShareKey()
        context.console.writeNote("stored a new Temp-URL-Key on the account\n")
        return .answered
    }
}
