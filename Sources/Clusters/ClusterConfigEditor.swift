import Foundation

/// Writes `[cluster NAME]` sections into objsh's config file, leaving every other byte as
/// it was: a section is its header and the lines up to the next header, less the blank and
/// comment lines right before that header (they belong to the section that follows).
public enum ClusterConfigEditor {
    /// A section's text: its header and one `key = value` line a pair, in order.
    public static func section(_ name: String, _ pairs: [(key: String, value: String)]) -> String {
        "[cluster \(name)]\n" + pairs.map { "\($0.key) = \($0.value)\n" }.joined()
    }

    /// The lines of section `name` in `text`, as a range of line indices; nil when no such section.
    static func lines(of name: String, in lines: [Substring]) -> Range<Int>? {
        func header(_ line: Substring) -> String? {
            let trimmed = line.trimmingCharacters(in: " \t\r")
            guard trimmed.hasPrefix("[") else { return nil }
            let words = trimmed.dropFirst().dropLast().split(whereSeparator: { $0 == " " || $0 == "\t" })
            return words.count == 2 && words[0] == "cluster" ? String(words[1]) : ""
        }
        guard let start = lines.firstIndex(where: { header($0) == name }) else { return nil }
        var end = lines[(start + 1)...].firstIndex(where: { header($0) != nil }) ?? lines.count
        while end > start + 1 {
            let line = lines[end - 1].trimmingCharacters(in: " \t\r")
            guard line.isEmpty || line.hasPrefix("#") || line.hasPrefix(";") else { break }
            end -= 1
        }
        return start..<end
    }

    /// `text` with `section` in place of section `name`, or added at the end after a blank line.
    public static func setting(_ name: String, to section: String, in text: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let newLines = section.dropLast().split(separator: "\n", omittingEmptySubsequences: false)
        if let range = Self.lines(of: name, in: lines) {
            lines.replaceSubrange(range, with: newLines)
            return lines.joined(separator: "\n")
        }
        if text.isEmpty { return section }
        let separator = text.hasSuffix("\n\n") ? "" : text.hasSuffix("\n") ? "\n" : "\n\n"
        return text + separator + section
    }

    /// `text` without section `name` and the blank line that parted it from the next (for the
    /// last section, the blank lines before it, which `setting` added); nil when no such section.
    public static func removing(_ name: String, from text: String) -> String? {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard var range = Self.lines(of: name, in: lines) else { return nil }
        func isBlank(_ index: Int) -> Bool { lines[index].trimmingCharacters(in: " \t\r").isEmpty }
        if range.upperBound >= lines.count - 1 {
            while range.lowerBound > 0, isBlank(range.lowerBound - 1) { range = (range.lowerBound - 1)..<range.upperBound }
        } else if isBlank(range.upperBound) {
            range = range.lowerBound..<(range.upperBound + 1)
        }
        lines.removeSubrange(range)
        return lines.joined(separator: "\n")
    }

    /// The file's text; empty when it does not exist yet.
    public static func read(_ path: String) throws -> String {
        guard FileManager.default.fileExists(atPath: path) else { return "" }
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            throw ClusterError.invalidConfig(path: path, line: 0, message: "cannot read the file as UTF-8")
        }
        return text
    }

    /// Writes `text` to `path` readable by its owner alone (mode 0600, its folder made 0700):
    /// a new file renamed over the old, so that a crash leaves one or the other whole.
    public static func write(_ text: String, to path: String) throws {
        let folder = (path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let temporary = folder + "/.config.\(UUID().uuidString.prefix(8)).objsh-new"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard descriptor >= 0 else { throw Self.failure(path, String(cString: strerror(errno))) }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: false)
        do {
            try handle.write(contentsOf: Data(text.utf8))
            try handle.synchronize()
            try handle.close()
        } catch {
            close(descriptor)
            unlink(temporary)
            throw Self.failure(path, error.localizedDescription)
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw Self.failure(path, reason)
        }
    }

    private static func failure(_ path: String, _ reason: String) -> ClusterError {
        .invalidConfig(path: path, line: 0, message: "cannot write the file: \(reason)")
    }
}
