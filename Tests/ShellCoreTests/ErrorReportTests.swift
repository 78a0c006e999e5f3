import Browser
import Clusters
import Foundation
import NameIndex
import Navigation
import Storage
import Sync
import Transfers
import XCTest

@testable import ShellCore

/// Every case of every error a command can throw gets a one-line message with no Swift
/// type name in it, and a class decided by its case. Each `caseIndex` switch is
/// exhaustive, so a new case does not compile until it is listed, and the test then
/// fails until a sample of it is.
@MainActor
final class ErrorReportTests: XCTestCase {
    static let place = Location(segments: ["photos", "2024", "a.jpg"])

    static let storage: [StorageError] = [
        .noSuchContainer("photos"), .noSuchObject(container: "photos", name: "a.jpg"), .containerExists("photos"),
        .invalidName("a\u{0}b", reason: "NUL"), .unreadableFile(path: "/x", problem: .system(ENOENT)), .unauthorized("bad key"),
        .server(status: 503, message: "busy"), .unreachable("connection refused"), .timedOut("no answer in 30 s"),
        .invalidResponse("not HTTP"), .checksumMismatch(expected: "a", actual: "b"), .changed(container: "c", name: "n"),
        .containerNotEmpty("c"), .unsupported("no bulk delete"), .io("disk full"), .cancelled,
        .tls(TLSRefusal(host: "127.0.0.1:443", reason: .unknownAuthority, caVariable: "OS_CACERT")),
        .proxy(ProxyRefusal(proxy: "http://<redacted>@127.0.0.1:3128", target: "h:443", reason: .authenticationRequired(credentialsGiven: true))),
        .proxy(ProxyRefusal(proxy: "http://127.0.0.1:3128", target: "h:443", reason: .authenticationRequired(credentialsGiven: false))),
        .proxy(ProxyRefusal(proxy: "http://127.0.0.1:3128", target: "h:443", reason: .unreachable("cannot connect to 127.0.0.1:3128"))),
        .proxy(ProxyRefusal(proxy: "http://127.0.0.1:3128", target: "h:443", reason: .tunnelRefused(status: 403))),
        .proxy(ProxyRefusal(proxy: "http://127.0.0.1:3128", target: "h:443", reason: .tunnelRefused(status: nil))),
        .proxy(ProxyRefusal(proxy: "", target: "h:443", reason: .unusableSetting("https_proxy"))),
        .metadataRefused(.notKept(store: "file")), .metadataRefused(.nonASCIIValue(key: "who")),
        .metadataRefused(.tooLargeToRewrite),
        .shareRefused(.notShareable(store: "file")), .shareRefused(.noKey), .shareRefused(.tooLong(limit: 604_800)),
        .shareRefused(.notOffered), .shareRefused(.methodNotAllowed(.put)), .shareRefused(.noKeyToSet(store: "s3")),
        .metadataRefused(.tooLargeToRewrite), .noSuchVersion(container: "c", name: "n", version: "1795575699.29165"),
        .versionsUnsupported(kind: "file"),
        .redirectRefused(RedirectRefusal(from: "127.0.0.1:8080", to: "127.0.0.2:9000", reason: .otherHost)),
        .redirectRefused(RedirectRefusal(from: "https://127.0.0.1:8443", to: "http://127.0.0.1:8080", reason: .plainHTTP)),
        .redirectRefused(RedirectRefusal(from: "127.0.0.1:8080", to: "127.0.0.1:8080", reason: .tooMany(limit: 5))),
        .listingStuck(container: "photos", after: "a.jpg"), .listingStuck(container: "photos", after: ""),
        .waitTooLong(status: 503, retryAfter: 31_536_000, limit: 60),
        .storedWrong(StoredWrong(container: "c", name: "n", expected: "a", actual: "b", remains: .nothing)),
        .storedWrong(StoredWrong(container: "c", name: "n", expected: "a", actual: "b", remains: .wrongCopy)),
        .storedWrong(StoredWrong(container: "c", name: "n", expected: "a", actual: "b", remains: .unknown)),
    ]
    static func caseIndex(_ error: StorageError) -> Int {
        switch error {
        case .noSuchContainer: 0
        case .noSuchObject: 1
        case .containerExists: 2
        case .invalidName: 3
        case .unreadableFile: 4
        case .unauthorized: 5
        case .server: 6
        case .unreachable: 7
        case .timedOut: 8
        case .invalidResponse: 9
        case .checksumMismatch: 10
        case .changed: 11
        case .containerNotEmpty: 12
        case .unsupported: 13
        case .io: 14
        case .cancelled: 15
        case .tls: 16
        case .proxy: 17
        case .metadataRefused: 18
        case .shareRefused: 19
        case .noSuchVersion: 20
        case .versionsUnsupported: 21
        case .redirectRefused: 22
        case .listingStuck: 23
        case .waitTooLong: 24
        case .storedWrong: 25
        }
    }

