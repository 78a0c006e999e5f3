import Browser
import ShellCore
import XCTest

final class CompleterTests: XCTestCase {
    /// One case: the line with `|` at the cursor, the line after TAB, and the listed candidates.
    struct Case {
        let line: String
        let after: String
        let listed: [String]
        let current: String
        let file: StaticString
        let lineNumber: UInt

        init(
            _ line: String, _ after: String, listed: [String] = [], current: String = "/", file: StaticString = #filePath,
            line lineNumber: UInt = #line
        ) {
            self.line = line
            self.after = after
            self.listed = listed
            self.current = current
            self.file = file
            self.lineNumber = lineNumber
        }
    }

    func testNamesInTheExactFormReplaceTheTypedFolder() async {
        await check([
            Case("cd odd/a/", "cd //odd/a//"),
            Case("info //odd/a//b", "info //odd/a//b.txt "),
        ])
    }

    func check(_ cases: [Case]) async {
        for item in cases {
            let context = FakeCompletionContext(current: item.current)
            let (after, listed) = await Self.tab(item.line, context: context)
            XCTAssertEqual(after, item.after, "line \(item.line)", file: item.file, line: item.lineNumber)
            XCTAssertEqual(listed, item.listed, "line \(item.line)", file: item.file, line: item.lineNumber)
        }
    }

    /// Applies TAB to `line` (cursor at `|`, or at the end) as the line editor does.
    static func tab(_ line: String, context: some CompletionContext) async -> (String, [String]) {
        let cursorIndex = line.firstIndex(of: "|")
        let text = line.replacingOccurrences(of: "|", with: "")
        let cursor = cursorIndex.map { line[..<$0].unicodeScalars.count } ?? text.unicodeScalars.count
        let result = await Completer.complete(line: text, cursor: cursor, context: context)
        guard let replacement = result.replacement else { return (text, result.candidates) }
        let scalars = Array(text.unicodeScalars)
        var after = String.UnicodeScalarView()
        after.append(contentsOf: scalars[..<result.replacementStart])
        after.append(contentsOf: replacement.unicodeScalars)
        after.append(contentsOf: scalars[cursor...])
        return (String(after), result.candidates)
    }

    func testCommandNames() async {
        await check([
            Case("clu", "cluster "),
            Case("c", "c", listed: ["cat", "cd", "cluster", "copy", "cp"]),
            Case("", "", listed: CommandTable.commands.map(\.name).sorted()),
            // An alias completes once typed (`dir`, of ls); `di` is also diff's start.
            Case("di", "di", listed: ["diff", "dir"]),
            Case("dir", "dir "),
            Case("ls; cl", "ls; cluster "),
            Case("ls;", "ls;", listed: CommandTable.commands.map(\.name).sorted()),
            Case("xyz", "xyz"),
            Case("help in", "help in", listed: ["index", "info"]),
            Case("help inf", "help info "),
        ])
    }

    /// `%N` after wait, fg and kill: the running jobs only.
    func testRunningJobsAfterWaitFgAndKill() async {
        await check([
            Case("kill ", "kill %", listed: ["%1", "%3"]),
            Case("wait %", "wait %", listed: ["%1", "%3"]),
            Case("fg %3", "fg %3 "),
            Case("fg %2", "fg %2"),
            Case("kill %1 %", "kill %1 %", listed: ["%1", "%3"]),
        ])
    }

    func testOptions() async {
        await check([
            Case("ls -", "ls -", listed: ["--json", "--versions", "-R", "-S", "-h", "-l", "-r", "-t"]),
            Case("ls --", "ls --", listed: ["--json", "--versions"]),
            Case("ls --j", "ls --json "),
            Case("search --", "search --", listed: ["--in", "--json", "--larger", "--live", "--newer", "--older", "--smaller"]),
            Case("search --i", "search --in "),
            Case("search --in ph", "search --in photos/"),
            Case("cd -", "cd -"),
            Case("ls -- -", "ls -- -"),
        ])
    }

    func testRemoteNamesRelativeNestedAbsoluteAndParent() async {
        await check([
            Case("cd ph", "cd photos/"),
            Case("cd photos/20", "cd photos/202", listed: ["2023/", "2024/"]),
            Case("cd photos/2024/", "cd photos/2024/family/"),
            Case("info photos/2024/b", "info photos/2024/beach.jpg "),
            Case("cd ../", "cd ../", listed: ["2023/", "2024/", "My Photos/"], current: "/photos/2024"),
            Case("cd ..", "cd ../", current: "/photos"),
            Case("info /backups/", "info /backups/", listed: ["db-2024-01.tar", "db-2024-02.tar", "old/"], current: "/photos"),
            Case("info /backups/d", "info /backups/db-2024-0", listed: ["db-2024-01.tar", "db-2024-02.tar"]),
            Case("cd nothing/", "cd nothing/"),
            Case("cd documents/", "cd documents/"),
        ])
    }

