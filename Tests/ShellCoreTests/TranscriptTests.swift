import Foundation
import ShellCore
import XCTest

/// Golden transcripts: a batch script in, exact stdout, stderr and status out.
@MainActor
final class TranscriptTests: XCTestCase {
    var harness: TranscriptHarness!

    override func setUp() async throws { harness = try TranscriptHarness() }
    override func tearDown() async throws { harness.remove() }

    func check(
        _ name: String, _ script: String, cluster: String = "sample", widths: [Int] = [80], rows: Int = 8,
        policy: ErrorPolicy = .stop, quiet: Bool = false, trace: Bool = false,
        file: StaticString = #filePath, line: UInt = #line
    ) async throws {
        for width in widths {
            let result = try await harness.run(script, cluster: cluster, width: width, rows: rows, policy: policy, quiet: quiet, trace: trace)
            let golden = widths.count > 1 ? "\(name)-\(width)" : name
            let shown = script.replacingOccurrences(of: harness.root, with: "$TMP")
            TranscriptHarness.assertMatches(golden, script: shown, result, file: file, line: line)
        }
    }

    func testBrowsingAtThreeWidths() async throws {
        try await check("browse", "cd photos\ncd 2024\nback\ninfo\npwd", widths: [40, 80, 132])
    }

    func testSiblingAncestorAndCollapse() async throws {
        try await check(
            "moves",
            """
            cd photos/2024/summer
            cd ../spring
            cd /photos
            cd /documents/日本語
            cd ..
            pwd
            """, quiet: false)
    }

    func testQuotingEscapesCommentsAndBlankLines() async throws {
        try await check(
            "quoting",
            """
            # a comment line

            cd "My Photos"   # a trailing comment
            cd Family; pwd
            cd /documents/My\\ Reports/'2024'
            ls -l
            pwd
            """, quiet: true)
    }

    func testInfoOfEveryKind() async throws {
        try await check(
            "info",
            """
            info
            info photos
            cd photos
            info 2024
            info cover.png
            cd 2024/README.txt
            """)
    }

    func testSearchModeEntersAndRestores() async throws {
        try await check(
            "search",
            """
            cd photos
            search beach
            cd "photos/2024/summer/beach/IMG_0001 beach.jpg"
            back
            pwd
            search --in /documents '*.txt'
            ls
            search
            pwd
            """, widths: [40, 80, 132])
    }

    func testListingPipesOneEntryALine() async throws {
        try await check(
            "ls",
            """
            ls
            ls photos/2024
            ls -l "photos/2024/summer/beach"
            ls backups/logs/2024 -l
            ls photos/cover.png
            """, quiet: true)
    }

    func testRecursiveListingNamesEveryObjectFromTheFolder() async throws {
        try await check(
            "ls-tree",
            """
            ls -R photos/2024
            cd photos
            ls -lR 2024/summer
            ls -R --json 2024/spring
            ls -R cover.png
            ls -R nothing-here
            """, quiet: true)
    }

    func testClustersSwitchAndComeBackWhereTheyWere() async throws {
        try await check(
            "cluster",
            """
            cd music/Bach
            cluster
            cluster local
            mkdir inbox
            cd inbox
            mkdir "new folder"
            cluster sample
            pwd
            cluster local
            pwd
            """)
    }

    func testUploadAFileAndAFolder() async throws {
        let source = harness.root + "/src"
        try FileManager.default.createDirectory(atPath: source + "/tree/sub", withIntermediateDirectories: true)
        try "hello\n".write(toFile: source + "/hello world.txt", atomically: true, encoding: .utf8)
        try "a".write(toFile: source + "/tree/a.txt", atomically: true, encoding: .utf8)
        try "b".write(toFile: source + "/tree/sub/b.txt", atomically: true, encoding: .utf8)
        try await check(
            "upload",
            """
            mkdir inbox
            cd inbox
            upload "\(source)/hello world.txt"
            upload "\(source)/hello world.txt" "renamed é.txt"
            upload \(source)/tree
            ls tree
            ls
            info "renamed é.txt"
            """, cluster: "local", quiet: true)
    }

    func testEveryBadInputGetsAClearErrorAndTheRunGoesOnWhenAsked() async throws {
        try await check(
            "errors",
            """
            frob
            cdd photos
            back
            cd nowhere
            cd "unbalanced
            cd trailing\\
            upload /etc/hostname
            cd documents
            upload /no/such/file
            upload /etc/hostname "bad\u{0}name"

            mkdir ../escape
            mkdir /
            upload /etc/hostname ../x
            ls -x
            info nosuch.txt
            cd /photos/../..
            cd café\\ menu.txt/deeper
            search --in nowhere x
            search --in /photos/nowhere x
            search
            cluster nowhere
            help nosuch
            exit 300
            -cd ignored-error
            pwd
            """, policy: .continue, quiet: true)
    }