    static let transfer: [TransferError] = [
        .exists("/tmp/a"), .local(path: "/tmp/a", problem: .system(EACCES)), .corrupt(name: "a", detail: "MD5 differs"),
        .unsafeName("../x", reason: .climbs), .interrupted(.standardInput(name: "a")),
        .someFailed(failed: 2, of: 10), .notMoved(name: "a", .unverified(.dynamicLargeObject)),
        .streamTooLong(segments: 10_000, segmentBytes: 5 << 20), .storedUnderAnotherKey(name: "a\\b", key: "a/b"),
    ]
    static func caseIndex(_ error: TransferError) -> Int {
        switch error {
        case .exists: 0
        case .local: 1
        case .corrupt: 2
        case .unsafeName: 3
        case .interrupted: 4
        case .someFailed: 5
        case .notMoved: 6
        case .streamTooLong: 7
        case .storedUnderAnotherKey: 8
        }
    }

    static let browser: [BrowserError] = [
        .notFound(NotFound(place, expected: .object)), .notAFolder("/a"), .atRoot, .invalidPath("a", .dotSegments),
        .needsContainer, .notAResult("x"), .notSearching, .storage(.noSuchContainer("c")), .noMatch("*.log"),
    ]
    static func caseIndex(_ error: BrowserError) -> Int {
        switch error {
        case .notFound: 0
        case .notAFolder: 1
        case .atRoot: 2
        case .invalidPath: 3
        case .needsContainer: 4
        case .notAResult: 5
        case .notSearching: 6
        case .storage: 7
        case .noMatch: 8
        }
    }

    static let cluster: [ClusterError] = [
        .unknown("x", known: ["a", "b"]), .notADirectory("/x"), .invalidConfig(path: "/c", line: 3, message: "bad"),
    ]
    static func caseIndex(_ error: ClusterError) -> Int {
        switch error {
        case .unknown: 0
        case .notADirectory: 1
        case .invalidConfig: 2
        }
    }

    static let index: [NameIndexError] = [.damaged("/c/a.seg"), .cannotWrite("/c"), .busy, .notIndexed("/photos"), .unavailable]
    static func caseIndex(_ error: NameIndexError) -> Int {
        switch error {
        case .damaged: 0
        case .cannotWrite: 1
        case .busy: 2
        case .notIndexed: 3
        case .unavailable: 4
        }
    }

    func testEveryIndexCaseHasASampleAndAClass() async {
        XCTAssertEqual(Set(Self.index.map(Self.caseIndex)), Set(0...4))
        XCTAssertEqual(ErrorReport(NameIndexError.busy).failureClass, .unavailable)
        XCTAssertEqual(ErrorReport(NameIndexError.notIndexed("/photos")).failureClass, .notFound)
    }

    func testEveryCaseHasASample() async {
        XCTAssertEqual(Set(Self.storage.map(Self.caseIndex)), Set(0...25))
        XCTAssertEqual(Set(Self.transfer.map(Self.caseIndex)), Set(0...8))
        XCTAssertEqual(Set(Self.browser.map(Self.caseIndex)), Set(0...8))
        XCTAssertEqual(Set(Self.cluster.map(Self.caseIndex)), Set(0...2))
    }

