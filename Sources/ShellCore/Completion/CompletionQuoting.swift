/// Writes names back into a command line so that `Tokenizer` reads them as they are.
///
/// Only what the tokenizer treats specially is escaped, so `~/Pictures` stays readable
/// (the `upload` command expands a leading `~` itself).
enum CompletionQuoting {
    private static let special: Set<Unicode.Scalar> = [" ", "\t", "\n", "\r", "'", "\"", "\\", ";", "#"]

    /// `text` as the start of a word in the given quoting style; `finished` closes an open quote.
    static func word(_ text: String, openQuote: OpenQuote?, finished: Bool) -> String {
        switch openQuote {
        case nil:
            var result = ""
            for scalar in text.unicodeScalars {
                if special.contains(scalar) { result.unicodeScalars.append("\\") }
                result.unicodeScalars.append(scalar)
            }
            return result
        case .double:
            var result = "\""
            for scalar in text.unicodeScalars {
                if scalar == "\"" || scalar == "\\" { result.unicodeScalars.append("\\") }
                result.unicodeScalars.append(scalar)
            }
            return finished ? result + "\"" : result
        case .single:
            // A single-quoted word cannot hold `'`: close, escape it, reopen.
            let body = text.replacingAll("'", with: "'\\''")
            return "'" + body + (finished ? "'" : "")
        }
    }
}

extension String {
    fileprivate func replacingAll(_ target: Character, with replacement: String) -> String {
        var result = ""
        for character in self {
            if character == target { result += replacement } else { result.append(character) }
        }
        return result
    }
}