    /// `CLUSTER:PATH` completes in that cluster from its root, as `cp` reads it, and the
    /// word keeps its `CLUSTER:`; a cluster that cannot open completes nothing.
    func testPathsOfAnotherClusterAfterItsName() async {
        await check([
            Case("cp -r dal05:/pho", "cp -r dal05:/photos/", current: "/backups"),
            Case("cp -r dal05:/photos/2024/b", "cp -r dal05:/photos/2024/beach.jpg ", current: "/backups"),
            Case("cp dal05:/backups/d", "cp dal05:/backups/db-2024-0", listed: ["db-2024-01.tar", "db-2024-02.tar"]),
            Case("cp -r dal05:pho", "cp -r dal05:/photos/", current: "/backups"),
            Case("cp -r dal09:/pho", "cp -r dal09:/pho"),
        ])
    }

    /// `meta`'s NAME is a remote object; its KEY=VALUE words are free text.
    func testMetaCompletesTheObjectNameOnly() async {
        await check([
            Case("meta photos/2024/b", "meta photos/2024/beach.jpg "),
            Case("meta -d draft co", "meta -d draft cover.png ", current: "/photos"),
            Case("meta cover.png co", "meta cover.png co", current: "/photos"),
        ])
    }

    /// After `--version`, the version IDs of the object named before it, from one request;
    /// none before the object is named.
    func testVersionIDsOfTheNamedObject() async {
        let context = FakeCompletionContext(
            current: "/photos", versions: ["/photos/cover.png": ["1795575699.50352", "1795575699.45115", "1795575600.1"]])
        let (common, listed) = await Self.tab("cat cover.png --version 1795575", context: context)
        XCTAssertEqual(common, "cat cover.png --version 17955756")
        XCTAssertEqual(listed, ["1795575600.1", "1795575699.45115", "1795575699.50352"])
        let (one, _) = await Self.tab("rm --version 1795575699.5| cover.png", context: context)
        XCTAssertEqual(one, "rm --version 1795575699.5 cover.png", "no object before the ID: nothing to offer")
        let (whole, _) = await Self.tab("get cover.png --version 1795575699.5", context: context)
        XCTAssertEqual(whole, "get cover.png --version 1795575699.50352 ")
        XCTAssertEqual(context.requests.withLock { $0 }, ["versions /photos/cover.png", "versions /photos/cover.png"])
    }

    func testFoldersOnlyForCdEverythingForInfoAndLs() async {
        await check([
            Case("cd c", "cd c", current: "/photos"),
            Case("info c", "info c", listed: ["café.jpg", "cd.iso", "cover.png"], current: "/photos"),
            Case("ls co", "ls cover.png ", current: "/photos"),
            Case("cd ", "cd ", listed: ["2023/", "2024/", "My Photos/"], current: "/photos"),
        ])
    }