    func testEveryMessageIsOneLineWithoutATypeName() async {
        let extra: [any Error] =
            PathProblem.allCases.map { BrowserError.invalidPath("p", $0) }
            + NotFound.Expected.allCases.map { BrowserError.notFound(NotFound(Self.place, expected: $0)) }
            + [
                CommandFailure.noSuchCommand("x"), CommandFailure.accountNotAllowed(.delete),
                CommandFailure.accountNotAllowed(.copyTarget), CommandFailure.sameObject(Self.place),
                CommandFailure.copyIntoItself(Self.place, target: Self.place), CommandFailure.sourcesOnSeveralClusters(["a", "b"]),
                CommandFailure.needsRecursive(Self.place, isContainer: false, command: "get"),
                CommandFailure.notAnObject(Self.place, isContainer: true),
                CommandFailure.localFolder("/x", .unreadableFolder), CommandFailure.standardOutput(.system(EPIPE)),
                CommandFailure.standardInputHoldsCommands, CommandFailure.accountNotAllowed(.compare),
                CommandFailure.placeIsObject(Self.place), SyncError.unordered("a"),
                CommandFailure.standardInputHoldsCommands, CommandFailure.accountNotAllowed(.version),
                CommandFailure.nothingToRestore(container: "c", name: "n"),
                CommandFailure.restoreOfDeleteMarker(name: "n", version: "1795575716.36626"),
                CommandFailure.deletionsRefused(.failures(2)), CommandFailure.deletionsRefused(.emptySource("file:x")),
                CommandFailure.deletionsRefused(.overLimit(count: 3, limit: 1)),
                CommandFailure.syncOverlaps(source: "/c", destination: "other:/c/d"),
                CommandFailure.outputFile("out.txt", .isADirectory), CommandFailure.outputFileKept("out.txt"),
                CommandFailure.localProgram("/bin/sh", .system(ENOENT)), CommandFailure.outputTwice, CommandFailure.noSuchAlias("ll"),
                CommandFailure.noLocalMatch("*.log"), CommandFailure.severalUploadsIntoObject("x"),
                CommandFailure.uploadNameIsLocal("b.log"), CommandFailure.sameUploadName("d/a", first: "a", second: "s/a"),
                CommandFailure.versionsWouldGo(container: "c"), CommandFailure.localFolder("dl", .noSuchFolder),
                CommandFailure.noSuchJob("%3"),
            ]
        let all: [any Error] = Self.storage + Self.transfer + Self.browser + Self.cluster + Self.index + extra
        let typeLike = try! NSRegularExpression(pattern: "[A-Za-z]\\(|Error|Problem|Location|Optional|Storage\\.|Browser\\.")
        for error in all {
            let message = ErrorReport(error).message
            XCTAssertFalse(message.isEmpty, "\(error)")
            XCTAssertFalse(message.contains("\n"), "more than one line: \(message)")
            let range = NSRange(message.startIndex..., in: message)
            XCTAssertNil(typeLike.firstMatch(in: message, range: range), "a type name in: \(message)")
        }
    }

    /// Each usage problem in words is one line without a type name (`usage:` follows on a line of its own).
    func testEveryUsageProblemIsOneLine() async {
        let problems: [UsageProblem] = [
            .unknownOption("-x"), .missingValue(option: "-d", valueName: "KEY"), .missingOperand("NAME"), .tooManyArguments,
            .exclusiveOptions("-n", "-c"), .badOptionValue(option: "-n", .number(0...9)), .badOptionValue(option: "-s", .size),
            .badOptionValue(option: "--content-type", .contentType), .badOperand("on|off", .onOrOff), .badOperand("N", .number(1...2)),
            .badOperand("NAME", .aliasName),
            .notKeyValue("color"), .notKeyValue("color", option: "--metadata"), .badMetadataValue(key: "color", option: "--metadata"),
            .badMetadataKey("bad key"), .badMetadataKey(""), .badMetadataValue(key: "color"), .badOptionValue(option: "--newer", .age),
            .badOptionValue(option: "--expires", .duration),
        ]
        for problem in problems {
            let message = ErrorReport.words(problem)
            XCTAssertFalse(message.isEmpty || message.contains("\n"), message)
            XCTAssertNil(message.range(of: "[A-Za-z]\\(|Problem|Optional", options: .regularExpression), "\(problem): \(message)")
        }
        XCTAssertEqual(ErrorReport.words(.badMetadataKey("")), "'' is not a metadata key: ASCII letters, digits, -, _ and ., at most 128 bytes")
    }

