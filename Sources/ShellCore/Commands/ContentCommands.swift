import Browser
import Rendering
import Storage
import Sync

/// `cat [--raw] NAME...`: objects' bytes to standard output, each MD5 checked as `get NAME -` checks it.
struct CatCommand: ShellCommand {
    nonisolated static let raw = OptionSpec("--raw", help: "send control bytes (and binary data) to a terminal as they are")
    nonisolated static let spec = CommandSpec(
        name: "cat", aliases: [],
        summary: "write objects' bytes to standard output, verified",
        details: """
            Writes each NAME's bytes to standard output, one after the other, checked as get \
            checks them (the MD5, or each segment of a large object); a mismatch ends the \
            command with an error after the bytes already written. At a terminal, control \
            characters show escaped as less shows them (^[ for ESC), unless --raw; an object \
            whose start holds a NUL byte (binary data) is not written there at all. With \
            --version ID, that version of NAME (ls --versions lists them), checked the same way.
            Example: cat logs/app.log | grep ERROR
            """,
        options: [raw, VersionOption.option], operands: [OperandSpec("NAME", .remoteAny, repeating: true)])

    let names: [String]
    let isRaw: Bool
    let version: String?

    init(_ arguments: CommandArguments) throws {
        names = arguments.operands
        isRaw = try arguments.flag(Self.raw)
        version = try arguments.value(VersionOption.option)
    }

    func run(_ context: CommandContext) async throws -> CommandOutcome {
        for name in names {
            let info =
                if let version {
                    try await VersionOption.info(name, version: version, context)
                } else {
                    try await ContentOutput.object(name, context)
                }
            // The engine hands the bytes over from its own task: the output is shared behind a lock.
            let out = Locked(ContentOutput(console: context.console, raw: isRaw, refusingBinary: info))
            let outcome = try await context.session.downloader().stream(info) { @Sendable bytes in try out.withLock { try $0.write(bytes) } }
            out.withLock { $0.finish() }
            if let note = outcome.note { context.console.writeError("cat: \(escaped(info.name)): \(ErrorReport.words(note))\n") }
        }
        return .answered
    }
}

/// `head [-n LINES | -c BYTES] [--raw] NAME`: the start of an object, read with ranges.
struct HeadCommand: ShellCommand {
    nonisolated static let lines = OptionSpec("-n", value: .text, valueName: "LINES", help: "the first LINES lines (default 10)")
    nonisolated static let bytes = OptionSpec("-c", value: .text, valueName: "BYTES", help: "the first BYTES bytes")
    nonisolated static let spec = CommandSpec(
        name: "head", aliases: [],
        summary: "write the first lines (or bytes) of an object",
        details: """
            Writes the first 10 lines of NAME, or -n LINES, or -c BYTES, reading only the bytes \
            needed with Range requests (16 KiB first, then twice as much each time). At a \
            terminal, control characters show escaped, unless --raw.
            Example: head -n 20 logs/app.log
            """,
        options: [lines, bytes, CatCommand.raw], operands: [OperandSpec("NAME", .remoteAny)])

    let part: ContentPart

    init(_ arguments: CommandArguments) throws {
        part = try ContentPart(arguments)
    }

    func run(_ context: CommandContext) async throws -> CommandOutcome {
        let reader = context.session.reader(of: try await ContentOutput.object(part.name, context))
        var out = ContentOutput(console: context.console, raw: part.isRaw)
        switch part.count {
        case .bytes(let count):
            if count > 0 { try out.write(try await reader.bytes(0...Int64(count - 1))) }
        case .lines(let count):
            try await reader.firstLines(count) { try out.write($0) }
        }
        out.finish()
        return .answered
    }
}

