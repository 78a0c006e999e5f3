import Browser
import Rendering

/// TAB completion as a pure function of the line, the cursor and a context that
/// supplies names; the command table decides what each word names.
public enum Completer {
    /// What TAB at `cursor` (an offset in Unicode scalars) does to `line`.
    public static func complete(line: String, cursor: Int, context: some CompletionContext) async -> CompletionResult {
        // A cursor outside the line (no line editor sends one, but callers are many) is at its nearer end.
        let cursor = min(max(cursor, 0), line.unicodeScalars.count)
        guard let word = CompletionWord.at(line: line, cursor: cursor, aliases: context.aliases) else { return .nothing(at: cursor) }
        let path = PathWord(word.text)
        switch word.target {
        case .commandName:
            return plan(word, path: .whole(word.text), found: CandidateList(commandNames(matching: word.text, aliases: context.aliases)))
        case .argument(.command):
            return plan(word, path: .whole(word.text), found: CandidateList(commandNames(matching: word.text)))
        case .localProgram:
            let programs = context.localPrograms(prefix: word.text).map { CompletionCandidate(name: $0, isFolder: false) }
            return plan(word, path: .whole(word.text), found: CandidateList(programs))
        case .option(let spec):
            let options = spec.options.flatMap(\.spellings).map { CompletionCandidate(name: $0, isFolder: false) }
            return plan(word, path: .whole(word.text), found: CandidateList(options))
        case .argument(.cluster):
            let names = context.clusterNames.map { CompletionCandidate(name: $0, isFolder: false) }
            return plan(word, path: .whole(word.text), found: CandidateList(names))
        case .argument(.job):
            let jobs = context.runningJobs.map { CompletionCandidate(name: "%\($0)", isFolder: false) }
            return plan(word, path: .whole(word.text), found: CandidateList(jobs))
        case .argument(.localPath):
            return plan(word, path: path, found: localNames(path, context: context))
        case .argument(.place) where word.text.hasPrefix(PlaceOperand.localMark):
            var local = PathWord(String(word.text.dropFirst(PlaceOperand.localMark.count)))
            let found = localNames(local, context: context)
            local.directory = PlaceOperand.localMark + local.directory
            return plan(word, path: local, found: found)
        case .argument(.place):
            return await remote(word, foldersOnly: true, context: context)
        case .argument(let kind) where kind == .remoteFolder || kind == .remoteAny:
            return await remote(word, foldersOnly: kind == .remoteFolder, context: context)
        case .version(let object):
            guard let object, let place = try? context.currentFolder.resolving(object),
                let ids = try? await context.versionIDs(of: place)
            else { return .nothing(at: cursor) }
            return plan(word, path: .whole(word.text), found: CandidateList(ids.map { CompletionCandidate(name: $0, isFolder: false) }))
        case .argument, .nothing:
            return .nothing(at: cursor)
        }
    }

    /// Command names; their other names and the shell's `aliases` too once something is
    /// typed, so `TAB` alone stays short. (`help` knows no alias: it gets none.)
    static func commandNames(matching typed: String, aliases: [String: String] = [:]) -> [CompletionCandidate] {
        // An alias may carry a command's own name (`alias ls 'ls -l'`): listed once.
        let names =
            typed.isEmpty ? CommandTable.commands.map(\.name) : CommandTable.allNames + aliases.keys.filter { CommandTable.type(named: $0) == nil }
        return names.map { CompletionCandidate(name: $0, isFolder: false) }
    }

    /// A remote path: of the current cluster, or after `CLUSTER:` of that one, from its
    /// root (as `cp` reads it), the word keeping its `CLUSTER:`.
    static func remote(_ word: CompletionWord, foldersOnly: Bool, context: some CompletionContext) async -> CompletionResult {
        let end = word.start + word.text.unicodeScalars.count
        let operand = ClusterOperand(PathArgument(text: word.text, pattern: nil), clusters: context.clusterNames)
        guard let cluster = operand.cluster else {
            let path = PathWord(word.text)
            guard let found = await remoteNames(path, foldersOnly: foldersOnly, context: context) else { return .nothing(at: end) }
            return plan(word, path: path, found: found)
        }
        var path = PathWord(operand.argument.text)
        guard let other = await context.context(ofCluster: cluster),
            let found = await remoteNames(path, foldersOnly: foldersOnly, context: other)
        else { return .nothing(at: end) }
        path.directory = cluster + ":" + path.directory
        return plan(word, path: path, found: found)
    }