    func testTheClassComesFromTheCaseNotTheText() async {
        XCTAssertEqual(ErrorReport(StorageError.unreadableFile(path: "/no such", problem: .system(ENOENT))).failureClass, .notFound)
        XCTAssertEqual(ErrorReport(StorageError.unreadableFile(path: "/no such", problem: .system(EACCES))).failureClass, .failed)
        XCTAssertEqual(ErrorReport(StorageError.unsupported("no such thing")).failureClass, .failed)
        XCTAssertEqual(ErrorReport(BrowserError.notFound(.container("c"))).failureClass, .notFound)
        XCTAssertEqual(ErrorReport(StorageError.server(status: 403, message: "")).failureClass, .permission)
        XCTAssertEqual(ErrorReport(CancellationError()).failureClass, .interrupted)
        let refusal = { (reason: TLSRefusal.Reason) in StorageError.tls(TLSRefusal(host: "h:1", reason: reason, caVariable: "OS_CACERT")) }
        XCTAssertEqual(ErrorReport(refusal(.expired)).failureClass, .permission)
        XCTAssertEqual(ErrorReport(refusal(.notTLS)).failureClass, .unavailable)
    }

    func testAShareLinkTooLongIsAUsageErrorThatSaysTheLimit() async {
        let error = ShellError.failed(command: "share", cause: StorageError.shareRefused(.tooLong(limit: 604_800)))
        XCTAssertEqual(error.message, "share: a share link lasts at most 7d here")
        XCTAssertEqual(error.exitStatus, ExitStatus.usage)
        XCTAssertEqual(ErrorReport(StorageError.shareRefused(.noKey)).failureClass, .failed)
    }

    func testAProxyRefusalIsClassedByItsReason() async {
        let refusal = { (reason: ProxyRefusal.Reason) in StorageError.proxy(ProxyRefusal(proxy: "http://p:1", target: "h:1", reason: reason)) }
        XCTAssertEqual(ErrorReport(refusal(.authenticationRequired(credentialsGiven: true))).failureClass, .permission)
        XCTAssertEqual(ErrorReport(refusal(.authenticationRequired(credentialsGiven: false))).failureClass, .permission)
        XCTAssertEqual(ErrorReport(refusal(.unreachable("refused"))).failureClass, .unavailable)
        XCTAssertEqual(ErrorReport(refusal(.tunnelRefused(status: 403))).failureClass, .unavailable)
        XCTAssertEqual(ErrorReport(refusal(.unusableSetting("proxy"))).failureClass, .usage)
        XCTAssertEqual(
            ErrorReport(refusal(.tunnelRefused(status: 403))).message, "proxy http://p:1 refused to open a connection to h:1 (HTTP 403)")
    }

    func testOneNotFoundMessageNamesThePlaceAndWhatWasLookedFor() async {
        func words(_ expected: NotFound.Expected, _ segments: [String]) -> String {
            ErrorReport(BrowserError.notFound(NotFound(Location(segments: segments), expected: expected))).message
        }
        XCTAssertEqual(words(.objectOrFolder, ["photos", "2024", "x"]), "2024/x: no such file or folder in photos")
        XCTAssertEqual(words(.object, ["photos", "x"]), "x: no such object in photos")
        XCTAssertEqual(words(.folder, ["photos", "x"]), "x: no such folder in photos")
        XCTAssertEqual(words(.objectOrFolder, ["photos"]), "photos: no such container")
    }

    func testAFailureOfACommandIsPrefixedWithItsName() async {
        let error = ShellError.failed(command: "get", cause: StorageError.timedOut("no answer"))
        XCTAssertEqual(error.message, "get: timed out: no answer")
        XCTAssertEqual(error.exitStatus, ExitStatus.unavailable)
    }
}
