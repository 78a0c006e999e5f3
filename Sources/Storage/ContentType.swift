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
        let last = name.split(separator: "/").last.map(String.init) ?? name
        guard let dot = last.lastIndex(of: "."), dot != last.startIndex else { return "application/octet-stream" }
        let ext = last[last.index(after: dot)...].lowercased()
        return byExtension[ext] ?? "application/octet-stream"
    }
}
