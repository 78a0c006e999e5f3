import Rendering
import Storage

/// The start of an object, as its info pane shows it under the facts: text lines, or
/// why there are none (binary content, an empty object, a read that failed).
///
/// It costs one request at most: a GET of the first `readBytes` with `Range`, pinned
/// with `If-Match` to the ETag the facts show, so the lines are those of the version
/// described. A large object (SLO, DLO, S3 multipart) is read the same way: a range of
/// its manifest's name is a range of its content, on Swift and S3 alike.
public enum ObjectPreview: Sendable, Equatable {
    /// The first lines, printable already (see `PreviewLines`).
    case text([String])
    /// Content not to be shown as text, with its type and whole size.
    case binary(contentType: String, bytes: Int64)
    /// An object of no bytes (nothing was read).
    case empty
    /// A pseudo-folder's marker object (nothing was read).
    case folderMarker
    /// The read failed; the facts stand. `noSuchObject` when the object went after its
    /// HEAD, `changed` when another version replaced it.
    case unreadable(StorageError)

    /// How much is read: 8 KiB. A pane shows at most a screen of lines (56 on a 60-row
    /// terminal, 146 bytes each), and 8 KiB and the answer's headers still arrive in the
    /// first round trip of a new connection (TCP's initial window of 10 segments, about
    /// 14 KiB), so a larger read would cost time and show nothing more.
    public static let readBytes: Int64 = 8 << 10

    /// The preview of `info`, as its HEAD described it: one ranged read, or none where the
    /// facts say enough (empty, a folder marker, a media type).
    public static func read(_ info: ObjectInfo, store: any ObjectStore) async throws -> ObjectPreview {
        if info.contentType == ContentType.directory || info.name.hasSuffix("/") { return .folderMarker }
        if info.bytes == 0 { return .empty }
        if TextKind(info.contentType) == .binary { return .binary(contentType: info.contentType, bytes: info.bytes) }
        let bytes: [UInt8]
        do {
            bytes = try await ObjectReader(store: store, info: info).bytes(0...(readBytes - 1))
        } catch StorageError.cancelled {
            throw StorageError.cancelled
        } catch let error as StorageError {
            return .unreadable(error)
        }
        return classify(bytes, of: info)
    }

    /// Text or binary, from the content type and the bytes together: any NUL byte makes
    /// it binary; bytes that are not UTF-8 do unless the type says text, where they show
    /// escaped (`<E9>`), as `less` shows a Latin-1 file.
    static func classify(_ bytes: [UInt8], of info: ObjectInfo) -> ObjectPreview {
        let isWhole = Int64(bytes.count) >= info.bytes
        let binary = ObjectPreview.binary(contentType: info.contentType, bytes: info.bytes)
        if bytes.contains(0) { return binary }
        if TextKind(info.contentType) != .text, !isUTF8(bytes, isWhole: isWhole) { return binary }
        return .text(PreviewLines.lines(of: bytes, isWhole: isWhole))
    }

    /// Whether `bytes` are UTF-8; a character cut by the end of a read counts as valid.
    static func isUTF8(_ bytes: [UInt8], isWhole: Bool) -> Bool {
        let checked = isWhole ? bytes[...] : bytes.prefix(ContentEscaper.completePrefixLength(bytes))
        return String(decoding: checked, as: UTF8.self).utf8.elementsEqual(checked)
    }
}

/// What a content type says of the bytes: text, binary, or nothing to go by.
enum TextKind: Equatable {
    case text, binary, unknown

    /// Media types are binary (`image/svg+xml` aside: XML is text); `text/*` and the
    /// structured text types are text; anything else (`application/octet-stream`, a
    /// missing type) leaves the bytes to decide.
    init(_ contentType: String) {
        let type = contentType.split(separator: ";").first.map { $0.filter { !$0.isWhitespace }.lowercased() } ?? ""
        let family = type.split(separator: "/").first.map(String.init) ?? ""
        if type.hasSuffix("+xml") || type.hasSuffix("+json") || family == "text" || Self.textTypes.contains(type) {
            self = .text
        } else if ["image", "audio", "video", "font"].contains(family) {
            self = .binary
        } else {
            self = .unknown
        }
    }

    static let textTypes: Set<String> = [
        "application/json", "application/xml", "application/yaml", "application/x-yaml", "application/toml",
        "application/javascript", "application/x-sh", "application/sql", "application/x-ndjson", "application/csv",
    ]
}
