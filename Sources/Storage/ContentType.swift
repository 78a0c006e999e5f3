/// Content types from file name extensions, for stores that keep none.
public enum ContentType {
    /// The type of a pseudo-folder marker object.
    public static let directory = "application/directory"

    static let byExtension: [String: String] = [
        "txt": "text/plain", "md": "text/markdown", "csv": "text/csv", "log": "text/plain",
        "html": "text/html", "htm": "text/html", "css": "text/css", "js": "text/javascript",
        "json": "application/json", "xml": "application/xml", "yaml": "application/yaml", "yml": "application/yaml",
        "pdf": "application/pdf", "zip": "application/zip", "gz": "application/gzip", "tgz": "application/gzip",
        "tar": "application/x-tar", "bz2": "application/x-bzip2", "xz": "application/x-xz",
        "jpg": "image/jpeg", "jpeg": "image/jpeg", "png": "image/png", "gif": "image/gif",
        "svg": "image/svg+xml", "webp": "image/webp", "heic": "image/heic", "tif": "image/tiff", "tiff": "image/tiff",
        "mp3": "audio/mpeg", "wav": "audio/wav", "flac": "audio/flac", "ogg": "audio/ogg",
        "mp4": "video/mp4", "mov": "video/quicktime", "mkv": "video/x-matroska", "webm": "video/webm",
        "sql": "application/sql", "swift": "text/x-swift", "py": "text/x-python", "sh": "application/x-sh",
        "iso": "application/x-iso9660-image", "img": "application/octet-stream", "bin": "application/octet-stream",
    ]

    /// The type for an object name, `application/octet-stream` when the extension is unknown.
    public static func guess(forName name: String) -> String {
        if name.hasSuffix("/") { return directory }
        // Scans back from the end once: this runs for every object of a listing.
        let utf8 = name.utf8
        guard let dot = utf8.lastIndex(where: { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "/") }),
            utf8[dot] == UInt8(ascii: "."), dot != utf8.startIndex,
            utf8[utf8.index(before: dot)] != UInt8(ascii: "/")
        else { return "application/octet-stream" }
        let ext = String(name[name.index(after: dot)...])
        guard ext.utf8.count <= 8 else { return "application/octet-stream" }
        return byExtension[ext] ?? byExtension[ext.lowercased()] ?? "application/octet-stream"
    }
}
