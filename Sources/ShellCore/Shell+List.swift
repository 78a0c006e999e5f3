import Browser
import Foundation
import Listing
import Rendering
import Storage

extension Shell {
    /// `ls [-l] [-h] [--json] [PATH]`: every entry, streamed page by page and written as it
    /// comes; a large folder is listed as key ranges side by side (`ParallelListing`).
    func list(_ path: String?, long: Bool, human: Bool = false, json: Bool = false, recursive: Bool = false) async throws {
        if session.isInSearchMode && path == nil {
            return try await listSearchResults(long: long, human: human, json: json)
        }
        let target = try session.currentFolder.resolving(path ?? ".")
        if recursive { return try await listTree(target, long: long, human: human, json: json) }
        let store = session.store
        guard let container = target.container else {
            if long && !json { try await writeAccountTotals(human: human) }
            for try await page in store.containerPages() {
                if json {
                    writeJSON(page.map(JSONRecord.container))
                } else {
                    write(page.map { EntryLine(name: $0.name, isFolder: true, bytes: $0.bytes, date: nil, count: $0.objectCount) }, long: long, human: human)
                }
            }
            return
        }
        var listedAny = false
        // Plain `ls` prints names alone: the store may spare itself sizes and dates.
        let listing = ParallelListing(store: store, container: container, prefix: target.prefix, delimiter: "/", namesOnly: !(long || json))
        for try await listed in listing {
            listedAny = listedAny || !listed.isEmpty
            // Sizes are shown: an empty object that may be a DLO is looked up first.
            let page = long || json ? await LargeObjectLookup.resolving(listed, container: container, store: store) : listed
            if json {
                writeJSON(page.compactMap { JSONRecord.entry($0, in: target) })
            } else {
                write(page.compactMap { EntryLine($0, in: target) }, long: long, human: human)
            }
        }
        if !listedAny { try await listNothingUnder(target, long: long, human: human, json: json) }
    }

    /// A path with nothing under it as a folder: an empty container, an object (listed
    /// as itself), or nothing at all (an error).
    func listNothingUnder(_ target: Location, long: Bool, human: Bool, json: Bool) async throws {
        guard case .object(let info, _) = try await session.resolve(target, probe: .objectFirst) else { return }
        if json { return writeJSON([JSONRecord.object(info, segments: nil)]) }
        write([EntryLine(name: target.name ?? info.name, isFolder: false, bytes: info.bytes, date: info.lastModified,
                         manifest: info.largeObject)], long: long, human: human)
    }

    func listSearchResults(long: Bool, human: Bool, json: Bool) async throws {
        guard let results = session.container.panes.last(where: { $0 is SearchPane }) as? SearchPane else { return }
        if json { return try await writeJSONResults(of: results) }
        let lines = { (page: [PaneEntry]) in page.map { EntryLine(name: $0.name, isFolder: $0.isFolder, bytes: $0.bytes, date: $0.lastModified) } }
        // A finished search the pane holds whole is printed as shown, not run again.
        if let all = results.allResults { return write(lines(all), long: long, human: human) }
        try await results.eachResult { page in write(lines(page), long: long, human: human) }
    }

    /// Writes one page of JSON Lines records with one write.
    func writeJSON(_ records: [JSONLine]) {
        guard !records.isEmpty else { return }
        var page: [UInt8] = []
        page.reserveCapacity(records.count * 256)
        for record in records { record.append(to: &page) }
        _ = page.withUnsafeBytes { output.writeBytes($0) }
    }

    /// `ls -l` at the root: the account's totals first, as `ls -l` starts with `total`.
    func writeAccountTotals(human: Bool) async throws {
        let info = try await session.store.accountInfo()
        // A store that cannot tell a total without a walk leaves it out.
        var parts = ["\(info.containerCount) containers"]
        if let objects = info.objectCount { parts.append("\(objects) objects") }
        if let bytes = info.bytes { parts.append(EntryLine.size(bytes, human: human) + (human ? "" : " bytes")) }
        output.write("total " + parts.joined(separator: ", ") + "\n")
    }

