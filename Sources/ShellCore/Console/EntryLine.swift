import Foundation
import Rendering
import Storage
import Browser

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
