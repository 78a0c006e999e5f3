import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Local patterns (`upload *.log`), expanded by objsh as a POSIX shell expands them:
/// glob(3), so `*` does not match a leading `.` and matches come in byte order; `\x`
/// (the tokenizer's spelling of a quoted wildcard) is a literal `x`.
enum LocalGlob {
    /// The paths `pattern` matches, relative to `folder` when the pattern is (as typed);
    /// none when nothing matches. `~` and `~/` at its start are `$HOME`.
    static func paths(matching pattern: String, in folder: String) -> [String] {
        var pattern = pattern
        if pattern == "~" || pattern.hasPrefix("~/") { pattern = escaped(LocalHome.path) + pattern.dropFirst() }
        let prefix = pattern.hasPrefix("/") ? "" : escaped(folder.hasSuffix("/") ? folder : folder + "/")
        var found = glob_t()
        defer { globfree(&found) }
        guard glob(prefix + pattern, 0, nil, &found) == 0 else { return [] }
        let folderPrefix = prefix.isEmpty ? "" : (folder.hasSuffix("/") ? folder : folder + "/")
        return (0..<Int(found.gl_pathc)).compactMap { index in
            found.gl_pathv[index].map { String(decoding: String(cString: $0).utf8.dropFirst(folderPrefix.utf8.count), as: UTF8.self) }
        }
    }

    /// `text` with glob(3)'s special characters taken literally.
    static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            if "*?[]\\".contains(character) { result.append("\\") }
            result.append(character)
        }
        return result
    }
}

/// The home folder `~` stands for: `$HOME` as a shell reads it, else the account's.
public enum LocalHome {
    public static var path: String {
        if let home = ProcessInfo.processInfo.environment["HOME"], !home.isEmpty { return home }
        return NSHomeDirectory()
    }

    /// `~` and `~/x` with the home folder; any other path (`~user/x` too) as Foundation expands it.
    static func expanding(_ path: String) -> String {
        if path == "~" || path.hasPrefix("~/") { return Self.path + path.dropFirst() }
        return (path as NSString).expandingTildeInPath
    }
}
