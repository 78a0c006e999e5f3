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
        var lastName: String?
        var emptyPages = 0
        repeat {
            let page = try await listPage(container, query, wanted: limit - entries.count, continuation: token)
            let all = Self.merged(page)
            try Self.ensureAdvances(page, all.last?.name, past: (token, lastName), in: container)
            emptyPages = all.isEmpty ? emptyPages + 1 : 0
            if page.isTruncated && emptyPages >= Self.emptyPagesBound {
                throw StorageError.listingStuck(container: container, after: lastName ?? "")
            }
            lastName = all.last?.name ?? lastName
            let merged = all.filter { query.marker.isEmpty || query.marker.precedesInByteOrder($0.name) }
            let inRange = merged.prefix { query.isBeforeEnd($0.name) }
            entries += inRange
            token = page.isTruncated && inRange.count == merged.count ? page.nextContinuationToken : nil
        } while token != nil && entries.count < limit
        // ListObjectsV2 always sends the details; a names-only listing drops them.
        let page = entries.prefix(limit)
        return query.namesOnly ? page.map(\.nameOnly) : Array(page)
    }

    /// Truncated pages with nothing in them, one after another, that end a listing as
    /// stuck: fresh tokens that never bring an entry would page forever. A store may send
    /// a few (RGW skips deleted or hidden keys a page at a time); 100 in a row are far
    /// past those and cost a second or so of requests, well within a read timeout.
    static let emptyPagesBound = 100

    /// A page must go past the one before it: a continuation token sent again, or a
    /// last name not after the previous page's, would have the loop page forever.
    static func ensureAdvances(
        _ page: S3Answers.ObjectPage, _ last: String?, past previous: (token: String?, last: String?), in container: String
    ) throws {
        let repeatsToken = page.isTruncated && page.nextContinuationToken != nil && page.nextContinuationToken == previous.token
        var goesBack = false
        if let last, let earlier = previous.last { goesBack = !earlier.precedesInByteOrder(last) }
        if repeatsToken || goesBack { throw StorageError.listingStuck(container: container, after: previous.last ?? "") }
    }

    /// One page of ListObjectsV2, or of ListObjects (V1) where the cluster says so or
    /// the server refused V2 (then V1 for the rest of the session). `continuation` is a
    /// continuation token for V2, a marker for V1.
    func listPage(_ container: String, _ query: ListingQuery, wanted: Int, continuation: String?) async throws -> S3Answers.ObjectPage {
        let version = listVersion.withLock { $0 }
        // Keys come percent-encoded, so that one holding a control character fits in XML.
        let items = Self.listQuery(query, version: version, wanted: wanted, continuation: continuation) + [("encoding-type", "url")]
        let response = try await send(.GET, S3Target(bucket: container, query: items))
        if version == 2, Self.refusesListV2(response) {
            listVersion.withLock { $0 = 1 }
            return try await listPage(container, query, wanted: wanted, continuation: continuation)
        }
        guard response.status == 200 else { throw failure(response, bucket: container) }
        var page = try S3Answers.objectPage(Data(response.body.readableBytesView))
        if version == 1 { page.nextContinuationToken = page.isTruncated ? page.nextMarker : nil }
        return page
    }

    static func listQuery(_ query: ListingQuery, version: Int, wanted: Int, continuation: String?) -> [(name: String, value: String)] {
        var items: [(name: String, value: String)] = version == 2 ? [("list-type", "2")] : []
        items.append(("max-keys", String(wanted)))
        if !query.prefix.isEmpty { items.append(("prefix", query.prefix)) }
        if let delimiter = query.delimiter { items.append(("delimiter", String(delimiter))) }
        if version == 2, let continuation {
            items.append(("continuation-token", continuation))
        } else if let after = continuation ?? (query.marker.isEmpty ? nil : query.marker) {
            // A V1 marker that is a common prefix goes past the keys it folds, as start-after does.
            items.append((version == 2 ? "start-after" : "marker", Self.startAfter(after, delimiter: query.delimiter)))
        }
        return items
    }

    /// A server without ListObjectsV2 answers `list-type=2` with 501, or 400
    /// NotImplemented / InvalidArgument (GCS's XML API, older stores).
    static func refusesListV2(_ response: HTTPExchangeResponse) -> Bool {
        if response.status == 501 { return true }
        guard response.status == 400, let code = S3Answers.error(Data(response.body.readableBytesView))?.code else { return false }
        return code == "NotImplemented" || code == "InvalidArgument"
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
