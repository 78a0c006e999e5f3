import Storage
import Workers

/// A Swift DLO's manifest is listed as an empty object, so its size and its being a
/// manifest are known only from a HEAD. `ls -l`, JSON, the panes, `get -r` and `rm -r`
/// ask here, so that every view shows one size for one object and only the objects a
/// listing cannot tell cost a request.
public enum LargeObjectLookup {
    /// HEADs at once, at most: a page of empty objects should not become a burst.
    static let width = 8

    /// Whether the listing tells all a download needs of `object`: a plain object with
    /// its ETag (the MD5 of its bytes) and size. A large object, or one that may be,
    /// needs a HEAD for its kind and what verifies it (segments, part size).
    public static func listingTellsAll(_ object: ObjectSummary) -> Bool {
        !object.isLargeObject && !object.mayBeLargeObject && object.largeObject == nil && object.etag != nil
    }

    /// What a download of the listed `object` needs: the listing's facts when they are
    /// the whole truth (see `listingTellsAll`), else the object's HEAD. The listing's
    /// ETag is held to the bytes all the same: the read sends it as `If-Match` and the
    /// download checks the MD5 against it.
    public static func objectInfo(of object: ObjectSummary, container: String, store: any ObjectStore) async throws -> ObjectInfo {
        guard listingTellsAll(object), let etag = object.etag else {
            return try await store.objectInfo(container: container, name: object.name)
        }
        return ObjectInfo(
            container: container, name: object.name, bytes: object.bytes, contentType: object.contentType,
            etag: etag, lastModified: object.lastModified)
    }

    /// `objects` with each one the listing could not tell (`mayBeLargeObject`) looked
    /// up: a DLO gets its real size, ETag and kind; one the lookup found plain is no
    /// longer marked as maybe large. A failed lookup leaves the listing's facts, since
    /// the listing is still true of the manifest itself.
    public static func resolving(_ objects: [ObjectSummary], container: String, store: any ObjectStore) async -> [ObjectSummary] {
        let asked = objects.indices.filter { objects[$0].mayBeLargeObject && objects[$0].largeObject == nil }
        guard !asked.isEmpty else { return objects }
        let infos = await WorkerPool.mapAllowingFailures(asked, limit: width) { index in
            try await store.objectInfo(container: container, name: objects[index].name)
        }
        var resolved = objects
        for (index, info) in zip(asked, infos) {
            if let info { resolved[index].apply(info) }
        }
        return resolved
    }

    /// A listing page with its objects looked up, the rest as they were.
    public static func resolving(_ page: [ListingEntry], container: String, store: any ObjectStore) async -> [ListingEntry] {
        let objects = page.compactMap { entry -> ObjectSummary? in if case .object(let object) = entry { object } else { nil } }
        guard objects.contains(where: \.mayBeLargeObject) else { return page }
        var looked = await resolving(objects, container: container, store: store).makeIterator()
        return page.map { entry in
            guard case .object = entry, let object = looked.next() else { return entry }
            return .object(object)
        }
    }
}

extension ObjectSummary {
    /// What a HEAD told of a listed object that may have been a large one.
    mutating func apply(_ info: ObjectInfo) {
        guard let kind = info.largeObject else {
            mayBeLargeObject = false
            return
        }
        bytes = info.bytes
        etag = info.etag
        largeObject = kind
    }
}
