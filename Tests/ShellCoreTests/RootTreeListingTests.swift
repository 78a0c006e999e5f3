import Foundation
import Storage
import Synchronization
import XCTest

/// `ls -R` at the root lists several containers side by side, and prints exactly what
/// listing them one after the other prints.
@MainActor
final class RootTreeListingTests: XCTestCase {
    var harness: TranscriptHarness!

    override func setUp() async throws { harness = try TranscriptHarness() }
    override func tearDown() async throws { harness.remove() }

    let containers = ["My Photos", "backups", "documents", "empty", "music", "photos"]

    func paths(_ output: String) throws -> [String] {
        try output.split(separator: "\n").map { line in
            let record = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            return try XCTUnwrap(record?["path"] as? String, String(line))
        }
    }

    func testTheRootIsEveryContainerInTurn() async throws {
        let oneByOne = try await harness.run(containers.map { "ls -R --json \"/\($0)\"" }.joined(separator: "\n"), quiet: true)
        let expected = try paths(oneByOne.stdout)
        XCTAssertEqual(expected.count, SampleData.objects.count)
        let atOnce = try await harness.run("ls -R --json /", quiet: true)
        XCTAssertEqual(try paths(atOnce.stdout), expected)
        let plain = try await harness.run("ls -R /", quiet: true)
        XCTAssertEqual(plain.stdout.split(separator: "\n").map(String.init), expected.map { String($0.dropFirst()) })
        let long = try await harness.run("ls -lR /", quiet: true)
        XCTAssertEqual(long.stdout.split(separator: "\n").count, expected.count)
    }

    func testContainersAreListedSideBySide() async throws {
        // The first container's listing waits until another container's has begun: one
        // after the other, it would wait for nothing but its bound (and fail).
        let gate = ListingGate(first: "My Photos")
        let run = try await harness.run("ls -R /", quiet: true, wrap: { store in ListingHookStore(base: store) { try await gate.enter($0) } })
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(gate.overlapped, "the first container was listed alone")
        XCTAssertEqual(run.stdout.split(separator: "\n").count, SampleData.objects.count)
    }
}

/// What the listings that pass through it saw (see `ListingHookStore`).
final class ListingGate: Sendable {
    let first: String
    private let listed = Mutex<Set<String>>([])
    private let sawAnother = Mutex(false)

    init(first: String) { self.first = first }

    var overlapped: Bool { sawAnother.withLock { $0 } }

    /// Notes `container`; the first container waits until another one is listed too.
    func enter(_ container: String) async throws {
        listed.withLock { _ = $0.insert(container) }
        guard container == first else { return }
        // A bound only a failing run reaches; a passing one waits for the state.
        let deadline = ContinuousClock.now + .seconds(20)
        while listed.withLock({ $0.count < 2 }) && ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(2))
        }
        if listed.withLock({ $0.count >= 2 }) { sawAnother.withLock { $0 = true } }
    }
}

/// A store that runs a test's hook (a gate, a hold) before each object listing.
final class ListingHookStore: ForwardingStore {
    let base: any ObjectStore
    let beforeListing: @Sendable (String) async throws -> Void

    init(base: any ObjectStore, beforeListing: @escaping @Sendable (String) async throws -> Void) {
        self.base = base
        self.beforeListing = beforeListing
    }

    func listObjects(in container: String, _ query: ListingQuery) async throws -> [ListingEntry] {
        try await beforeListing(container)
        return try await base.listObjects(in: container, query)
    }
}
