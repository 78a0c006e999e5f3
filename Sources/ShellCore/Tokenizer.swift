/// One word of a command line: its text after quotes and escapes are removed, and
/// where it stood in the line (in Unicode scalars), for completion.
public struct Word: Equatable, Sendable {
    public var text: String
    /// Offset of the word's first scalar in the line.
    public var start: Int
    /// Offset just past the word's last scalar in the line.
    public var end: Int
    /// The word as a path pattern, when it has a wildcard (`*`, `?`, `[`) outside
    /// quotes and escapes: its text with each quoted or escaped wildcard, and each
    /// literal `\`, written `\x`, so `PathPattern` takes them literally. Nil otherwise.
    public var pattern: String?

    public init(text: String, start: Int, end: Int, pattern: String? = nil) {
        self.text = text
        self.start = start
        self.end = end
        self.pattern = pattern
    }
}

/// The quote a line ends inside of, when it is unfinished.
public enum OpenQuote: Character, Sendable {
    case single = "'"
    case double = "\""
}

/// Why a line cannot be read.
public enum SyntaxError: Error, Equatable, Sendable {
    case unterminatedQuote(Character)
    case danglingBackslash
    /// `>` or `>>` with no file name after it.
    case missingRedirectionTarget(String)
    /// `|` or `&` with no command where one must be (`| sort`, `ls |`, `& ls`).
    case missingCommand(around: String)
}

/// The one sh-style tokenizer, for running lines and for completing them.
///
/// Blanks separate words; `\x` takes `x` literally; `'…'` takes everything
/// literally; in `"…"` a backslash escapes `"` and `\` only. Outside quotes, `;` and
/// `&` end a command (`&` to run it in the background), `|` joins commands into a
/// pipeline, `>` and `>>` redirect a command's output, `!` at a command's start hands
/// the rest of the line to the local shell, and `#` at the start of a word begins a comment.
public enum Tokenizer {
    /// The line as a tree of commands.
    public static func parse(_ line: String) throws -> CommandList {
        let scan = LineScanner.scan(line)
        if let quote = scan.openQuote { throw SyntaxError.unterminatedQuote(quote.rawValue) }
        if scan.danglingBackslash { throw SyntaxError.danglingBackslash }
        return try LineParser.parse(scan.tokens, line: line, end: scan.end)
    }

    /// The words of each objsh command of a line, in order (redirections and `&` set aside;
    /// what follows a `|` is the local shell's, as are `!` commands).
    public static func commands(in line: String) throws -> [[Word]] {
        try parse(line).simpleCommands.map(\.words)
    }

    /// The words of an unfinished line, as far as they go (the "sloppy" mode used by
    /// completion): the last word may be inside an open quote.
    public static func partial(_ line: String) -> PartialLine {
        PartialLine(LineScanner.scan(line))
    }
}

/// An unfinished line as completion reads it.
public struct PartialLine: Sendable {
    /// The words of each command (split at `;`, `&` and `|`), redirection targets left out.
    public var commands: [[Word]]
    /// The quote the line ends inside of.
    public var openQuote: OpenQuote?
    /// Whether the line ends in a blank (or is empty): a new word starts at the cursor.
    public var endsInBlank: Bool
    /// Whether the word at the end of the line is the file of a `>` or `>>`.
    public var endsInRedirectionTarget: Bool
    /// Whether the line ends inside a `!` command, which is the local shell's.
    public var endsInLocalCommand: Bool
    /// The text of the `!` command the line ends in, and where that text starts.
    var localCommand: (text: String, offset: Int)?
    /// Whether the line ends after a `|` of its last pipeline: in the local shell's part.
    var endsInFilter = false
    /// The words of the command the line ends in (none right after an operator).
    var currentCommand: [Word] = []
    /// The line's last word, whatever its role.
    public var lastWord: Word?

    init(_ scan: LineScanner.Result) {
        var commands: [[Word]] = [[]]
        var afterRedirection = false
        for token in scan.tokens {
            switch token {
            case .word(let word):
                if afterRedirection { afterRedirection = false } else { commands[commands.count - 1].append(word) }
            case .operator(.redirect, _), .operator(.append, _): afterRedirection = true
            case .operator(let op, _):
                endsInFilter = op == .pipe || (endsInFilter && op != .sequence && op != .background)
                commands.append([])
            case .local(let text, let offset):
                localCommand = (text, offset)
                commands.append([])
            }
        }
        let last = scan.tokens.last
        lastWord = scan.tokens.reversed().lazy.compactMap { if case .word(let word) = $0 { word } else { nil } }.first
        endsInLocalCommand = if case .local = last { true } else { false }
        // After `> ` the next word is the file; inside `>fi` the word is, until a blank ends it.
        if case .word = last, !scan.endsInBlank {
            endsInRedirectionTarget = scan.tokens.dropLast().last?.isRedirection ?? false
        } else {
            endsInRedirectionTarget = last?.isRedirection ?? false
        }
        currentCommand = commands.last ?? []
        self.commands = commands.filter { !$0.isEmpty }
        openQuote = scan.openQuote
        endsInBlank = scan.endsInBlank
    }
}

extension Tokenizer {
    /// Quotes a name so the tokenizer reads it back as the same single word.
    public static func quote(_ name: String) -> String {
        let special: Set<Character> = [
            " ", "\t", "\n", "\r", "'", "\"", "\\", ";", "#", "$", "`", "&", "|", "<", ">", "(", ")", "*", "?", "[", "]", "~", "!", "{", "}",
        ]
        var result = ""
        for character in name {
            if special.contains(character) { result.append("\\") }
            result.append(character)
        }
        return name.isEmpty ? "''" : result
    }
}
