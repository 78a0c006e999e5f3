import Foundation

/// The `[section]`s of an INI file as the AWS CLI, rclone and s3cmd write them: in order,
/// each with its header's line and its `key = value` lines (with their line numbers).
/// Comments start with `#` or `;`; indented lines (the AWS CLI's nested `s3 =` settings) are skipped.
struct IniSections {
    struct Section {
        var name: String
        var line: Int
        var values: [String: (value: String, line: Int)] = [:]
    }

    var sections: [Section] = []

    /// The sections of `text`; a line outside any section or without `=` is left out.
    init(_ text: String) {
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard let first = raw.first, first != " ", first != "\t" else { continue }
            let line = raw.trimmingCharacters(in: " \t\r")
            if line.isEmpty || line.hasPrefix("#") || line.hasPrefix(";") { continue }
            if line.hasPrefix("[") && line.hasSuffix("]") {
                sections.append(Section(name: line.dropFirst().dropLast().trimmingCharacters(in: " \t"), line: index + 1))
            } else if !sections.isEmpty, let equals = line.firstIndex(of: "=") {
                let key = line[..<equals].trimmingCharacters(in: " \t")
                sections[sections.count - 1].values[key] = (line[line.index(after: equals)...].trimmingCharacters(in: " \t"), index + 1)
            }
        }
    }

    /// The file's sections; none when it does not exist, a problem when it cannot be read as UTF-8.
    static func read(_ path: String) throws -> IniSections? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            throw ClusterError.invalidConfig(path: path, line: 0, message: "cannot read the file as UTF-8")
        }
        return IniSections(text)
    }
}
