import Foundation
import ShellCore
import XCTest

/// Golden transcripts: a batch script in, exact stdout, stderr and status out.
final class TranscriptTests: XCTestCase {
    var harness: TranscriptHarness!

    override func setUpWithError() throws { harness = try TranscriptHarness() }
    override func tearDown() { harness.remove() }

    func check(_ name: String, _ script: String, cluster: String = "sample", widths: [Int] = [80], rows: Int = 8,
               policy: ErrorPolicy = .stop, quiet: Bool = false, trace: Bool = false,
               file: StaticString = #filePath, line: UInt = #line) async throws {
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
        try await check("moves", """
            cd photos/2024/summer
            cd ../spring
            cd /photos
            cd /documents/日本語
            cd ..
            pwd
            """, quiet: false)
    }

    func testQuotingEscapesCommentsAndBlankLines() async throws {
        try await check("quoting", """
            # a comment line

            cd "My Photos"   # a trailing comment
            cd Family; pwd
            cd /documents/My\\ Reports/'2024'
            ls -l
            pwd
            """, quiet: true)
    }

    func testInfoOfEveryKind() async throws {
        try await check("info", """
            info
            info photos
            cd photos
            info 2024
            info cover.png
            cd 2024/README.txt
            """)
    }

    func testSearchModeEntersAndRestores() async throws {
        try await check("search", """
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
        try await check("ls", """
            ls
            ls photos/2024
            ls -l "photos/2024/summer/beach"
            ls backups/logs/2024 -l
            ls photos/cover.png
            """, quiet: true)
    }

    func testClustersSwitchAndComeBackWhereTheyWere() async throws {
        try await check("cluster", """
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
        try await check("upload", """
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
        try await check("errors", """
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
            mkdir /abs
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

    func testExitStatusAndHelp() async throws {
        try await check("help", "help\nhelp cd\nhelp search\nexit 3\npwd", quiet: true)
    }

    func testTraceShowsBalancedLifecycleEvents() async throws {
        try await check("trace", "cd photos\ncd 2024\ncd summer\nback\nsearch lake\nback", quiet: true, trace: true)
    }
}
