import Foundation

/// One line of `ls` (and `lls`): a name, and for `-l` its size, date or count.
public struct EntryLine: Sendable, Equatable {
    public var name: String
    public var isFolder: Bool
    public var bytes: Int64?
    public var date: Date?
    /// Objects in a container, from the account listing (`ls -l` at the root).
    public var count: Int?
    /// The mark of a large object's manifest, worded (`static manifest`), when known.
    public var manifest: String?

    public init(name: String, isFolder: Bool, bytes: Int64?, date: Date?, count: Int? = nil, manifest: String? = nil) {
        self.name = name
        self.isFolder = isFolder
        self.bytes = bytes
        self.date = date
        self.count = count
        self.manifest = manifest
    }

    /// The name, escaped for the terminal, a folder's with `/`.
    public var shortText: String { TerminalEscaping.escape(name) + (isFolder ? "/" : "") }

    /// The name, a folder's painted as the panes paint it when `color`.
    public func shortText(color: Bool) -> String { color && isFolder ? TerminalColor.folder(shortText) : shortText }

    /// `SIZE  DATE  NAME`; a container's `SIZE  COUNT  NAME/`; `human` sizes as `ls -h`.
    /// Every column has a fixed width, so lines streamed page by page stay aligned.
    public func longText(human: Bool, color: Bool = false) -> String {
        let size = (isFolder && count == nil) ? "-" : bytes.map { Self.size($0, human: human) } ?? "-"
        let middle =
            count.map { String($0).leftPadded(to: 10) }
            ?? (date.map(ISODate.format) ?? "-").padding(toLength: 20, withPad: " ", startingAt: 0)
        let mark = manifest.map { "  [" + TerminalEscaping.escape($0) + "]" } ?? ""
        return size.leftPadded(to: 12) + "  " + middle + "  " + shortText(color: color) + mark
    }

    /// A size as `ls -l` prints it: the number, or with `human` the one byte format.
    public static func size(_ bytes: Int64, human: Bool) -> String {
        human ? ByteCountText.format(bytes) : String(bytes)
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        String(repeating: " ", count: max(0, width - count)) + self
    }
}
