import Foundation
import Places
import Storage
import Transfers

/// What a sync needs to check where its names landed: the names sent, and how many
/// names DEST held besides them.
final class Landing: Sendable {
    private let state = Locked((sent: [String](), metInDestination: 0))

    func sent(_ name: String) { state.withLock { $0.sent.append(name) } }
    func metInDestination() { state.withLock { $0.metInDestination += 1 } }
    var sentNames: [String] { state.withLock { $0.sent } }
    var destinationNames: Int { state.withLock { $0.metInDestination } }
}

extension Synchronizer {
    /// Each name sent to a store that it holds under another key is taken off the
    /// names sent or copied, counted as failed and told.
    func checkLanding(_ landing: Landing, _ totals: Locked<SyncTotals>, _ event: @Sendable (SyncEvent) -> Void) async throws {
        let copies = if case .copy = route { true } else { false }
        let sameNames = totals.withLock { $0.same }
        for (name, key) in try await namesStoredElsewhere(landing.sentNames, destinationNames: landing.destinationNames + sameNames) {
            totals.withLock {
                if copies { $0.copied -= 1 } else { $0.sent -= 1 }
                $0.failed += 1
            }
            event(.failed(ObjectFailure(name: name, error: TransferError.storedUnderAnotherKey(name: name, key: key))))
        }
    }

    /// The names sent to a store that its listing does not show under the name sent,
    /// but under one of the usual rewritings of it (`\` turned into `/`, another Unicode
    /// normal form): such a server answers a HEAD of the name sent for the other key,
    /// so only the listing tells. Only names that have such a rewriting are looked up,
    /// and a name missing from the listing counts only when the other key is there: a
    /// listing that lags a PUT (Swift's may, under load) must not read as a failure.
    /// One probe a name when few are looked up, else one listing of DEST
    /// (`destinationNames` is how many names DEST held, to choose).
    func namesStoredElsewhere(_ sent: [String], destinationNames: Int) async throws -> [(name: String, key: String)] {
        let suspects = sent.filter { !Self.rewritings(of: $0).isEmpty }
        guard case .remote(let store, let folder) = comparison.destination, let container = folder.container, !suspects.isEmpty else {
            return []
        }
        let missing: [String]
        if suspects.count <= destinationNames / store.maximumPageSize + 1 {
            missing = try await suspects.asyncFilter { try await !Self.isListed(folder.objectName(for: $0), in: container, store) }
        } else {
            missing = try await unlisted(suspects.sorted { $0.precedesInByteOrder($1) })
        }
        var found: [(name: String, key: String)] = []
        for name in missing {
            for other in Self.rewritings(of: name) where try await Self.isListed(folder.objectName(for: other), in: container, store) {
                found.append((name, other))
                break
            }
        }
        return found
    }

    /// Whether the store's listing shows exactly `name`: the first name at or after it.
    static func isListed(_ name: String, in container: String, _ store: any ObjectStore) async throws -> Bool {
        let query = ListingQuery(prefix: name, limit: 1, namesOnly: true)
        guard case .object(let object) = try await store.listObjects(in: container, query).first else { return false }
        return object.name == name
    }

    /// Of `sorted` (in byte order), the names DEST's listing lacks, in one pass of it.
    func unlisted(_ sorted: [String]) async throws -> [String] {
        var missing: [String] = []
        var next = sorted[...]
        for try await page in PlacePages(comparison.destination) {
            for entry in page {
                while let name = next.first, name.precedesInByteOrder(entry.name) {
                    missing.append(name)
                    next = next.dropFirst()
                }
                if next.first == entry.name { next = next.dropFirst() }
            }
        }
        return missing + next
    }

    /// The keys servers are known to store a name under instead.
    static func rewritings(of name: String) -> [String] {
        let candidates = [
            name.replacingOccurrences(of: "\\", with: "/"), name.precomposedStringWithCanonicalMapping,
            name.decomposedStringWithCanonicalMapping,
        ]
        return candidates.filter { $0.utf8.elementsEqual(name.utf8) == false }
    }
}

extension Array where Element: Sendable {
    /// The elements that pass `isIncluded`, asked one after another.
    func asyncFilter(_ isIncluded: (Element) async throws -> Bool) async throws -> [Element] {
        var kept: [Element] = []
        for element in self where try await isIncluded(element) { kept.append(element) }
        return kept
    }
}
