/// One piece of a line: a word, an operator outside quotes, or a `!` command's text.
enum LineToken: Equatable {
    case word(Word)
    /// An operator and the offset (in scalars) where it stands.
    case `operator`(LineOperator, at: Int)
    case local(String)

    var isRedirection: Bool {
        switch self {
        case .operator(.redirect, _), .operator(.append, _): true
        default: false
        }
    }
}

/// Splits a line into tokens: words with quotes and escapes removed (and their
/// patterns), the operators `; & | > >>`, and a `!` command's raw text.
struct LineScanner {
    struct Result {
        var tokens: [LineToken] = []
        var openQuote: OpenQuote?
        var danglingBackslash = false
        var endsInBlank = true
    }

    private var result = Result()
    private var text = ""
    private var pattern = ""
    private var hasWildcard = false
    private var start: Int?
    private var quote: OpenQuote?
    private let scalars: [Unicode.Scalar]
    private var index = 0

    private init(_ line: String) { scalars = Array(line.unicodeScalars) }

    static func scan(_ line: String) -> Result {
        var scanner = LineScanner(line)
        while scanner.index < scanner.scalars.count {
            scanner.step()
        }
        scanner.result.endsInBlank = scanner.start == nil && scanner.quote == nil
        scanner.finishWord()
        scanner.result.openQuote = scanner.quote
        return scanner.result
    }

    private mutating func step() {
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
            unquoted(c)
        }
        index += 1
    }

    private mutating func unquoted(_ c: Unicode.Scalar) {
        if c == " " || c == "\t" || c == "\n" || c == "\r" {
            finishWord()
        } else if let op = operatorAt(c) {
            finishWord()
            result.tokens.append(.operator(op, at: index))
            if op == .append { index += 1 }
        } else if c == "#" && start == nil {
            index = scalars.count
        } else if c == "!" && start == nil && atCommandStart {
            var rest = String.UnicodeScalarView()
            rest.append(contentsOf: scalars[(index + 1)...])
            result.tokens.append(.local(String(rest)))
            index = scalars.count
        } else {
            wordCharacter(c)
        }
    }

    private func operatorAt(_ c: Unicode.Scalar) -> LineOperator? {
        switch c {
        case ";": .sequence
        case "&": .background
        case "|": .pipe
        case ">": index + 1 < scalars.count && scalars[index + 1] == ">" ? .append : .redirect
        default: nil
        }
    }

    /// Whether a command starts here: the line's start, or after `;`, `&` or `|`.
    private var atCommandStart: Bool {
        switch result.tokens.last {
        case nil, .operator(.sequence, _), .operator(.background, _), .operator(.pipe, _): true
        default: false
        }
    }

    private mutating func wordCharacter(_ c: Unicode.Scalar) {
        if start == nil { start = index }
        if c == "'" {
            quote = .single
        } else if c == "\"" {
            quote = .double
        } else if c == "\\" {
            guard index + 1 < scalars.count else {
                result.danglingBackslash = true
                return
            }
            index += 1
            literal(scalars[index])
        } else {
            if c == "*" || c == "?" || c == "[" { hasWildcard = true }
            text.unicodeScalars.append(c)
            pattern.unicodeScalars.append(c)
        }
    }

    /// A character taken literally (quoted or escaped).
    private mutating func literal(_ c: Unicode.Scalar) {
        text.unicodeScalars.append(c)
        if "*?[]\\".unicodeScalars.contains(c) { pattern.unicodeScalars.append("\\") }
        pattern.unicodeScalars.append(c)
    }

    private mutating func finishWord() {
        if let wordStart = start {
            result.tokens.append(.word(Word(text: text, start: wordStart, end: index, pattern: hasWildcard ? pattern : nil)))
        }
        text = ""
        pattern = ""
        hasWildcard = false
        start = nil
    }
}

/// Builds the tree of a line from its tokens.
enum LineParser {
    static func parse(_ tokens: [LineToken]) throws -> CommandList {
        var builder = Builder()
        for token in tokens {
            try builder.take(token)
        }
        try builder.endPipeline(background: false)
        return CommandList(entries: builder.entries)
    }

    private struct Builder {
        var entries: [CommandList.Entry] = []
        var stages: [Pipeline.Stage?] = []
        var words: [Word] = []
        var redirections: [Redirection] = []
        var local: String?
        var pendingRedirection: Redirection.Mode?

        mutating func take(_ token: LineToken) throws {
            switch token {
            case .word(let word):
                if let mode = pendingRedirection {
                    redirections.append(Redirection(mode: mode, target: word))
                    pendingRedirection = nil
                } else {
                    words.append(word)
                }
            case .local(let text): local = text
            case .operator(let op, _):
                if let mode = pendingRedirection { throw SyntaxError.missingRedirectionTarget(mode.rawValue) }
                switch op {
                case .redirect: pendingRedirection = .replace
                case .append: pendingRedirection = .append
                case .pipe: try endStage(op)
                case .sequence: try endPipeline(background: false)
                case .background: try endPipeline(background: true)
                }
            }
        }

        /// Ends the command before `op`; a redirection needs a command to redirect.
        mutating func endStage(_ op: LineOperator) throws {
            if words.isEmpty && !redirections.isEmpty {
                throw SyntaxError.missingCommand(around: redirections[0].mode.rawValue)
            }
            if let local {
                stages.append(.local(local))
            } else {
                stages.append(words.isEmpty ? nil : .shell(SimpleCommand(words: words, redirections: redirections)))
            }
            words = []
            redirections = []
            local = nil
        }

        /// Ends a pipeline at `;`, `&` or the line's end; an empty one is skipped after `;`.
        mutating func endPipeline(background: Bool) throws {
            if let mode = pendingRedirection { throw SyntaxError.missingRedirectionTarget(mode.rawValue) }
            try endStage(background ? .background : .sequence)
            defer { stages = [] }
            let present = stages.compactMap { $0 }
            if present.isEmpty && stages.count == 1 {
                if background { throw SyntaxError.missingCommand(around: "&") }
                return
            }
            guard present.count == stages.count else { throw SyntaxError.missingCommand(around: "|") }
            entries.append(CommandList.Entry(pipeline: Pipeline(stages: present), runsInBackground: background))
        }
    }
}
