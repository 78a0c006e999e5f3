import Foundation
import Storage
import StorageHTTP

extension S3Store {
    /// ListBuckets gives every bucket at once; prefix, marker and limit are applied here.
    public func listContainers(_ query: ListingQuery) async throws -> [ContainerSummary] {
        let names = try await bucketNames()
        return names.filter { $0.hasPrefix(query.prefix) && (query.marker.isEmpty || query.marker.precedesInByteOrder($0)) }
            .sorted { $0.precedesInByteOrder($1) }
            .prefix(max(query.limit, 1))
            .map { ContainerSummary(name: $0, objectCount: nil, bytes: nil) }
    }

    func bucketNames() async throws -> [String] {
        let response = try await send(.GET, S3Target())
        guard response.status == 200 else { throw failure(response) }
        return try S3Answers.buckets(Data(response.body.readableBytesView))
    }

    /// ListObjectsV2 pages (each at most 1,000 keys) until `limit` entries or the end;
    /// `marker` becomes `start-after`, past the whole pseudo-folder when it is one.
    /// S3 has no end marker: paging stops at the first key at or past `endBefore`.
    /// Nor has it a names-only listing: `namesOnly` drops the details it sends.
    public func listObjects(in container: String, _ query: ListingQuery) async throws -> [ListingEntry] {
        let limit = min(max(query.limit, 1), maximumPageSize)
        var entries: [ListingEntry] = []
        var token: String?
        repeat {
            let page = try await listPage(container, query, wanted: limit - entries.count, continuation: token)
            let merged = Self.merged(page).filter { query.marker.isEmpty || query.marker.precedesInByteOrder($0.name) }
            let inRange = merged.prefix { query.isBeforeEnd($0.name) }
            entries += inRange
            token = page.isTruncated && inRange.count == merged.count ? page.nextContinuationToken : nil
        } while token != nil && entries.count < limit
        // ListObjectsV2 always sends the details; a names-only listing drops them.
        let page = entries.prefix(limit)
        return query.namesOnly ? page.map(\.nameOnly) : Array(page)
    }

    func listPage(_ container: String, _ query: ListingQuery, wanted: Int, continuation: String?) async throws -> S3Answers.ObjectPage {
        var items: [(name: String, value: String)] = [("list-type", "2"), ("max-keys", String(wanted))]
        if !query.prefix.isEmpty { items.append(("prefix", query.prefix)) }
        if let delimiter = query.delimiter { items.append(("delimiter", String(delimiter))) }
        if let continuation {
            items.append(("continuation-token", continuation))
        } else if !query.marker.isEmpty {
            items.append(("start-after", Self.startAfter(query.marker, delimiter: query.delimiter)))
        }
        let response = try await send(.GET, S3Target(bucket: container, query: items))
        guard response.status == 200 else { throw failure(response, bucket: container) }
        return try S3Answers.objectPage(Data(response.body.readableBytesView))
    }

    /// After a pseudo-folder `a/`, the next entry is past every key under it: `a/`
    /// followed by the highest code point sorts after them (keys are UTF-8).
    static func startAfter(_ marker: String, delimiter: Character?) -> String {
        guard let delimiter, marker.last == delimiter else { return marker }
        return marker + "\u{10FFFF}"
    }

    /// Objects and common prefixes in one list, sorted by the UTF-8 bytes of their names.
    static func merged(_ page: S3Answers.ObjectPage) -> [ListingEntry] {
        (page.objects.map(ListingEntry.object) + page.prefixes.map(ListingEntry.subdir))
            .sorted { $0.name.precedesInByteOrder($1.name) }
    }
}
