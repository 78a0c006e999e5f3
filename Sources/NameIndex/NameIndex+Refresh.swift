import Foundation
import Listing
import Storage

/// What one `index` did.
public struct RefreshReport: Sendable, Equatable {
    /// Containers listed again, as they changed (or were new, or `--full` asked).
    public var listed: [String] = []
    /// Containers whose totals or first page said they had not changed.
    public var unchanged: [String] = []
    /// Containers gone from the account, forgotten.
    public var removed: [String] = []
    /// Names listed.
    public var names = 0
}

extension NameIndex {
    /// Builds or refreshes the index of `container` under `prefix` (the whole account
    /// with nil), listing only containers that changed unless `full`. `progress` hears
    /// each container listed and its names so far.
    ///
    /// A container changed when the account listing's count, bytes or last-modified
    /// (Swift) differ from what they were, or, where the store keeps no totals (S3, the
    /// file store), when its first listing page (names, sizes, dates, ETags) does.
    /// Each container is committed to the manifest once listed, so a stopped `index`
    /// keeps what it finished and the index as it was for the rest.
    public func refresh(
        store: any ObjectStore, container: String?, prefix: String = "", full: Bool = false,
        progress: @escaping @Sendable (String, Int) -> Void = { _, _ in }
    ) async throws -> RefreshReport {
        try await folder.whileLocked {
            var manifest = folder.readManifest() ?? IndexManifest()
            folder.removeStrays(keeping: manifest)
            var report = RefreshReport()
            let checked = Date()
            let summaries = try await Self.containers(of: store, only: container)
            if container == nil {
                for name in manifest.containers.keys.sorted() where !summaries.contains(where: { $0.name == name }) {
                    manifest.containers[name] = nil
                    report.removed.append(name)
                }
                try folder.write(manifest)
            }
            for summary in summaries {
                let old = manifest.containers[summary.name]
                // A narrower record is replaced; a wider one is refreshed whole.
                let place = old.map { prefix.hasBytePrefix($0.prefix) ? $0.prefix : prefix } ?? prefix
                if !full, var old, old.prefix == place, try await Self.isUnchanged(old, summary, store: store) {
                    // As current as this check: the age search reports is the last one's.
                    old.indexedAt = checked
                    manifest.containers[summary.name] = old
                    report.unchanged.append(summary.name)
                    continue
                }
                let record = try await list(summary, prefix: place, store: store, progress: progress)
                manifest.containers[summary.name] = record
                try folder.write(manifest)
                if let old { unlink(folder.path + "/" + old.file) }
                report.listed.append(summary.name)
                report.names += record.names
            }
            if container == nil { manifest.accountIndexedAt = Date() }
            try folder.write(manifest)
            folder.removeStrays(keeping: manifest)
            return report
        }
    }

    /// The account's containers as its listing gives them, or the one named (an error if
    /// it is not there).
    static func containers(of store: any ObjectStore, only name: String?) async throws -> [ContainerSummary] {
        var found: [ContainerSummary] = []
        for try await page in store.containerPages(prefix: name ?? "") {
            found += page.filter { name == nil || $0.name == name }
        }
        if let name, found.isEmpty { throw StorageError.noSuchContainer(name) }
        return found
    }

    /// Whether the server's facts of the container are what they were when it was listed.
    static func isUnchanged(_ record: ContainerRecord, _ summary: ContainerSummary, store: any ObjectStore) async throws -> Bool {
        if let count = summary.objectCount, let bytes = summary.bytes {
            return record.count == count && record.bytes == bytes && record.lastModified == summary.lastModified.map(Self.milliseconds)
        }
        guard let fingerprint = record.firstPage else { return false }
        let page = try await store.listObjects(in: summary.name, ListingQuery(prefix: record.prefix, limit: store.maximumPageSize))
        return PageFingerprint(page).text == fingerprint
    }

    /// A date as the manifest keeps it (milliseconds), so a read-back compares equal.
    static func milliseconds(_ date: Date) -> Date {
        Date(timeIntervalSince1970: (date.timeIntervalSince1970 * 1000).rounded() / 1000)
    }

    /// Lists one container (under `prefix`) into a new segment; returns its record.
    func list(
        _ summary: ContainerSummary, prefix: String, store: any ObjectStore, progress: @Sendable (String, Int) -> Void
    ) async throws -> ContainerRecord {
        let file = folder.newSegmentName(for: summary.name)
        let path = folder.path + "/" + file
        let writer = try SegmentWriter(path: path, blockEntries: blockEntries, chunkEntries: chunkEntries)
        let started = Date()
        var fingerprint: PageFingerprint?
        do {
            for try await page in ParallelListing(store: store, container: summary.name, prefix: prefix) {
                if fingerprint == nil { fingerprint = PageFingerprint(page) }
                for case .object(let object) in page { try writer.add(object) }
                progress(summary.name, writer.entryCount)
            }
        } catch {
            unlink(path)
            throw error
        }
        let diskBytes = try writer.finish()
        return ContainerRecord(
            file: file, prefix: prefix, indexedAt: started, names: writer.entryCount, diskBytes: diskBytes,
            count: summary.objectCount, bytes: summary.bytes, lastModified: summary.lastModified.map(Self.milliseconds),
            firstPage: fingerprint?.text ?? PageFingerprint([]).text)
    }
}

/// A hash of a listing page's names, sizes, dates and ETags (FNV-1a, 64 bits).
struct PageFingerprint {
    let text: String

    init(_ page: [ListingEntry]) {
        var parts: [String] = []
        for entry in page {
            switch entry {
            case .object(let object):
                parts.append("\(object.name)\u{0}\(object.bytes)\u{0}\(object.lastModified?.timeIntervalSince1970 ?? 0)\u{0}\(object.etag ?? "")")
            case .subdir(let name): parts.append(name)
            case .container(let summary): parts.append(summary.name)
            }
        }
        text = IndexLocation.hash(parts.joined(separator: "\u{1}"))
    }
}