    func testSpecialNamesAreEscapedAndQuotesStayOpen() async {
        await check([
            Case("cd My", #"cd My\ Photos/"#, current: "/photos"),
            Case(#"cd "My"#, #"cd "My Photos/"#, current: "/photos"),
            Case("cd 'My", "cd 'My Photos/", current: "/photos"),
            Case("info it", #"info it\'s.jpg "#, current: "/photos"),
            Case(#"info "it"#, #"info "it's.jpg" "#, current: "/photos"),
            Case("info 'it", #"info 'it'\''s.jpg' "#, current: "/photos"),
            Case("info ba", #"info back\\slash.txt "#, current: "/photos"),
            Case(#"info "ba"#, #"info "back\\slash.txt" "#, current: "/photos"),
            Case("info caf", "info café.jpg ", current: "/photos"),
            Case("info 日", #"info 日本語\ メモ.txt "#, current: "/photos"),
        ])
    }

    func testCompletedWordsParseBackToTheSameName() async throws {
        let names = ["My Photos", "it's.jpg", #"back\slash.txt"#, "café.jpg", "日本語 メモ.txt"]
        for prefix in ["", "\"", "'"] {
            for name in names {
                let typed = "info " + prefix + String(name.prefix(2))
                let (after, _) = await Self.tab(typed, context: FakeCompletionContext(current: "/photos"))
                let words = try Tokenizer.commands(in: after.hasSuffix("/") ? after + (prefix.isEmpty ? "" : prefix) : after)
                XCTAssertEqual(words.first?.last?.text.trimmingSlash, name, "\(typed) -> \(after)")
            }
        }
    }

    func testCursorInsideAWordOrAComment() async {
        await check([
            Case("cd ph|otos", "cd photos"),
            Case("cd ph| x", "cd photos/ x"),
            Case("ls # ph", "ls # ph"),
        ])
    }

    func testClusterNames() async {
        await check([
            Case("cluster s", "cluster sample "),
            Case("cluster dal", "cluster dal0", listed: ["dal05", "dal09"]),
            Case("cluster local ", "cluster local "),
            Case("cluster test s", "cluster test sample "),
            Case("cluster rm -f dal", "cluster rm -f dal0", listed: ["dal05", "dal09"]),
            Case("cluster add s", "cluster add s"),
        ])
    }

    func testLocalPathsWithTilde() async {
        await check([
            Case("upload ~", "upload ~/"),
            Case("upload ~/P", "upload ~/Pictures/"),
            Case("upload ~/Pictures/b", "upload ~/Pictures/beach.jpg "),
            Case("upload ~/re", #"upload ~/report\ final.pdf "#),
            Case("upload n", "upload notes.txt "),
            // The word after LOCAL may be DEST, a remote folder: remote names are offered.
            Case("upload notes.txt ", "upload notes.txt ", listed: ["backups/", "documents/", "music/", "photos/"]),
        ])
    }

    /// A place of diff: after `file:` a local path, else a remote container or folder.
    func testPlacesCompleteLocallyAfterTheFileMark() async {
        await check([
            Case("diff file:~/P", "diff file:~/Pictures/"),
            Case("diff file:p", "diff file:pictures/"),
            Case("diff file:~/Pictures/b", "diff file:~/Pictures/beach.jpg "),
            Case("diff pho", "diff photos/"),
            Case("diff photos/2", "diff photos/202", listed: ["2023/", "2024/"]),
            Case("diff file:x /ba", "diff file:x /backups/"),
        ])
    }

    func testManyMatchesInsertTheirCommonPrefixAndListInColumns() async {
        let names = (0..<150).map { String(format: "img-%03d.jpg", $0) }
        let context = FakeCompletionContext(current: "/big", tree: ["/big": names])
        let result = await Completer.complete(line: "info im", cursor: 7, context: context)
        XCTAssertEqual(result.replacement, "img-")
        XCTAssertEqual(result.candidates.count, 150)
        XCTAssertTrue(result.isComplete)
        let columns = result.columns(width: 80)
        XCTAssertEqual(columns.count, 25, "11-cell names in 13-cell columns: 6 a row")
        XCTAssertTrue(columns.allSatisfy { $0.count <= 80 })
        XCTAssertEqual(context.requests.withLock { $0 }, ["/big im"])
    }

    func testAnIncompleteListingInsertsNothingBeyondWhatWasTyped() async {
        struct Truncated: CompletionContext {
            let currentFolder = Location.root
            let homeDirectory = "/"
            let clusterNames: [String] = []
            func remoteNames(folder: Location, prefix: String, foldersOnly: Bool) async throws -> CandidateList {
                CandidateList(candidates: [CompletionCandidate(name: "file-000", isFolder: false)], isComplete: false)
            }
            func localNames(directory: String, prefix: String) -> [CompletionCandidate] { [] }
        }
        let result = await Completer.complete(line: "info fi", cursor: 7, context: Truncated())
        XCTAssertNil(result.replacement)
        XCTAssertEqual(result.candidates, ["file-000"])
        XCTAssertFalse(result.isComplete)
    }

    func testControlCharactersAreEscapedInTheList() async {
        let context = FakeCompletionContext(current: "/x", tree: ["/x": ["a\u{1b}[31m", "ab"]])
        let result = await Completer.complete(line: "info a", cursor: 6, context: context)
        XCTAssertFalse(result.candidates.joined().contains("\u{1b}"))
    }
}

extension String {
    fileprivate var trimmingSlash: String { hasSuffix("/") ? String(dropLast()) : self }
}

/// The tokenizer keeps an unquoted wildcard a pattern and a quoted one a character.
final class TokenizerPatternTests: XCTestCase {
    func testQuotedAndEscapedWildcardsAreLiteral() throws {
        let words = try Tokenizer.commands(in: #"rm *.log 'a*b' a\*b "x?"y* plain a\\b*"#)[0]
        XCTAssertEqual(words.map(\.text), ["rm", "*.log", "a*b", "a*b", "x?y*", "plain", #"a\b*"#])
        XCTAssertEqual(words.map(\.pattern), [nil, "*.log", nil, nil, #"x\?y*"#, nil, #"a\\b*"#])
    }
}
