/// A bash command line up to the cursor, read as bash reads it: the words before the
/// cursor's word and the cursor's word, all unquoted, and how much of the cursor's word
/// readline keeps when it inserts a completion.
///
/// Bash gives completion functions its words still quoted and split at
/// `COMP_WORDBREAKS` (`dal05:/a` is three words), so objsh reads `COMP_LINE` itself.
/// Readline replaces only the text after the last unquoted word-break character (or
/// after an opening quote still open), so each answer must leave out what comes before.
public struct BashLinePrefix: Equatable, Sendable {
    /// The words of the current command before the cursor's word, unquoted.
    public var words: [String] = []
    /// The cursor's word up to the cursor, unquoted.
    public var current = ""
    /// How many Unicode scalars of `current` come before readline's word start.
    public var keptCount = 0
    /// The quote (`'` or `"`) still open at the cursor.
    public var openQuote: Unicode.Scalar?

    /// The default `COMP_WORDBREAKS` of bash.
    public static let defaultWordBreaks = " \t\n\"'><=;|&(:"

    public init(line: String, wordBreaks: String = BashLinePrefix.defaultWordBreaks) {
        let breaks = Set(wordBreaks.unicodeScalars).subtracting([" ", "\t", "\n", "'", "\""])
        var reader = Reader()
        for scalar in line.unicodeScalars { reader.read(scalar, breaks: breaks) }
        words = reader.words
        current = String(String.UnicodeScalarView(reader.word))
        keptCount = reader.quote != nil ? reader.keptAtQuote : reader.keptAtBreak
        openQuote = reader.quote
    }

    /// What readline should insert for the completed `value` of the cursor's word: the
    /// part after what it keeps, quoted for where the cursor is (inside an open quote or
    /// not). A `:` stays bare, as readline's word breaks expect.
    public func insertion(for value: String) -> String {
        var result = ""
        for scalar in value.unicodeScalars.dropFirst(keptCount) {
            switch openQuote {
            case "'": result += scalar == "'" ? "'\\''" : String(scalar)
            case "\"": result += (Self.specialInDoubleQuotes.contains(scalar) ? "\\" : "") + String(scalar)
            default: result += (Self.specialUnquoted.contains(scalar) ? "\\" : "") + String(scalar)
            }
        }
        return result
    }

    static let specialUnquoted = Set(" \t\n\\\"'<>;|&()#$`?*[]{}!~^,".unicodeScalars)
    static let specialInDoubleQuotes = Set("\"$`\\".unicodeScalars)

    private struct Reader {
        var words: [String] = []
        var word: [Unicode.Scalar] = []
        var inWord = false
        var quote: Unicode.Scalar?
        var escaped = false
        var keptAtBreak = 0
        var keptAtQuote = 0

        mutating func read(_ scalar: Unicode.Scalar, breaks: Set<Unicode.Scalar>) {
            if escaped {
                escaped = false
                // In double quotes a backslash escapes only these; elsewhere it stays.
                if quote == "\"" && !"$`\"\\\n".unicodeScalars.contains(scalar) { word.append("\\") }
                if scalar != "\n" { word.append(scalar) }
                return
            }
            switch (quote, scalar) {
            case ("'", "'"), ("\"", "\""): quote = nil
            case ("'", _): word.append(scalar)
            case ("\"", "\\"): escaped = true
            case ("\"", _): word.append(scalar)
            default: readUnquoted(scalar, breaks: breaks)
            }
        }

        mutating func readUnquoted(_ scalar: Unicode.Scalar, breaks: Set<Unicode.Scalar>) {
            switch scalar {
            case " ", "\t", "\n":
                endWord()
            case ";", "|", "&":
                // A new command starts: its words are the only ones that count.
                endWord()
                words = []
            case "\\":
                inWord = true
                escaped = true
            case "'", "\"":
                inWord = true
                quote = scalar
                keptAtQuote = word.count
            default:
                inWord = true
                word.append(scalar)
                if breaks.contains(scalar) { keptAtBreak = word.count }
            }
        }

        mutating func endWord() {
            if inWord { words.append(String(String.UnicodeScalarView(word))) }
            word = []
            inWord = false
            keptAtBreak = 0
        }
    }
}
