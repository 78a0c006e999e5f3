import Browser
import Rendering
import Storage

/// Writes listings as `ls` shows them, in the style asked for: names, long lines or JSON.
/// One writer serves one listing, so its columns keep one width from page to page.
@MainActor
final class EntryWriter {
    let console: Console
    let style: ListStyle
    private var columns: Columns
    /// The objects written by `write(_:of:)` so far, for `ls -l`'s closing `total`.
    private(set) var totals = ListTotals()

    init(console: Console, style: ListStyle) {
        self.console = console
        self.style = style
        columns = Columns(width: console.settings.streams.output.width())
    }

    /// Writes one page of entries in this listing's columns.
    func writeEntries(_ lines: [EntryLine]) {
        console.writeEntries(lines, long: style.long, human: style.human, columns: &columns)
    }

    /// One listing page of `folder`: its entries, or with `-R` its objects named from it.
    func write(_ page: [ListingEntry], of folder: Location) {
        // The folder's own marker is the folder, not something under it.
        totals.add(
            page.compactMap { entry in
                guard case .object(let object) = entry, object.name != folder.prefix else { return nil }
                return object
            })
        guard style.recursive else {
            if style.json { return console.writeJSON(page.compactMap { JSONRecord.entry($0, in: folder) }) }
            return writeEntries(page.compactMap { EntryLine($0, in: folder) })
        }
        // The folder's own marker is the folder, not something under it.
        let objects = page.compactMap { entry -> ObjectSummary? in
            guard case .object(let object) = entry, object.name != folder.prefix else { return nil }
            return object
        }
        writeTree(objects, container: folder.container!, namedFrom: folder)
    }

    /// Objects of `container`, named relative to `base` (`CONTAINER/NAME` from the root).
    func writeTree(_ objects: [ObjectSummary], container: String, namedFrom base: Location) {
        writeObjects(objects.map { (container, $0) }, namedFrom: base)
    }

    /// Objects of any container, each named relative to `base`.
    func writeObjects(_ objects: [(container: String, object: ObjectSummary)], namedFrom base: Location) {
        let names = objects.map { base.relativeName(of: $0.object.name, in: $0.container) }
        if style.json {
            return console.writeJSON(zip(objects, names).map { JSONRecord.result($0.object, container: $0.container, name: $1) })
        }
        writeEntries(zip(objects, names).map { EntryLine(name: $1, object: $0.object) })
    }

    /// The account's containers, after its totals with `-l`, as `ls -l` starts with `total`.
    func writeContainers(of session: BrowserSession) async throws {
        if style.long && !style.json { try await writeAccountTotals(of: session) }
        try await session.eachContainerPage { page in
            if style.json { return console.writeJSON(page.map(JSONRecord.container)) }
            writeEntries(page.map { EntryLine(name: $0.name, isFolder: true, bytes: $0.bytes, date: nil, count: $0.objectCount) })
        }
    }

    /// `ls -l` of a folder ends with its totals, counted as the listing streamed by
    /// (the root's come first: the account keeps them).
    func writeFolderTotals() {
        let bytes = EntryLine.size(totals.bytes, human: style.human) + (style.human ? "" : " bytes")
        console.write("total " + ScreenComposer.counted(totals.objects, "object") + ", " + bytes + "\n")
    }

    func writeAccountTotals(of session: BrowserSession) async throws {
        let info = try await session.accountInfo()
        // A store that cannot tell a total without a walk leaves it out.
        var parts = [ScreenComposer.counted(info.containerCount, "container")]
        if let objects = info.objectCount { parts.append(ScreenComposer.counted(objects, "object")) }
        if let bytes = info.bytes { parts.append(EntryLine.size(bytes, human: style.human) + (style.human ? "" : " bytes")) }
        console.write("total " + parts.joined(separator: ", ") + "\n")
    }

    /// `ls -R` at the root: every container's objects, named `CONTAINER/NAME`.
    func writeEveryObject(of session: BrowserSession) async throws {
        try await session.eachObjectPageOfTheAccount(sizes: style.showsSizes) { container, objects in
            writeTree(objects, container: container, namedFrom: .root)
        }
    }

    /// A path with nothing under it as a folder: an empty container (nothing to write),
    /// an object (written as itself), or nothing at all (not found).
    func writeNothingUnder(_ target: Location, of session: BrowserSession) async throws {
        guard case .object(let info, _) = try await session.resolve(target, probe: .objectFirst) else { return }
        if style.json { return console.writeJSON([JSONRecord.object(info, segments: nil)]) }
        writeEntries([
            EntryLine(
                name: target.name ?? info.name, isFolder: false, bytes: info.bytes, date: info.lastModified,
                manifest: info.largeObject.map(EntryLine.describe))
        ])
    }

    /// `ls` in search mode: the results, as the pane holds them when it holds them all.
    func writeSearchResults(of session: BrowserSession) async throws {
        guard let results = session.searchResults else { return }
        if style.json { return try await writeJSONResults(of: results) }
        let lines = { (page: [PaneEntry]) in page.map { EntryLine(name: $0.name, isFolder: $0.isFolder, bytes: $0.bytes, date: $0.lastModified) } }
        // A finished search the pane holds whole is printed as shown, not run again.
        if let all = results.allResults { return writeEntries(lines(all)) }
        try await results.eachResult { page in writeEntries(lines(page)) }
    }

    /// Every result of a search as JSON Lines, streamed as found.
    func writeJSONResults(of search: SearchPane) async throws {
        try await search.eachMatch { container, objects in
            console.writeJSON(
                objects.map { object in
                    JSONRecord.result(object, container: container, name: SearchPane.resultName(container: container, object: object.name))
                })
        }
    }
}