    /// Writes one page: a line an entry, or columns on a terminal.
    func write(_ lines: [EntryLine], long: Bool, human: Bool = false) {
        guard !lines.isEmpty else { return }
        let color = settings.color
        if long {
            output.write(lines.map { $0.longText(human: human, color: color) }.joined(separator: "\n") + "\n")
        } else if settings.isTerminal {
            let painted = color ? lines.map { $0.shortText(color: true) } : nil
            output.write(Columns.layout(lines.map(\.shortText), width: settings.width(), painted: painted).joined(separator: "\n") + "\n")
        } else {
            output.write(lines.map { $0.shortText(color: color) }.joined(separator: "\n") + "\n")
        }
    }
}

/// One line of `ls`.
struct EntryLine {
    var name: String
    var isFolder: Bool
    var bytes: Int64?
    var date: Date?
    /// Objects in a container, from the account listing (`ls -l` at the root).
    var count: Int?
    /// What kind of large object's manifest the object is, when known.
    var manifest: LargeObjectKind?

    init(name: String, isFolder: Bool, bytes: Int64?, date: Date?, count: Int? = nil, manifest: LargeObjectKind? = nil) {
        self.name = name
        self.isFolder = isFolder
        self.bytes = bytes
        self.date = date
        self.count = count
        self.manifest = manifest
    }

    /// A listing entry as the panes name it, nil for the folder itself.
    init?(_ entry: ListingEntry, in folder: Location) {
        guard let pane = PaneEntry(entry, in: folder) else { return nil }
        var manifest: LargeObjectKind?
        if case .object(let object) = entry { manifest = object.manifestKind }
        self.init(name: pane.name, isFolder: pane.isFolder, bytes: pane.bytes, date: pane.lastModified, manifest: manifest)
    }

    var shortText: String { TerminalEscaping.escape(name) + (isFolder ? "/" : "") }

    /// The name, a folder's painted as the panes paint it when `color`.
    func shortText(color: Bool) -> String { color && isFolder ? TerminalColor.folder(shortText) : shortText }

    /// `SIZE  DATE  NAME`; a container's `SIZE  COUNT  NAME/`; `human` sizes as `ls -h`.
    func longText(human: Bool, color: Bool = false) -> String {
        let size = (isFolder && count == nil) ? "-" : bytes.map { Self.size($0, human: human) } ?? "-"
        let middle = count.map { String($0).leftPadded(to: 10) } ?? (date.map(ISODate.format) ?? "-").padding(toLength: 20, withPad: " ", startingAt: 0)
        return size.leftPadded(to: 12) + "  " + middle + "  " + shortText(color: color) + (manifest.map { "  [" + Self.describe($0) + "]" } ?? "")
    }

    /// The mark of a manifest in `ls -l`, as `info` names it.
    static func describe(_ kind: LargeObjectKind) -> String {
        switch kind {
        case .staticManifest: "static manifest"
        case .dynamicManifest(let segments): "dynamic manifest: " + TerminalEscaping.escape(segments)
        case .multipartUpload(let parts, _): "multipart: \(parts) parts"
        }
    }

    static func size(_ bytes: Int64, human: Bool) -> String {
        human ? ByteCountText.format(bytes) : String(bytes)
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        String(repeating: " ", count: max(0, width - count)) + self
    }
}

/// Lays names out in columns, as `ls` does on a terminal.
enum Columns {
    /// `painted`, when given, is what is printed for each name (its width is the name's).
    static func layout(_ names: [String], width: Int, painted: [String]? = nil) -> [String] {
        let widest = names.map { DisplayWidth.width(of: $0) }.max() ?? 0
        let column = widest + 2
        let perRow = max(1, width / max(column, 1))
        let rows = (names.count + perRow - 1) / perRow
        return (0..<rows).map { row in
            var line = ""
            for col in 0..<perRow {
                let index = col * rows + row
                guard index < names.count else { break }
                let text = painted?[index] ?? names[index]
                let isLast = col == perRow - 1 || (col + 1) * rows + row >= names.count
                line += isLast ? text : text + String(repeating: " ", count: max(0, column - DisplayWidth.width(of: names[index])))
            }
            return line
        }
    }
}