    static func remoteNames(_ path: PathWord, foldersOnly: Bool, context: some CompletionContext) async -> CandidateList? {
        if path.namePrefix == ".." { return CandidateList([CompletionCandidate(name: "..", isFolder: true)]) }
        guard let folder = try? context.currentFolder.resolving(path.directory) else { return nil }
        return try? await context.remoteNames(folder: folder, prefix: path.namePrefix, foldersOnly: foldersOnly)
    }

    static func localNames(_ path: PathWord, context: some CompletionContext) -> CandidateList {
        if path.directory.isEmpty && path.namePrefix == "~" {
            return CandidateList([CompletionCandidate(name: "~", isFolder: true)])
        }
        var directory = path.directory
        if directory.hasPrefix("~/") { directory = context.homeDirectory + directory.dropFirst() }
        return CandidateList(context.localNames(directory: directory.isEmpty ? "." : directory, prefix: path.namePrefix))
    }

    /// One match is inserted whole (a folder with `/`, anything else closed and followed
    /// by a space); several insert their common prefix, when it adds something, and are listed.
    static func plan(_ word: CompletionWord, path: PathWord, found: CandidateList) -> CompletionResult {
        let matches = found.candidates.filter { $0.name.unicodeScalars.starts(with: path.namePrefix.unicodeScalars) }
            .sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
        guard let first = matches.first else { return .nothing(at: word.start + word.text.unicodeScalars.count) }
        // A name the terminal would act on is listed, escaped, never put in the line:
        // the line editor echoes what it holds as it is.
        if matches.count == 1 && found.isComplete && TerminalEscaping.isPlain(first.name) {
            let text = CompletionQuoting.word(path.joined(first.name), openQuote: word.openQuote, finished: !first.isFolder)
            return CompletionResult(replacementStart: word.start, replacement: text + (first.isFolder ? "/" : " "), candidates: [])
        }
        let common = found.isComplete ? plainPrefix(commonPrefix(matches.map(\.name))) : path.namePrefix
        let replacement =
            common.unicodeScalars.count > path.namePrefix.unicodeScalars.count
            ? CompletionQuoting.word(path.directory + common, openQuote: word.openQuote, finished: false) : nil
        let shown = matches.map { TerminalEscaping.escape($0.name) + ($0.isFolder ? "/" : "") }
        return CompletionResult(replacementStart: word.start, replacement: replacement, candidates: shown, isComplete: found.isComplete)
    }

    /// `text` up to its first character the terminal would act on.
    static func plainPrefix(_ text: String) -> String {
        String(text.prefix { TerminalEscaping.isPlain(String($0)) })
    }

    /// The longest common prefix, in whole characters.
    static func commonPrefix(_ names: [String]) -> String {
        guard var prefix = names.first.map(Array.init) else { return "" }
        for name in names.dropFirst() {
            let characters = Array(name)
            var count = 0
            while count < prefix.count && count < characters.count && prefix[count] == characters[count] { count += 1 }
            prefix.removeLast(prefix.count - count)
        }
        return String(prefix)
    }
}

extension CandidateList {
    init(_ candidates: [CompletionCandidate]) {
        self.init(candidates: candidates, isComplete: true)
    }
}

/// A path word split at its last `/`: the folder part, as typed, and the name being typed.
struct PathWord: Equatable {
    var directory: String
    var namePrefix: String

    init(_ text: String) {
        if let slash = text.lastIndex(of: "/") {
            directory = String(text[...slash])
            namePrefix = String(text[text.index(after: slash)...])
        } else {
            directory = ""
            namePrefix = text
        }
    }

    /// The typed folder part followed by `name`; an exact path (`//c/a//`, see
    /// `Location.resolving`) already says where it is and stands alone.
    func joined(_ name: String) -> String { name.hasPrefix("//") ? name : directory + name }

    /// A word completed as a whole (command names, options, cluster names).
    static func whole(_ text: String) -> PathWord {
        var word = PathWord("")
        word.namePrefix = text
        return word
    }
}