/// `tail [-n LINES | -c BYTES] [--raw] NAME`: the end of an object, read with ranges.
struct TailCommand: ShellCommand {
    nonisolated static let spec = CommandSpec(
        name: "tail", aliases: [],
        summary: "write the last lines (or bytes) of an object",
        details: """
            Writes the last 10 lines of NAME, or -n LINES, or -c BYTES, reading only the bytes \
            needed with Range requests from the end (16 KiB first, then twice as much each \
            time), so the end of a huge log costs one small request or a few. At a terminal, \
            control characters show escaped, unless --raw.
            Example: tail -c 1000 logs/app.log
            """,
        options: [HeadCommand.lines, HeadCommand.bytes, CatCommand.raw], operands: [OperandSpec("NAME", .remoteAny)])

    let part: ContentPart

    init(_ arguments: CommandArguments) throws {
        part = try ContentPart(arguments)
    }

    func run(_ context: CommandContext) async throws -> CommandOutcome {
        let info = try await ContentOutput.object(part.name, context)
        let reader = context.session.reader(of: info)
        var out = ContentOutput(console: context.console, raw: part.isRaw)
        switch part.count {
        case .bytes(let count):
            if count > 0 { try out.write(try await reader.bytes(max(0, info.bytes - Int64(count))...(info.bytes - 1))) }
        case .lines(let count):
            try out.write(try await reader.lastLines(count))
        }
        out.finish()
        return .answered
    }
}

/// What `head` and `tail` take: the object, how much of it, and `--raw`.
@MainActor
struct ContentPart {
    let name: String
    let count: ContentCount
    let isRaw: Bool

    init(_ arguments: CommandArguments) throws {
        name = arguments.operands[0]
        count = try ContentCount(arguments, lines: HeadCommand.lines, bytes: HeadCommand.bytes)
        isRaw = try arguments.flag(CatCommand.raw)
    }
}

/// How much `head` and `tail` write: `-n LINES` (default 10) or `-c BYTES`.
enum ContentCount: Equatable {
    case lines(Int)
    case bytes(Int)

    init(_ arguments: CommandArguments, lines: OptionSpec, bytes: OptionSpec) throws {
        let lineCount = try arguments.number(lines, in: 0...Int(Int32.max))
        let byteCount = try arguments.number(bytes, in: 0...Int.max)
        if lineCount != nil && byteCount != nil { throw ShellError.usage(arguments.spec, .exclusiveOptions(lines.name, bytes.name)) }
        self = byteCount.map(ContentCount.bytes) ?? .lines(lineCount ?? 10)
    }
}

/// Object bytes on standard output: as they are in a pipe or with `--raw`, escaped at a terminal.
struct ContentOutput {
    let console: Console
    let escapes: Bool
    /// The object whose start is checked for binary data before a terminal gets it (cat).
    var binaryCheck: ObjectInfo?
    var escaper = ContentEscaper()

    init(console: Console, raw: Bool, refusingBinary object: ObjectInfo? = nil) {
        self.console = console
        escapes = console.settings.streams.output.isTerminal && !raw
        binaryCheck = escapes ? object : nil
    }

    mutating func write(_ bytes: UnsafeRawBufferPointer) throws {
        if let object = binaryCheck {
            // A NUL in the first 8,000 bytes (git's test) is binary data: screens of escapes
            // help no one at a terminal, so nothing is written and the error says what would.
            binaryCheck = nil
            if bytes.prefix(8_000).contains(0) {
                throw CommandFailure.binaryAtTerminal(name: object.name, contentType: object.contentType, bytes: object.bytes)
            }
        }
        guard escapes else {
            guard console.writeBytes(bytes) else { throw CommandFailure.standardOutput(.lastSystemError) }
            return
        }
        console.write(escaper.escape(bytes))
    }

    mutating func write(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { try write($0) }
    }

    mutating func finish() {
        if escapes { console.write(escaper.finish()) }
    }

    /// The object NAME names; a container or folder is an error that says so.
    @MainActor static func object(_ name: String, _ context: CommandContext) async throws -> ObjectInfo {
        let target = try context.location(of: name)
        switch try await context.session.resolve(target, probe: .objectFirst, expecting: .object) {
        case .object(let info, _): return info
        case .account, .container: throw CommandFailure.notAnObject(target, isContainer: true)
        case .folder: throw CommandFailure.notAnObject(target, isContainer: false)
        }
    }
}
