import Storage

/// A Swift DLO's manifest is listed as an empty object, so its size and its being a
/// manifest are known only from a HEAD. `ls -l`, JSON and the panes ask here, so that
/// every view shows one size for one object.
public enum LargeObjectLookup {
    /// HEADs at once, at most: a page of empty objects should not become a burst.
    static let width = 8

    /// `objects` with each one the listing could not tell (`mayBeLargeObject`) looked
    /// up: a DLO gets its real size, ETag and kind. A failed lookup leaves the listing's
    /// facts, since the listing is still true of the manifest itself.
    public static func resolving(_ objects: [ObjectSummary], container: String, store: any ObjectStore) async -> [ObjectSummary] {
        let asked = objects.indices.filter { objects[$0].mayBeLargeObject && objects[$0].largeObject == nil }
        guard !asked.isEmpty else { return objects }
        var resolved = objects
        await withTaskGroup(of: (Int, ObjectInfo?).self) { group in
            var next = asked.makeIterator()
            func lookUpNext() {
                guard let index = next.next() else { return }
                let name = objects[index].name
                group.addTask { (index, try? await store.objectInfo(container: container, name: name)) }
            }
            for _ in 0..<width { lookUpNext() }
            while let (index, info) = await group.next() {
                if let info, let kind = info.largeObject {
                    resolved[index].bytes = info.bytes
                    resolved[index].etag = info.etag
                    resolved[index].largeObject = kind
                }
                lookUpNext()
            }
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
