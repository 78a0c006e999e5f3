/// The word under the cursor, unescaped, and what the command table says it names.
struct CompletionWord: Equatable {
    /// What the word is expected to be.
    enum Target: Equatable {
        case commandName
        /// A program of the local system (`$PATH`): the first word after `|` or `!`.
        case localProgram
        case option(CommandSpec)
        case argument(ArgumentKind)
        /// A version ID (`--version`) of the object the command's first operand names, if given yet.
        case version(object: String?)
        case nothing
    }

    /// The word's text up to the cursor, with quotes and escapes removed.
    var text: String
    /// Offset of the word's raw first scalar in the line.
    var start: Int
    /// The quote the word is still inside of.
    var openQuote: OpenQuote?
    var target: Target

    /// The word that ends at `cursor` (a scalar offset), or nil where TAB completes
    /// nothing: in the middle of a word, as sftp does, or inside a comment.
    static func at(line: String, cursor: Int, aliases: [String: String] = [:]) -> CompletionWord? {
        let scalars = Array(line.unicodeScalars)
        guard cursor >= 0, cursor <= scalars.count else { return nil }
        if cursor < scalars.count, !isBlank(scalars[cursor]) { return nil }
        var head = String.UnicodeScalarView()
        head.append(contentsOf: scalars[..<cursor])
        let parsed = Tokenizer.partial(String(head))
        if parsed.endsInLocalCommand, let local = parsed.localCommand {
            var word = localShellWord(Tokenizer.partial(local.text), cursor: cursor - local.offset)
            word?.start += local.offset
            return word
        }
        if parsed.endsInRedirectionTarget { return redirectionTarget(parsed, cursor: cursor) }
        if parsed.endsInFilter { return localShellWord(parsed, cursor: cursor) }
        var words = parsed.commands.last ?? []
        let gap = scalars[(words.last?.end ?? 0)..<cursor]
        if gap.contains("#") { return nil }
        if gap.contains(";") || gap.contains("&") || gap.contains("|") { words = [] }
        let current: Word
        if parsed.endsInBlank || words.isEmpty {
            current = Word(text: "", start: cursor, end: cursor)
        } else {
            current = words.removeLast()
        }
        let quote = parsed.endsInBlank ? nil : parsed.openQuote
        var previous = words.map(\.text)
        // An alias's words stand for its name, so `ll pho` completes as `ls -l pho` would.
        if let first = previous.first, let line = aliases[first], let expanded = Tokenizer.partial(line).commands.first {
            previous.replaceSubrange(0..<1, with: expanded.map(\.text))
        }
        let target = target(previous: previous, current: current.text, quoted: quote != nil)
        return CompletionWord(text: current.text, start: current.start, openQuote: quote, target: target)
    }

    /// A word of the local shell's (after `|`, or in a `!` command, `cursor` relative to
    /// its text): a program first, then local paths.
    private static func localShellWord(_ parsed: PartialLine, cursor: Int) -> CompletionWord? {
        if parsed.endsInRedirectionTarget { return redirectionTarget(parsed, cursor: cursor) }
        var words = parsed.currentCommand
        let current = parsed.endsInBlank || words.isEmpty ? Word(text: "", start: cursor, end: cursor) : words.removeLast()
        let quote = parsed.endsInBlank ? nil : parsed.openQuote
        let isProgram = words.isEmpty && !current.text.contains("/")
        return CompletionWord(text: current.text, start: current.start, openQuote: quote, target: isProgram ? .localProgram : .argument(.localPath))
    }

    /// The file name after `>` or `>>`: a local path.
    private static func redirectionTarget(_ parsed: PartialLine, cursor: Int) -> CompletionWord {
        let current =
            parsed.endsInBlank ? Word(text: "", start: cursor, end: cursor) : parsed.lastWord ?? Word(text: "", start: cursor, end: cursor)
        let quote = parsed.endsInBlank ? nil : parsed.openQuote
        return CompletionWord(text: current.text, start: current.start, openQuote: quote, target: .argument(.localPath))
    }

    /// Walks the words before the cursor as `ParsedCommand` does: options first (an
    /// option with a value takes the next word), `--` ends them, the rest are operands.
    static func target(previous: [String], current: String, quoted: Bool) -> Target {
        guard let name = previous.first else { return .commandName }
        guard let spec = CommandTable.command(named: name) else { return .nothing }
        var operandIndex = 0
        var pendingValue: ArgumentKind?
        var optionsEnded = false
        var firstOperand: String?
        for word in previous.dropFirst() {
            if pendingValue != nil {
                pendingValue = nil
            } else if !optionsEnded && word == "--" {
                optionsEnded = true
            } else if !optionsEnded && word.hasPrefix("-") && word.count > 1 {
                pendingValue = spec.options.first { $0.spellings.contains(word) }?.value
            } else {
                if operandIndex == 0 { firstOperand = word }
                operandIndex += 1
            }
        }
        if pendingValue == .version { return .version(object: firstOperand) }
        if let pendingValue { return .argument(pendingValue) }
        if !optionsEnded && !quoted && current.hasPrefix("-") { return .option(spec) }
        if operandIndex >= spec.operands.count, let repeating = spec.operands.first(where: \.isRepeating) {
            return .argument(repeating.kind)
        }
        guard operandIndex < spec.operands.count else { return .nothing }
        // `cluster test NAME` and `cluster rm NAME` name a cluster; `cluster add NAME` a new one.
        if spec.name == ClusterCommand.spec.name, operandIndex == 1, let first = firstOperand, ["test", "rm"].contains(first) {
            return .argument(.cluster)
        }
        return .argument(spec.operands[operandIndex].kind)
    }

    private static func isBlank(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r"
    }
}
