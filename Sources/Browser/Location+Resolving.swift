// Reading a path a user typed: here, not in Places, because a path that names nothing
// is a BrowserError, worded by the shell's one report.
extension Location {
    /// Resolves a user's path against this folder: `/` and absolute paths, `..`, `.`,
    /// repeated and trailing slashes. `..` at the root stays at the root, as in a POSIX shell.
    /// A path that starts with `//` is exact: `//CONTAINER/NAME` takes NAME byte for byte,
    /// so `//c/a//b.txt` is the object `a//b.txt` and `//c//` the folder `/` of container c.
    public func resolving(_ path: String) throws -> Location {
        if path.utf8.contains(0) { throw BrowserError.invalidPath(path, .containsNUL) }
        if path.hasPrefix("//") { return try Self.exact(path.dropFirst(2)) }
        var result = path.hasPrefix("/") ? [] : segments
        for segment in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch segment {
            case ".": continue
            case "..": if !result.isEmpty { result.removeLast() }
            default: result.append(String(segment))
            }
        }
        return Location(segments: result)
    }

    /// The part of an exact path after its `//`: a container, then a name taken as it is.
    static func exact(_ path: Substring) throws -> Location {
        guard let slash = path.firstIndex(of: "/") else { return path.isEmpty ? .root : Location(segments: [String(path)]) }
        let container = path[..<slash]
        if container.isEmpty {
            throw BrowserError.invalidPath("//" + path, .exactWithoutContainer)
        }
        return Location(container: String(container), objectName: path[path.index(after: slash)...])
    }
}
