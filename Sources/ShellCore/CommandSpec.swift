/// What an argument names, so completion knows what to offer.
public enum ArgumentKind: String, Sendable, Equatable {
    /// A container or folder (for `cd`).
    case remoteFolder
    /// Any remote name: container, folder or object.
    case remoteAny
    /// A path on the local machine (for `upload`).
    case localPath
    /// A folder to compare (for `diff`): `file:PATH` on the local machine, else a
    /// remote container or folder.
    case place
    /// A cluster name.
    case cluster
    /// A shell command name (for `help`).
    case command
    /// Free text (a search term, a new name).
    case text
    /// A version ID of the object the command names (`--version`).
    case version
    /// A running job, `%N` (`wait`, `fg`, `kill`).
    case job
}

/// One option of a shell command.
public struct OptionSpec: Sendable, Equatable {
    /// The spelling, e.g. `-l` or `--in`.
    public let name: String
    /// What its value names; nil for a flag without a value.
    public let value: ArgumentKind?
    /// The value's placeholder in help, e.g. `PATH`.
    public let valueName: String
    public let help: String
    /// Other spellings of the same option, e.g. `--dry-run` beside `-n`.
    public let aliases: [String]

    public init(_ name: String, aliases: [String] = [], value: ArgumentKind? = nil, valueName: String = "", help: String) {
        self.name = name
        self.aliases = aliases
        self.value = value
        self.valueName = valueName
        self.help = help
    }

    /// Every spelling: the name, then the aliases.
    public var spellings: [String] { [name] + aliases }
}

/// One operand of a shell command.
public struct OperandSpec: Sendable, Equatable {
    public let name: String
    public let kind: ArgumentKind
    public let isOptional: Bool
    /// Whether it may be given several times (`rm NAME...`, `cp SOURCE... TARGET`); one
    /// operand at most repeats, and the words beyond the others are its.
    public let isRepeating: Bool

    public init(_ name: String, _ kind: ArgumentKind, optional: Bool = false, repeating: Bool = false) {
        self.name = name
        self.kind = kind
        self.isOptional = optional
        self.isRepeating = repeating
    }
}

/// One shell command: the single description that dispatch, `help`, completion,
/// the man page check and the completion scripts all read.
public struct CommandSpec: Sendable, Equatable {
    public let name: String
    public let aliases: [String]
    public let summary: String
    /// Longer help: what it does, then an example.
    public let details: String
    public let options: [OptionSpec]
    public let operands: [OperandSpec]

    /// The usage line, e.g. `ls [-l] [PATH]`.
    public var synopsis: String {
        var parts = [name]
        for option in options {
            parts.append(option.value == nil ? "[\(option.name)]" : "[\(option.name) \(option.valueName)]")
        }
        for operand in operands {
            let name = operand.name + (operand.isRepeating ? "..." : "")
            parts.append(operand.isOptional ? "[\(name)]" : name)
        }
        return parts.joined(separator: " ")
    }

    /// The usage line in `help`'s list: more than three options, or a line longer than
    /// `listWidth`, show as `[OPTIONS]` (`help NAME` gives them all), so one command does
    /// not widen every line.
    public var listSynopsis: String {
        guard options.count > 3 || synopsis.count > Self.listWidth else { return synopsis }
        return
            ([name, "[OPTIONS]"]
            + operands.map { operand in
                let name = operand.name + (operand.isRepeating ? "..." : "")
                return operand.isOptional ? "[\(name)]" : name
            }).joined(separator: " ")
    }

    /// Every name the command answers to.
    public var names: [String] { [name] + aliases }

    /// The widest usage line `help`'s list shows whole.
    static let listWidth = 40
}
