import Browser
import Foundation
import ShellCore
import Synchronization
import XCTest

/// `objsh [CLUSTER:]PATH` completion for bash, zsh and fish: the place completer, the
/// reading of a bash line, and the short-lived disk cache.
final class PlaceCompletionTests: XCTestCase {
    func candidates(_ typed: String, context: FakeCompletionContext = FakeCompletionContext()) async -> [String] {
        await PlaceCompleter.candidates(for: typed, clusterNames: context.clusterNames) { _ in context }
    }

    func testClusterNamesEndWithAColonAndPathsOfTheDefaultClusterFollow() async {
        let all = await candidates("")
        XCTAssertEqual(all, ["backups/", "dal05:", "dal09:", "documents/", "local:", "music/", "photos/", "sample:"])
        let typed = await candidates("da")
        XCTAssertEqual(typed, ["dal05:", "dal09:"])
    }

    func testPathsAfterAClusterKeepTheClusterAndTheSlashAsTyped() async {
        let absolute = await candidates("dal05:/pho")
        XCTAssertEqual(absolute, ["dal05:/photos/"])
        let relative = await candidates("dal05:pho")
        XCTAssertEqual(relative, ["dal05:photos/"])
        let deeper = await candidates("dal05:/photos/2024/")
        XCTAssertEqual(deeper, ["dal05:/photos/2024/beach.jpg", "dal05:/photos/2024/family/"])
        // Nothing after the colon: from the root, with its `/`, not a relative path.
        let fresh = await candidates("dal05:")
        XCTAssertTrue(fresh.contains("dal05:/photos/") && fresh.allSatisfy { $0.hasPrefix("dal05:/") }, "\(fresh)")
        let odd = await candidates("dal05:/photos/")
        XCTAssertTrue(odd.contains("dal05:/photos/My Photos/") && odd.contains("dal05:/photos/it's.jpg"), "\(odd)")
    }

    func testTheClusterAsksForItsOwnContext() async {
        let asked = Mutex<[String?]>([])
        let context = FakeCompletionContext()
        _ = await PlaceCompleter.candidates(for: "dal09:/", clusterNames: context.clusterNames) { name in
            asked.withLock { $0.append(name) }
            return context
        }
        XCTAssertEqual(asked.withLock { $0 }, ["dal09"])
    }

    func testNamesWithControlCharactersAreLeftOut() async {
        let context = FakeCompletionContext(tree: ["/": ["a\nb/", "a\u{1B}[31m", "ab"]])
        let found = await candidates("a", context: context)
        XCTAssertEqual(found, ["ab"])
    }

    func testAClusterThatCannotOpenCompletesNothing() async {
        let found = await PlaceCompleter.candidates(for: "dal05:/", clusterNames: ["dal05"]) { _ in nil }
        XCTAssertEqual(found, [])
    }

    // MARK: - bash lines

    func testBashLineSplitsWordsAndKeepsWhatReadlineKeeps() {
        let line = BashLinePrefix(line: "objsh --cluster x dal05:/my\\ pho")
        XCTAssertEqual(line.words, ["objsh", "--cluster", "x"])
        XCTAssertEqual(line.current, "dal05:/my pho")
        XCTAssertEqual(line.keptCount, "dal05:".unicodeScalars.count)
        XCTAssertEqual(line.insertion(for: "dal05:/my photos/"), "/my\\ photos/")
    }

    func testBashLineInsideQuotes() {
        let single = BashLinePrefix(line: "objsh 'dal05:/it")
        XCTAssertEqual(single.current, "dal05:/it")
        XCTAssertEqual(single.openQuote, "'")
        XCTAssertEqual(single.insertion(for: "dal05:/it's.jpg"), "dal05:/it'\\''s.jpg")
        let double = BashLinePrefix(line: "objsh dal05:\"/a $")
        XCTAssertEqual(double.current, "dal05:/a $")
        XCTAssertEqual(double.keptCount, 6)
        XCTAssertEqual(double.insertion(for: "dal05:/a $x\"y"), "/a \\$x\\\"y")
    }

    func testBashLineEscapesWhatTheShellWouldExpand() {
        let line = BashLinePrefix(line: "objsh s:/")
        XCTAssertEqual(line.insertion(for: "s:/$(rm -rf ~)`x`;a|b&c*?[]{}!#"), "/\\$\\(rm\\ -rf\\ \\~\\)\\`x\\`\\;a\\|b\\&c\\*\\?\\[\\]\\{\\}\\!\\#")
    }

    func testBashLineStartsOverAfterACommandSeparator() {
        let line = BashLinePrefix(line: "cd /tmp && objsh sam")
        XCTAssertEqual(line.words, ["objsh"])
        XCTAssertEqual(line.current, "sam")
        let empty = BashLinePrefix(line: "objsh ")
        XCTAssertEqual(empty.words, ["objsh"])
        XCTAssertEqual(empty.current, "")
    }

    func testBashLineWithoutColonAsAWordBreak() {
        let line = BashLinePrefix(line: "objsh dal05:/a", wordBreaks: " \t\n\"'><=;|&(")
        XCTAssertEqual(line.keptCount, 0)
        XCTAssertEqual(line.insertion(for: "dal05:/abc"), "dal05:/abc")
    }

    // MARK: - the disk cache

    func testTheDiskCacheServesLongerPrefixesWithoutARequest() async throws {
        let directory = try temporaryDirectory()
        let fake = FakeCompletionContext()
        let cache = CompletionDiskCache(wrapping: fake, directory: directory.path, cluster: "dal05")
        let folder = try Location.root.resolving("/photos")
        let first = try await cache.remoteNames(folder: folder, prefix: "c", foldersOnly: false)
        let second = try await CompletionDiskCache(wrapping: fake, directory: directory.path, cluster: "dal05")
            .remoteNames(folder: folder, prefix: "ca", foldersOnly: false)
        XCTAssertEqual(first.candidates.map(\.name), ["cover.png", "café.jpg", "cd.iso"])
        XCTAssertEqual(second.candidates.map(\.name), ["café.jpg"])
        XCTAssertEqual(fake.requests.withLock { $0 }, ["/photos c"], "the second process should read the cache")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        XCTAssertEqual(files.count, 1)
        let mode = try FileManager.default.attributesOfItem(atPath: directory.path + "/" + files[0])[.posixPermissions] as? Int
        XCTAssertEqual(mode, 0o600, "object names are the user's only")
    }

    func testTheDiskCacheAsksAgainForAnotherClusterAShorterPrefixOrWhenOld() async throws {
        let directory = try temporaryDirectory()
        let fake = FakeCompletionContext()
        let folder = try Location.root.resolving("/photos")
        _ = try await CompletionDiskCache(wrapping: fake, directory: directory.path, cluster: "dal05")
            .remoteNames(folder: folder, prefix: "ca", foldersOnly: false)
        _ = try await CompletionDiskCache(wrapping: fake, directory: directory.path, cluster: "dal09")
            .remoteNames(folder: folder, prefix: "ca", foldersOnly: false)
        _ = try await CompletionDiskCache(wrapping: fake, directory: directory.path, cluster: "dal09")
            .remoteNames(folder: folder, prefix: "c", foldersOnly: false)
        _ = try await CompletionDiskCache(wrapping: fake, directory: directory.path, cluster: "dal09", lifetime: 0)
            .remoteNames(folder: folder, prefix: "c", foldersOnly: false)
        XCTAssertEqual(fake.requests.withLock { $0 }, ["/photos ca", "/photos ca", "/photos c", "/photos c"])
    }

    func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("objsh-place-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }
}
