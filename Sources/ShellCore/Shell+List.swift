import Browser
import Foundation
import Rendering
import Storage

extension Shell {
    /// `ls [-l] [PATH]`: every entry, streamed page by page and written as it comes.
    func list(_ path: String?, long: Bool) async throws {
        if session.isInSearchMode && path == nil {
            return try await listSearchResults(long: long)
        }
        let target = try session.currentFolder.resolving(path ?? ".")
        let store = session.store
        guard let container = target.container else {
            for try await page in store.containerPages() {
                write(page.map { EntryLine(name: $0.name, isFolder: true, bytes: $0.bytes, date: nil) }, long: long)
            }
            return
        }
        var listedAny = false
        for try await page in store.objectPages(in: container, prefix: target.prefix, delimiter: "/") {
            let lines = page.compactMap { PaneEntry($0, in: target) }
                .map { EntryLine(name: $0.name, isFolder: $0.isFolder, bytes: $0.bytes, date: $0.lastModified) }
            listedAny = listedAny || !page.isEmpty
            write(lines, long: long)
        }
        guard !listedAny, target.segments.count > 1 else {
            if !listedAny, !(try await store.containerExists(container)) {
                throw BrowserError.notFound("\(container): no such container")
            }
            return
        }
        // Nothing under it as a folder: maybe an object, maybe nothing at all.
        let name = String(target.prefix.dropLast())
        do {
            let info = try await store.objectInfo(container: container, name: name)
            write([EntryLine(name: target.name ?? name, isFolder: false, bytes: info.bytes, date: info.lastModified)], long: long)
        } catch StorageError.noSuchObject {
            throw BrowserError.notFound("\(target.segments.dropFirst().joined(separator: "/")): no such file or folder in \(container)")
        }
    }

    func listSearchResults(long: Bool) async throws {
        guard let results = session.container.panes.last(where: { $0 is SearchPane }) as? SearchPane else { return }
        try await results.eachResult { page in
            write(page.map { EntryLine(name: $0.name, isFolder: $0.isFolder, bytes: $0.bytes, date: $0.lastModified) }, long: long)
        }
    }

    /// Writes one page: a line an entry, or columns on a terminal.
    func write(_ lines: [EntryLine], long: Bool) {
        guard !lines.isEmpty else { return }
        if long {
            output.write(lines.map(\.longText).joined(separator: "\n") + "\n")
        } else if settings.isTerminal {
            output.write(Columns.layout(lines.map(\.shortText), width: settings.width()).joined(separator: "\n") + "\n")
        } else {
            output.write(lines.map(\.shortText).joined(separator: "\n") + "\n")
        }
    }
}

/// One line of `ls`.
struct EntryLine {
    var name: String
    var isFolder: Bool
    var bytes: Int64?
    var date: Date?

    init(name: String, isFolder: Bool, bytes: Int64?, date: Date?) {
        self.name = name
        self.isFolder = isFolder
        self.bytes = bytes
        self.date = date
    }

    var shortText: String { TerminalEscaping.escape(name) + (isFolder ? "/" : "") }

    var longText: String {
        let size = isFolder ? "-" : (bytes.map { String($0) } ?? "-")
        let when = date.map(Self.format) ?? "-"
        return String(repeating: " ", count: max(0, 12 - size.count)) + size + "  "
            + when.padding(toLength: 16, withPad: " ", startingAt: 0) + "  " + shortText
    }

    static func format(_ date: Date) -> String {
        let seconds = time_t(date.timeIntervalSince1970)
        var parts = tm()
        var copy = seconds
        gmtime_r(&copy, &parts)
        return String(format: "%04d-%02d-%02d %02d:%02d", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1,
                      Int(parts.tm_mday), Int(parts.tm_hour), Int(parts.tm_min))
    }
}

/// Lays names out in columns, as `ls` does on a terminal.
enum Columns {
    static func layout(_ names: [String], width: Int) -> [String] {
        let widest = names.map { DisplayWidth.width(of: $0) }.max() ?? 0
        let column = widest + 2
        let perRow = max(1, width / max(column, 1))
        let rows = (names.count + perRow - 1) / perRow
        return (0..<rows).map { row in
            var line = ""
            for col in 0..<perRow {
                let index = col * rows + row
                guard index < names.count else { break }
                line += col == perRow - 1 || (col + 1) * rows + row >= names.count ? names[index] : DisplayWidth.pad(names[index], toWidth: column)
            }
            return line
        }
    }
}
