/// Why a name below a place cannot become a path below a local folder: each reason is
/// data, worded by the shell's error report.
public enum LocalNameRefusal: Error, Sendable, Equatable {
    /// A `..` segment (also between backslashes, as Windows reads them): it would climb
    /// out of the folder.
    case climbs
    /// It starts with `/`: a path from the root, not below the folder.
    case absolute
    /// An empty segment (`a//b`): no file can take it, and dropping it would merge names.
    case emptySegment
    /// A `.` segment (`a/./b`): it would land on another name's file (`a/b`).
    case dotSegment
    /// A NUL byte, which no file name can hold.
    case nul
    /// A segment longer than a file name may be (`LocalName.maxSegmentBytes`).
    case segmentTooLong(bytes: Int)
    /// Another name of the same transfer is, or needs, a file at `path` where this one
    /// needs a folder (or the other way round): the first in byte order keeps it.
    case fileAndFolder(path: String)
}

/// The one rule for a name below a place written as a file below a local folder (`get
/// -r`, `sync` down): a relative path of its segments, or a refusal when it could leave
/// the folder or cannot be a file's name.
public enum LocalName {
    /// NAME_MAX of Linux file systems: the bytes of one path segment.
    public static let maxSegmentBytes = 255

    /// `relative` (a name below the folder, as `Location.relativeName(of:in:)` gives it)
    /// as a relative local path: its segments joined by `/`, a folder marker's trailing `/`
    /// dropped. The empty name is one empty segment: the place's own marker is the caller's.
    public static func path(_ relative: String) throws(LocalNameRefusal) -> String {
        if relative.isEmpty { throw .emptySegment }
        if relative.utf8.contains(0) { throw .nul }
        if relative.utf8.first == UInt8(ascii: "/") { throw .absolute }
        var segments = relative.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        if relative.utf8.last == UInt8(ascii: "/") { segments.removeLast() }
        // The worst first: a climb is refused as one even when the name is also too long.
        if segments.contains(where: climbs) { throw .climbs }
        for segment in segments {
            if segment.isEmpty { throw .emptySegment }
            if segment.elementsEqual(".".utf8) { throw .dotSegment }
            if segment.count > maxSegmentBytes { throw .segmentTooLong(bytes: segment.count) }
        }
        return String(decoding: Array(segments.joined(separator: [UInt8(ascii: "/")])), as: UTF8.self)
    }

    /// Whether a segment is `..`, or holds `..` between backslashes (`..\x`, `a\..`).
    static func climbs(_ segment: Substring.UTF8View) -> Bool {
        segment.split(separator: UInt8(ascii: "\\"), omittingEmptySubsequences: false).contains { $0.elementsEqual("..".utf8) }
    }
}

/// The paths a transfer's names take below a local folder, met in byte order (a listing's
/// order): a name that needs as a folder the path an earlier name takes as a file (`a`,
/// then `a/b` or the marker `a/`) is refused, so the first keeps it whichever finishes first.
public struct LocalPathClaims: Sendable {
    /// The files met whose paths begin the last name met, the latest last: only they can
    /// be a folder of a name still to come, as names sharing a beginning come together.
    private var files: [String] = []

    public init() {}

    /// Takes `path` (a `LocalName.path`) as a file, or as a folder for a folder marker.
    public mutating func claim(_ path: String, isFolder: Bool) throws(LocalNameRefusal) {
        let name = Array((isFolder ? path + "/" : path).utf8)
        while let last = files.last, !name.starts(with: last.utf8) { files.removeLast() }
        if let file = files.first(where: { name.starts(with: $0.utf8 + [UInt8(ascii: "/")]) }) {
            throw .fileAndFolder(path: file)
        }
        if !isFolder && !path.isEmpty { files.append(path) }
    }
}

extension Location {
    /// The local path, below a folder this place is written to, of `objectName` of
    /// `container` (listed under this place): `LocalName.path` of its name below it.
    public func localPath(of objectName: String, in container: String) throws(LocalNameRefusal) -> String {
        try LocalName.path(relativeName(of: objectName, in: container))
    }
}
