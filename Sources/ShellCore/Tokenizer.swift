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

/// Why a line cannot be split into words.
public enum SyntaxError: Error, Equatable, Sendable {
    case unterminatedQuote(Character)
    case danglingBackslash
}

/// The one sh-style tokenizer, for running lines and for completing them.
///
/// Blanks separate words; `\x` takes `x` literally; `'…'` takes everything
/// literally; in `"…"` a backslash escapes `"` and `\` only. An unquoted `;`
/// separates commands and an unquoted `#` at the start of a word begins a comment.
public enum Tokenizer {
    /// The commands of a line, each a list of words.
    public static func commands(in line: String) throws -> [[Word]] {
        let result = scan(line)
        if let quote = result.openQuote { throw SyntaxError.unterminatedQuote(quote.rawValue) }
        if result.danglingBackslash { throw SyntaxError.danglingBackslash }
        return result.commands
    }

    /// The words of an unfinished line, as far as they go (the "sloppy" mode used by
    /// completion): the last word may be inside an open quote.
    public static func partial(_ line: String) -> (commands: [[Word]], openQuote: OpenQuote?, endsInBlank: Bool) {
        let result = scan(line)
        return (result.commands, result.openQuote, result.endsInBlank)
    }

    private struct Scan {
        var commands: [[Word]] = [[]]
        var openQuote: OpenQuote?
        var danglingBackslash = false
        var endsInBlank = true
    }

    private static func scan(_ line: String) -> Scan {
        var scan = Scan()
        var text = ""
        var pattern = ""
        var hasWildcard = false
        var start: Int?
        var quote: OpenQuote?
        let scalars = Array(line.unicodeScalars)
        var index = 0
        func finishWord() {
            if let wordStart = start {
                let word = Word(text: text, start: wordStart, end: index, pattern: hasWildcard ? pattern : nil)
                scan.commands[scan.commands.count - 1].append(word)
            }
            text = ""
            pattern = ""
            hasWildcard = false
            start = nil
        }
        /// A character taken literally (quoted or escaped).
        func literal(_ c: Unicode.Scalar) {
            text.unicodeScalars.append(c)
            if "*?[]\\".unicodeScalars.contains(c) { pattern.unicodeScalars.append("\\") }
            pattern.unicodeScalars.append(c)
        }
        while index < scalars.count {
            let c = scalars[index]
            switch quote {
            case .single:
                if c == "'" { quote = nil } else { literal(c) }
            case .double:
                if c == "\"" {
                    quote = nil
                } else if c == "\\", index + 1 < scalars.count, scalars[index + 1] == "\"" || scalars[index + 1] == "\\" {
                    index += 1
                    literal(scalars[index])
                } else {
                    literal(c)
                }
            case nil:
                if c == " " || c == "\t" || c == "\n" || c == "\r" {
                    finishWord()
                } else if c == ";" {
                    finishWord()
                    scan.commands.append([])
                } else if c == "#" && start == nil {
                    index = scalars.count
                    continue
                } else {
                    if start == nil { start = index }
                    if c == "'" {
                        quote = .single
                    } else if c == "\"" {
                        quote = .double
                    } else if c == "\\" {
                        guard index + 1 < scalars.count else {
                            scan.danglingBackslash = true
                            index += 1
                            continue
                        }
                        index += 1
                        literal(scalars[index])
                    } else {
                        if c == "*" || c == "?" || c == "[" { hasWildcard = true }
                        text.unicodeScalars.append(c)
                        pattern.unicodeScalars.append(c)
                    }
                }
            }
            index += 1
        }
        scan.endsInBlank = start == nil && quote == nil
        finishWord()
        scan.openQuote = quote
        scan.commands.removeAll { $0.isEmpty }
        return scan
    }

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
