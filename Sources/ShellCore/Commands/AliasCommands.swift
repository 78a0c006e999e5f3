import Rendering

/// `alias [NAME [LINE]]`: a name that stands for a line, as the first word of a command.
struct AliasCommand: ShellCommand {
    nonisolated static let spec = CommandSpec(
        name: "alias", aliases: [],
        summary: "name a command line (no NAME: list the aliases)",
        details: """
            Makes NAME stand for LINE wherever NAME is the first word of a command: the rest of \
            the command follows LINE (so LINE may hold ;, | or >). An alias is not expanded \
            again inside its own line, so alias ls 'ls -l' works. Without LINE, shows NAME's \
            line; without NAME, lists every alias. Aliases last for the session; put them in \
            the rc file ($XDG_CONFIG_HOME/objsh/rc) to keep them.
            Example: alias ll 'ls -l'
            """,
        options: [], operands: [OperandSpec("NAME", .text, optional: true), OperandSpec("LINE", .text, optional: true)])

    let name: String?
    let line: String?

    init(_ arguments: CommandArguments) throws {
        name = arguments.operand(0)
        line = arguments.operand(1)
        if let name, !Self.isValid(name) {
            throw ShellError.usage(Self.spec, .badOperand("NAME", .aliasName))
        }
    }

    func run(_ context: CommandContext) async throws -> CommandOutcome {
        let shell = context.shell
        guard let name else {
            let lines = shell.aliases.keys.sorted().map { Self.definition($0, shell.aliases[$0]!) }
            context.console.write(lines.map { escaped($0) + "\n" }.joined())
            return .answered
        }
        guard let line else {
            guard let line = shell.aliases[name] else { throw CommandFailure.noSuchAlias(name) }
            context.console.write(escaped(Self.definition(name, line)) + "\n")
            return .answered
        }
        shell.aliases[name] = line
        return .answered
    }

    /// A name a command line reads back as one plain word: letters, digits, `_ . + @ %`,
    /// and `-` after the first character (a leading `-` ignores a command's error).
    static func isValid(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first != "-" else { return false }
        return name.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) || "_.+@%-".unicodeScalars.contains($0) }
    }

    /// `alias NAME 'LINE'`, as it can be typed again.
    static func definition(_ name: String, _ line: String) -> String {
        "alias \(name) '\(line.replacingOccurrences(of: "'", with: "'\\''"))'"
    }
}

/// `unalias NAME...`: forgets aliases.
struct UnaliasCommand: ShellCommand {
    nonisolated static let spec = CommandSpec(
        name: "unalias", aliases: [],
        summary: "forget aliases",
        details: "Forgets each NAME's alias; a NAME that is no alias is an error (the others are forgotten).\nExample: unalias ll",
        options: [], operands: [OperandSpec("NAME", .text, repeating: true)])

    let names: [String]

    init(_ arguments: CommandArguments) throws {
        names = arguments.operands
    }

    func run(_ context: CommandContext) async throws -> CommandOutcome {
        let unknown = names.filter { context.shell.aliases.removeValue(forKey: $0) == nil }
        if let first = unknown.first { throw CommandFailure.noSuchAlias(first) }
        return .answered
    }
}
