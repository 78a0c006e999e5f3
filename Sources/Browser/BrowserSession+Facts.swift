import Listing
import NameIndex
import Rendering
import Storage

// The façade commands read and change the account through: facts, listings, versions
// and links on this session's store, so no command holds the store itself (the
// transfer engines are bound to it in ShellCore's SessionEngines).
extension BrowserSession {
    public func accountInfo() async throws -> AccountInfo { try await store.accountInfo() }

    public func containerInfo(_ name: String) async throws -> ContainerInfo { try await store.containerInfo(name) }

    /// How many objects a folder holds, all levels down, and their bytes.
    public func folderTotals(_ location: Location) async throws -> (objects: Int, bytes: Int64) {
        try await InfoPane.folderTotals(location, store: store)
    }

    /// How many segments a large object has, counted as its info pane counts them.
    public func segmentCount(of info: ObjectInfo) async throws -> Int? {
        switch info.largeObject {
        case .staticManifest: try await store.segments(ofObject: info.container, name: info.name)?.count
        case .dynamicManifest(let manifest): try await InfoPane.dynamicSegmentSizes(manifest, store: store)?.1.count
        case .multipartUpload(let parts, _): parts
        case nil: nil
        }
    }

    /// The facts of what a path named, as its info pane shows them (no second HEAD).
    public func infoSheet(for target: Target) async throws -> InfoSheet {
        let info: InfoTarget =
            switch target {
            case .account: .account(cluster: clusterName)
            case .container(let name, _): .container(name)
            case .folder(let location): .folder(location)
            case .object(let object, _): .object(object)
            }
        return try await InfoPane.sheet(for: info, store: store)
    }

    /// The facts an info pane holds, fetched now if it holds none (nothing shows the panes).
    public func infoSheet(of pane: InfoPane) async throws -> InfoSheet {
        if case .sheet(let sheet, _)? = pane.content { return sheet }
        return try await InfoPane.sheet(for: pane.target, store: store)
    }

    /// Every container of the account, a page at a time.
    public func eachContainerPage(_ body: ([ContainerSummary]) throws -> Void) async throws {
        for try await page in store.containerPages() { try body(page) }
    }

    /// Every entry under a container or folder, a page at a time, listed as key ranges
    /// side by side (`ParallelListing`): one level (folded at `/`) or, `recursive`, every
    /// object at any depth. With `sizes`, an entry that may be a DLO is looked up first,
    /// so every view shows one size for one object; without, the store may leave sizes out.
    public func eachEntryPage(
        under folder: Location, recursive: Bool = false, sizes: Bool, lookingUp: Bool? = nil,
        _ body: ([ListingEntry]) throws -> Void
    ) async throws {
        guard let container = folder.container else { preconditionFailure("the account lists through eachContainerPage") }
        let listing = ParallelListing(
            store: store, container: container, prefix: folder.prefix,
            delimiter: recursive ? nil : "/", namesOnly: !sizes)
        for try await listed in listing {
            try body(lookingUp ?? sizes ? await LargeObjectLookup.resolving(listed, container: container, store: store) : listed)
        }
    }

    /// Every object of every container, a page at a time in byte order (see `AccountWalk`).
    public func eachObjectPageOfTheAccount(sizes: Bool, _ body: (String, [ObjectSummary]) throws -> Void) async throws {
        var containers: [String] = []
        try await eachContainerPage { page in containers += page.map(\.name) }
        try await AccountWalk(store: store, containers: containers).eachPage(lookingUpSizes: sizes, body)
    }

    /// The results pane of search mode, if searching.
    public var searchResults: SearchPane? { container.panes.last { $0 is SearchPane } as? SearchPane }

    /// A search run apart from the panes (`search --json`), over `scope`: from the local
    /// index when it covers the scope, unless `live`.
    public func detachedSearch(
        _ term: String, in scope: Location, filter: SearchFilter = SearchFilter(), live: Bool = false, from place: SessionPlace? = nil
    ) -> SearchPane {
        let covering = live ? nil : nameIndex?.coverage(container: scope.container, prefix: scope.prefix)
        let openedFrom = (place ?? self.place).folder
        return SearchPane(store: store, term: term, scope: scope, openedFrom: openedFrom, filter: filter, index: covering)
    }

