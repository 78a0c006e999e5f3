import ShellCore

/// Whole command lines made from `CommandTable` itself: every command by each of its
/// names, its options (flags, combined letters, values of each option's kind), its
/// operands (remote paths with patterns, `..`, `/`, `-` and `CLUSTER:` prefixes, local
/// paths, places, cluster and command names), quoted and escaped in every way the
/// tokenizer reads, several to a line after `;`, some mutated. A command added to the
/// table is fuzzed without an edit here. Line `index` of seed `seed` is always the same.
struct CommandLineFuzz {
    /// The folder local paths are made in (absolute ones too), for `FuzzSandbox`.
    let localRoot: String
    /// The cluster names configured: a `CLUSTER:` prefix is one of them or not.
    let clusters: [String]

    /// Line `index` of the run seeded `seed`: independent of the lines before it, so a
    /// run can start anywhere and a crash replays from its seed and index.
    func line(seed: UInt64, index: Int) -> String {
        var mixer = FuzzInput(seed: seed &+ UInt64(index))
        var random = FuzzInput(seed: mixer.next())
        switch random.below(12) {
        case 0: return random.line()  // the junk of the first fuzzer: controls, bidi, NUL
        case 1: return random.mutated(commands(&random))
        default: return commands(&random)
        }
    }

    /// One to three commands after `;`, now and then with a leading `-` (ignore its error).
    func commands(_ random: inout FuzzInput) -> String {
        var line = ""
        for index in 0..<(1 + random.below(3)) {
            if index > 0 { line += random.pick([";", " ; ", "; ", ";\t", " ;; "]) }
            line += (random.below(20) == 0 ? "-" : "") + command(&random)
        }
        return line + random.pick(["", "", "", "", ";", " # a comment", " "])
    }

    /// One command of the table with options and operands of the kinds its spec gives.
    func command(_ random: inout FuzzInput) -> String {
        let spec = random.pick(CommandTable.commands)
        var words = [random.pick(spec.names)]
        var letters: [String] = []
        for option in spec.options where random.below(3) == 0 {
            let spelling = random.pick(option.spellings)
            if let kind = option.value {
                words.append(spelling)
                if random.below(30) != 0 { words.append(value(kind, named: option.valueName, &random)) }  // else a value missing
            } else if spelling.count == 2 && random.below(2) == 0 {
                letters.append(String(spelling.dropFirst()))
            } else {
                words.append(spelling)
            }
        }
        if !letters.isEmpty { words.append("-" + letters.joined()) }
        if random.below(25) == 0 { words.append(random.pick(["--nope", "-Z", "-", "--", "---", "-lZ"])) }
        if random.below(8) == 0 { words.append("--") }
        for operand in spec.operands {
            if operand.isOptional && random.below(3) == 0 { continue }
            if !operand.isOptional && random.below(30) == 0 { continue }  // a missing operand
            for _ in 0..<(operand.isRepeating ? 1 + random.below(3) : 1) { words.append(value(operand.kind, named: operand.name, &random)) }
        }
        if random.below(20) == 0 { words.append(value(.remoteAny, &random)) }  // one too many
        return words.joined(separator: random.below(10) == 0 ? "  " : " ")
    }

    /// A word of `kind`, quoted or escaped (or, now and then, not, where it should be);
    /// free text mostly of the sort its placeholder `name` asks for (`SIZE`, `on|off`).
    func value(_ kind: ArgumentKind, named name: String = "", _ random: inout FuzzInput) -> String {
        switch kind {
        case .remoteFolder, .remoteAny: return remote(&random)
        case .localPath: return Self.quoted(local(&random), &random)
        case .place:
            switch random.below(3) {
            case 0: return Self.quoted("file:" + local(&random), &random)
            default: return remote(&random)
            }
        case .cluster: return Self.quoted(random.pick(clusters + ["nope", "", "file", "SAMPLE", "a b", "-"]), &random)
        case .command: return Self.quoted(random.pick(CommandTable.allNames + ["nope", "", "-l"]), &random)
        case .text: return Self.quoted(text(named: name, &random), &random)
        case .version: return Self.quoted(random.pick(Self.versions), &random)
        case .job: return Self.quoted(random.pick(["%1", "%2", "1", "%", "%x", ""]), &random)
        }
    }

    /// Free text for the placeholder `name`: one of its alternatives (`on|off`), a value of
    /// its sort (`SIZE`, `AGE`), and one time in five anything at all.
    func text(named name: String, _ random: inout FuzzInput) -> String {
        guard random.below(5) != 0 else { return random.pick(Self.texts) }
        if name.contains("|") { return random.pick(name.split(separator: "|").map(String.init)) }
        return random.pick(Self.textsOfSort[name] ?? Self.texts)
    }