    func testABatchStopsAtTheFirstFailure() async throws {
        try await check("stop", "cd photos\ncd nowhere\npwd", quiet: true)
    }

    func testStartingAtAPathAndMissingPaths() async throws {
        for width in [40, 80] {
            for (name, start) in [("start", "/photos/2024"), ("start-object", "/photos/cover.png"), ("start-missing", "/photos/nowhere")] {
                let result = try await harness.run("pwd\nback", start: start, width: width, rows: 5)
                TranscriptHarness.assertMatches("\(name)-\(width)", script: "(objsh sample:\(start))\npwd\nback", result)
            }
        }
    }

    func testLongListingAtTheRootAndHumanSizes() async throws {
        try await check("ls-long", "ls -l /\nls -lh /\nls -lh photos\nls -hl photos/2024/summer/beach", quiet: true)
    }

    func testExitStatusAndHelp() async throws {
        try await check("help", "help\nhelp cd\nhelp search\nexit 3\npwd", quiet: true)
    }

    func testTraceShowsBalancedLifecycleEvents() async throws {
        try await check("trace", "cd photos\ncd 2024\ncd summer\nback\nsearch lake\nback", trace: true)
    }

    /// With `-q` no pane is shown, so none loads but the account pane `open` loads and
    /// the search results, which are then the answer; the lifecycle events are those of
    /// the run with panes.
    func testQuietTraceLoadsOnlyTheAccountPane() async throws {
        let script = "cd photos\ncd 2024\ncd summer\nback\nsearch lake\nback"
        let quiet = try await harness.run(script, quiet: true, trace: true)
        let shown = try await harness.run(script, trace: true)
        let loads = quiet.stderr.split(separator: "\n").filter { $0.hasPrefix("trace: loaded") }
        XCTAssertEqual(loads, ["trace: loaded account sample:/", "trace: loaded search search lake"], quiet.stderr)
        let events = { (text: String) in text.split(separator: "\n").filter { !$0.hasPrefix("trace: loaded") } }
        XCTAssertEqual(events(quiet.stderr), events(shown.stderr))
        XCTAssertEqual(quiet.stdout, "photos/2023/summer/lake.png\n")
    }

    /// Above the memory budget, each step unloads the hidden panes that hold content
    /// (the container's memory warning), and nothing else of the lifecycle changes.
    func testShortMemoryUnloadsHiddenPanes() async throws {
        let script = "cd photos\ncd 2024\ncd summer"
        let short = try await harness.run(script, trace: true, memoryBudget: 0)
        let ample = try await harness.run(script, trace: true)
        let unloads = short.stderr.split(separator: "\n").filter { $0.hasPrefix("trace: unloaded") }
        XCTAssertEqual(unloads, ["trace: unloaded account sample:/", "trace: unloaded container photos/"], short.stderr)
        XCTAssertFalse(ample.stderr.contains("trace: unloaded"), ample.stderr)
        XCTAssertEqual(short.stdout, ample.stdout)
    }
}

/// Names with control characters, wide characters and very long names, laid out at
/// three widths: nothing raw reaches the output, nothing overflows a column.
@MainActor
final class OddNameTranscriptTests: XCTestCase {
    func testOddNamesAtThreeWidths() async throws {
        let harness = try TranscriptHarness()
        defer { harness.remove() }
        let odd = harness.localRoot + "/odd names"
        let names = [
            "tab\there.txt", "esc\u{1B}[31mred.txt", "new\nline.txt", "bell\u{07}.txt", "del\u{7F}.txt",
            "日本語のとても長いファイル名ですね.txt", "👨‍👩‍👧‍👦 family photo.heic", "e\u{301}cole combining.txt",
            "rtl \u{202E}gpj.exe", String(repeating: "long-", count: 40) + "name.txt",
        ]
        for name in names {
            try FileManager.default.createDirectory(atPath: odd + "/folder " + name.prefix(3), withIntermediateDirectories: true)
            _ = FileManager.default.createFile(
                atPath: odd + "/" + name, contents: Data(name.utf8),
                attributes: [.modificationDate: Date(timeIntervalSince1970: 1_717_243_200)])
        }
        let script = "cd \"odd names\"\nls\ninfo \"tab\thre.txt\"\ninfo \"esc\u{1B}[31mred.txt\""
        for width in [40, 80, 132] {
            let result = try await harness.run(script, cluster: "local", width: width, rows: 12, policy: .continue)
            XCTAssertFalse(result.stdout.contains("\u{1B}") || result.stderr.contains("\u{1B}"), "an escape reached the output")
            XCTAssertFalse(result.stdout.contains("\u{07}") || result.stdout.contains("\u{202E}"))
            TranscriptHarness.assertMatches("odd-names-\(width)", script: script.replacingOccurrences(of: "\u{1B}", with: "\\e"), result)
        }
    }
}