    /// Deletes one object; `noSuchObject` when there is none of that name.
    @discardableResult
    public func deleteObject(at location: Location) async throws -> DeleteOutcome {
        try await store.deleteObject(container: location.container!, name: String(location.prefix.dropLast()))
    }

    /// One object's facts by name, of one version when `version` is given.
    public func objectInfo(container: String, name: String, version: String? = nil) async throws -> ObjectInfo {
        try await store.objectInfo(container: container, name: name, version: version)
    }

    /// The facts of one object, as its info pane shows them.
    public func infoSheet(ofObject info: ObjectInfo) async throws -> InfoSheet {
        try await InfoPane.sheet(for: .object(info), store: store)
    }

    /// The versions of one object, newest first.
    public func versions(of name: String, in container: String) async throws -> [ObjectVersion] {
        try await store.versions(of: name, in: container)
    }

    /// Every version under `prefix` of `container`, a page at a time, while `body` says go on.
    public func eachVersionPage(in container: String, prefix: String, _ body: sending ([ObjectVersion]) throws -> Bool) async throws {
        try await store.eachVersionPage(in: container, prefix: prefix, receive: body)
    }

    /// What the old versions under a container or folder hold; nil where the container
    /// keeps none (see `OldVersions.under`).
    public func oldVersions(under place: Location, versioning: VersioningState?) async throws -> OldVersions? {
        try await OldVersions.under(place, versioning: versioning, store: store)
    }

    /// Turns keeping versions on or off for a container.
    public func setVersioning(_ isOn: Bool, container: String) async throws {
        try await store.setVersioning(isOn, container: container)
    }

    /// Deletes one version of one object.
    public func deleteVersion(container: String, name: String, version: String) async throws {
        try await store.deleteVersion(container: container, name: name, version: version)
    }

    /// Makes `source` (an older version) current again by a copy on the server.
    public func restore(_ source: ObjectInfo) async throws {
        _ = try await store.copyObject(source, toContainer: source.container, name: source.name)
    }

    /// Refreshes `index` (this session's index of names) from the store: `container`, or
    /// every container; `progress` hears each container's name and names listed so far.
    public func refresh(
        _ index: NameIndex, container: String?, prefix: String, full: Bool, progress: @escaping @Sendable (String, Int) -> Void
    ) async throws -> RefreshReport {
        try await index.refresh(store: store, container: container, prefix: prefix, full: full, progress: progress)
    }

    /// A link to one object that works without credentials until it expires (see `ObjectStore.shareLink`).
    public func shareLink(_ request: ShareRequest) async throws -> ShareLink { try await store.shareLink(request) }

    /// Stores a new random key for share links on the account; it is never returned.
    public func setShareKey() async throws { try await store.setShareKey() }

    /// Changes an object's metadata and content type on the server (see `ObjectStore.updateMetadata`).
    public func updateMetadata(of info: ObjectInfo, _ change: MetadataChange) async throws -> ObjectInfo {
        try await store.updateMetadata(info, change: change)
    }

    /// What a transfer of a listed object needs: the listing's facts, or a HEAD where
    /// they may not tell all (a possible large object).
    public func objectInfo(of object: ObjectSummary, in container: String) async throws -> ObjectInfo {
        try await LargeObjectLookup.objectInfo(of: object, container: container, store: store)
    }

    /// The kind of store it browses (`swift`, `s3`, `file`), for words that name it.
    public var storeKind: String { store.kind }

    /// Creates a container unless it is there already.
    public func ensureContainer(_ name: String) async throws {
        do { try await store.createContainer(name) } catch StorageError.containerExists {}
    }
}

extension BrowserSession {
    /// A reader of ranges of one object, for `head` and `tail`.
    public func reader(of info: ObjectInfo) -> ObjectReader { ObjectReader(store: store, info: info) }
}
