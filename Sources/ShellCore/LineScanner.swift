/// One piece of a line: a word, an operator outside quotes, or a `!` command's text.
enum LineToken: Equatable {
    case word(Word)
    /// An operator and the offset (in scalars) where it stands.
    case `operator`(LineOperator, at: Int)
    /// A `!` command's text and the offset (in scalars) where that text starts.
    case local(String, at: Int)

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
        /// Where the line's text ends: its length, or where a comment starts.
        var end = 0
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
        if scanner.result.end == 0 { scanner.result.end = scanner.scalars.count }
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
            result.end = index
            index = scalars.count
        } else if c == "!" && start == nil && atCommandStart {
            var rest = String.UnicodeScalarView()
            rest.append(contentsOf: scalars[(index + 1)...])
            result.tokens.append(.local(String(rest), at: index + 1))
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

    /// Whether an objsh command starts here: the line's start, or after `;` or `&` (after
    /// `|` the line is the local shell's, where `!` is its own).
    private var atCommandStart: Bool {
        switch result.tokens.last {
        case nil, .operator(.sequence, _), .operator(.background, _): true
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
    static func parse(_ tokens: [LineToken], line: String, end: Int) throws -> CommandList {
        var builder = Builder(scalars: Array(line.unicodeScalars))
        for token in tokens {
            try builder.take(token)
        }
        try builder.endPipeline(background: false, at: end)
        return CommandList(entries: builder.entries)
    }

    private struct Builder {
        let scalars: [Unicode.Scalar]
        var entries: [CommandList.Entry] = []
        /// Where the text after the pipeline's first `|` starts.
        var filterStart: Int?
        /// Where the pipeline's text starts.
        var pipelineStart = 0
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
            case .local(let text, _): local = text
            case .operator(let op, let offset):
                if let mode = pendingRedirection { throw SyntaxError.missingRedirectionTarget(mode.rawValue) }
                switch op {
                case .redirect: pendingRedirection = .replace
                case .append: pendingRedirection = .append
                case .pipe:
                    if filterStart == nil { filterStart = offset + 1 }
                    try endStage(op)
                case .sequence: try endPipeline(background: false, at: offset)
                case .background: try endPipeline(background: true, at: offset)
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
        mutating func endPipeline(background: Bool, at end: Int) throws {
            if let mode = pendingRedirection { throw SyntaxError.missingRedirectionTarget(mode.rawValue) }
            try endStage(background ? .background : .sequence)
            defer {
                stages = []
                filterStart = nil
                pipelineStart = end + 1
            }
            let present = stages.compactMap { $0 }
            if present.isEmpty && stages.count == 1 {
                if background { throw SyntaxError.missingCommand(around: "&") }
                return
            }
            guard present.count == stages.count else { throw SyntaxError.missingCommand(around: "|") }
            let filter = filterStart.map { text(from: $0, to: end) }
            var entry = CommandList.Entry(pipeline: Pipeline(stages: present, filter: filter), runsInBackground: background)
            entry.text = text(from: pipelineStart, to: end)
            entry.offset = pipelineStart
            entries.append(entry)
        }

        func text(from start: Int, to end: Int) -> String {
            let start = min(start, scalars.count)
            return String(String.UnicodeScalarView(scalars[start..<max(start, min(end, scalars.count))]))
        }
    }
}
