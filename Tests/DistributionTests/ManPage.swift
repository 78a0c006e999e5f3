import Foundation

/// Just enough of an mdoc reader to compare `man/objsh.1` with the code: its
/// sections, the items of a section's tag list, and the words of its macros.
struct ManPage {
    let lines: [String]

    init(contentsOf url: URL) throws {
        lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
    }

    /// The section names (`.Sh`), in order.
    var sectionNames: [String] {
        lines.compactMap { $0.hasPrefix(".Sh ") ? String($0.dropFirst(4)) : nil }
    }

    /// The lines of a section, without its `.Sh` line.
    func section(_ name: String) -> [String] {
        guard let start = lines.firstIndex(of: ".Sh " + name) else { return [] }
        let rest = lines[(start + 1)...]
        let end = rest.firstIndex { $0.hasPrefix(".Sh ") } ?? lines.endIndex
        return Array(lines[(start + 1)..<end])
    }

    /// The items of the section's outermost list; nested lists stay in their item's body.
    func items(in sectionName: String) -> [ManItem] {
        var items: [ManItem] = []
        var depth = 0
        for line in section(sectionName) {
            let depthBefore = depth
            if line.hasPrefix(".Bl ") { depth += 1 }
            if line == ".El" { depth -= 1 }
            // Lines outside the list, its opening .Bl and its closing .El belong to no item.
            guard depthBefore >= 1, depth >= 1 else { continue }
            if depthBefore == 1 && line.hasPrefix(".It") {
                items.append(ManItem(head: String(line.dropFirst(3)), body: []))
            } else if !items.isEmpty {
                items[items.count - 1].body.append(line)
            }
        }
        return items
    }
}

/// One `.It` of a list: its head line and the lines up to the next item.
struct ManItem {
    let head: String
    var body: [String]

    /// The words that follow `macro` in the head, e.g. `Ic` gives command names.
    func headWords(after macro: String) -> [String] { Self.words(after: macro, in: [head]) }

    /// The words that follow `macro` anywhere in the item.
    func allWords(after macro: String) -> [String] { Self.words(after: macro, in: [head] + body.filter { $0.hasPrefix(".") }) }

    /// The flags of the head, with their dash: `Fl -in` is `--in`, `Fl l` is `-l`.
    var headFlags: [String] { headWords(after: "Fl").map { "-" + $0 } }

    /// Every flag in the item, with its dash.
    var allFlags: [String] { allWords(after: "Fl").map { "-" + $0 } }

    /// The displayed one-line examples (`.Dl`), as a reader sees them.
    var examples: [String] {
        body.compactMap { $0.hasPrefix(".Dl ") ? ManPage.unescape(String($0.dropFirst(4))) : nil }
    }

    private static func words(after macro: String, in lines: [String]) -> [String] {
        var words: [String] = []
        for line in lines {
            let tokens = line.split(separator: " ").map(String.init)
            for (index, token) in tokens.enumerated() where token == macro || token == "." + macro {
                if index + 1 < tokens.count { words.append(ManPage.unescape(tokens[index + 1])) }
            }
        }
        return words
    }
}

extension ManPage {
    /// The text a reader sees for the escapes the page uses: `\(dq`, `\e`, `\-`, `\&`.
    static func unescape(_ text: String) -> String {
        var result = ""
        var rest = Substring(text)
        while let backslash = rest.firstIndex(of: "\\") {
            result += rest[..<backslash]
            rest = rest[rest.index(after: backslash)...]
            if rest.hasPrefix("(dq") {
                result += "\""
                rest = rest.dropFirst(3)
            } else if rest.hasPrefix("e") {
                result += "\\"
                rest = rest.dropFirst()
            } else if rest.hasPrefix("-") {
                result += "-"
                rest = rest.dropFirst()
            } else if rest.hasPrefix("&") {
                rest = rest.dropFirst()
            } else {
                result += "\\"
            }
        }
        return result + rest
    }
}