    /// A remote path: a place to start (`/`, `..`, a cluster), names, and wildcards left
    /// unquoted so they stay patterns.
    func remote(_ random: inout FuzzInput) -> String {
        if random.below(8) == 0 { return random.pick(["..", "/", ".", "-", "~", "//", "../..", "/..", "''", "\"\""]) }
        var start = random.pick(["", "", "", "/", "/", "../", "../../", "./", "~/"])
        if random.below(6) == 0 { start = random.pick(clusters + ["nope", "file", "", "a b"]) + ":" + random.pick(["", "/", "photos/"]) }
        var path = Self.quoted(start, &random)
        for index in 0..<random.below(4) {
            if index > 0 { path += random.pick(["/", "/", "/", "//"]) }
            path += random.below(4) == 0 ? random.pick(Self.patterns) : Self.quoted(random.pick(Self.names), &random)
        }
        return path + (random.below(6) == 0 ? "/" : "")
    }

    /// A local path: in the local folder, absolute below the sandbox, `~`, `-`, `..`.
    func local(_ random: inout FuzzInput) -> String {
        switch random.below(10) {
        case 0: return random.pick([".", "..", "~", "~/", "-", "", "/", "../..", "./"])
        case 1: return localRoot + "/" + random.pick(Self.names)
        case 2: return "~/" + random.pick(Self.names)
        case 3: return random.pick(["dl", "dl/sub", "../local", "x y"]) + "/" + random.pick(Self.names)
        default: return random.pick(Self.names + ["dl", "dl/", "x y", "*", "a?b", "[ab]"])
        }
    }

    /// `text` written for the tokenizer: bare with its blanks and specials escaped, in
    /// single or double quotes, every character escaped, or bare as it is.
    static func quoted(_ text: String, _ random: inout FuzzInput) -> String {
        switch random.below(10) {
        case 0: return "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
        case 1:
            let inner = text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            return "\"" + inner + "\""
        case 2: return text.map { "\\" + String($0) }.joined()
        case 3: return text  // bare, blanks and all: it splits, or opens a quote
        default: return text.map { specials.contains($0) ? "\\" + String($0) : String($0) }.joined()
        }
    }

    static let specials: Set<Character> = [" ", "\t", "'", "\"", "\\", ";", "&", "|", ">", "#", "!", "*", "?", "["]

    /// Names the sample store holds, names the fuzz makes, and awkward ones.
    static let names = [
        "photos", "My Photos", "documents", "music", "backups", "empty", "2024", "2023", "summer", "beach", "logs",
        "holiday snaps", "paris", "cover.png", "🎉 party.gif", "東京タワー.jpg", "README.txt", "README", "notes.md",
        "café menu.txt", "日本語", "Family", "Pets", "db", "new", "x y", "a'b", "q\"q", "back\\slash", "-dash", "#hash",
        "semi;colon", "file:x", "sample:x", "..", ".", "~", "\u{1B}[31mred", "e\u{301}", "\u{202E}txt", "a\u{0}b",
    ]
    /// Wildcards, kept bare so they are patterns.
    static let patterns = ["*", "?", "*.jpg", "[a-c]*", "[!a]*", "20??", "**", "*/*", "[", "[]", "\\*", "*\\?", "IMG_*"]
    /// Values of every `.text` option and operand: sizes, counts, ages, metadata, on/off.
    static let texts = [
        "1", "0", "-1", "3", "10", "1000000", "99999999999999999999", "10M", "1.5G", "4K", "1k", "0B", "1e3", "7d", "30m",
        "12h", "2w", "-1d", "2024-06-01", "2024-06-01T12:00:00Z", "on", "off", "ON", "color=blue", "a=", "=b", "k=v=w",
        "Content-Type=text/plain", "x-delete-at=1", "text/plain", "", " ", "word", "beach", "*.jpg", "é", "\u{1B}[2J",
    ]
    /// Values by placeholder, so most options get a value they take and the command runs on.
    static let textsOfSort = [
        "SIZE": ["1", "100", "1K", "4K", "1M", "5M", "10M", "1.5G", "0", "1k"],
        "N": ["1", "2", "4", "8", "64", "65", "0"], "LINES": ["1", "3", "10", "0", "100"], "BYTES": ["1", "10", "100", "0", "5000"],
        "DEPTH": ["0", "1", "2", "5"], "AGE": ["30m", "12h", "7d", "2w", "2024-06-01", "2024-06-01T12:00:00Z", "2030-01-01"],
        "DURATION": ["90s", "10m", "1h", "7d", "30d"], "KEY": ["color", "mtime", "note", "Content-Type", "x"],
        "TYPE": ["text/plain", "image/jpeg", "application/octet-stream"], "PATTERN": ["*.jpg", "*.log", "2024/*", "[a-c]*", "README*"],
        "STATUS": ["0", "1", "3", "255"], "KEY=VALUE": ["color=blue", "note=a b", "k=v=w", "a=", "mtime=1717243200"],
        "TERM": ["beach", "*.jpg", "IMG_*", "2024", "README", "app-00*", "桜"], "NAME": names,
    ]
    static let versions = ["1717243200.00000", "null", "0", "x", "\u{1B}[31m1", "", "-1", "3HL4kqtJlcpXroDTDmJ+rmSpXd3dIbrHY"]
}
