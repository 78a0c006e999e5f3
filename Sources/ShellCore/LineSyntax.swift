/// A command line as a tree, as the tokenizer reads it: commands run one after the other
/// (`;`) or in the background (`&`), each a pipeline of commands joined by `|`, each with
/// its words and redirections (`>`, `>>`), or a local command (`!cmd`).
public struct CommandList: Equatable, Sendable {
    public var entries: [Entry]

    /// One pipeline and how it is ended: by `;` (or the line's end), or by `&`.
    public struct Entry: Equatable, Sendable {
        public var pipeline: Pipeline
        public var runsInBackground: Bool
        /// The pipeline as written, from after the `;` or `&` before it to its end, and the
        /// offset (in scalars) of its first scalar in the line: an alias is expanded in it.
        public var text = ""
        public var offset = 0

        /// The text after `word` (one of this entry's words), as written.
        public func text(after word: Word) -> String {
            String(String.UnicodeScalarView(text.unicodeScalars.dropFirst(min(text.unicodeScalars.count, word.end - offset))))
        }
    }

    /// The words of each objsh command, in order: redirections and `&` set aside, and what
    /// follows a `|` (the local shell's) and `!` commands left out.
    public var simpleCommands: [SimpleCommand] {
        entries.compactMap {
            if case .shell(let command) = $0.pipeline.stages[0] { return command }
            return nil
        }
    }
}

/// Commands joined by `|`, each one's output the next one's input. Only the first is
/// objsh's: what follows the first `|` is the local shell's, run as written (`filter`).
public struct Pipeline: Equatable, Sendable {
    public var stages: [Stage]
    /// The text after the first unquoted `|`, up to the pipeline's end, as written: what
    /// `/bin/sh -c` runs with the first stage's output on its input. Nil without a `|`.
    public var filter: String?

    public enum Stage: Equatable, Sendable {
        /// An objsh command.
        case shell(SimpleCommand)
        /// `!text`: the rest of the line, for the local system's shell, as in sftp.
        case local(String)
    }
}

/// One objsh command: its words (the command name first) and where its output goes.
public struct SimpleCommand: Equatable, Sendable {
    public var words: [Word]
    public var redirections: [Redirection]

    public init(words: [Word], redirections: [Redirection] = []) {
        self.words = words
        self.redirections = redirections
    }
}

/// `> FILE` (the file replaced) or `>> FILE` (added to).
public struct Redirection: Equatable, Sendable {
    public enum Mode: String, Equatable, Sendable {
        case replace = ">"
        case append = ">>"
    }

    public var mode: Mode
    public var target: Word

    public init(mode: Mode, target: Word) {
        self.mode = mode
        self.target = target
    }
}

/// The operators the tokenizer reads outside quotes.
enum LineOperator: String, Equatable {
    case sequence = ";"
    case background = "&"
    case pipe = "|"
    case redirect = ">"
    case append = ">>"
}

/// A part of the line syntax that the runner does not run yet.
public enum LineOperatorUse: String, Sendable {
    case background = "&"
    case pipe = "|"
    case redirect = ">"
    case append = ">>"
    case local = "!"

    /// What it is called, in a message.
    var feature: String {
        switch self {
        case .background: "background jobs"
        case .pipe: "pipes"
        case .redirect, .append: "redirections"
        case .local: "local commands"
        }
    }

    /// The first use in `entry` that cannot run yet, if any.
    static func first(in entry: CommandList.Entry) -> LineOperatorUse? {
        entry.runsInBackground ? .background : nil
    }
}
