import Foundation

/// The examples of README.md that the tests run: each ```` ```console ```` block (lines
/// of `$ COMMAND` and the answer printed after each), each ```` ```objsh ```` block (lines
/// typed into the shell) and each ```` ```ini ```` block (config sections).
struct ReadmeExamples {
    struct Step: Equatable {
        var command: String
        var answer: [String]
    }

    /// A console block: its steps, and the README line it starts on, for messages.
    struct Console {
        var line: Int
        var steps: [Step]
    }

    var consoles: [Console] = []
    var shellLines: [(line: Int, text: String)] = []
    var configs: [String] = []

    init(_ text: String) {
        var fence: (kind: String, line: Int, indent: Int)?
        var block: [String] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            // A fence may be indented, inside a list item; its lines then are too.
            let indent = line.prefix { $0 == " " }.count
            let bare = line.dropFirst(indent)
            if let open = fence {
                guard bare.hasPrefix("```") else {
                    block.append(String(line.dropFirst(min(open.indent, indent))))
                    continue
                }
                take(open.kind, block, startingAt: open.line + 1)
                fence = nil
                block = []
            } else if bare.hasPrefix("```") {
                fence = (String(bare.dropFirst(3)).trimmingCharacters(in: .whitespaces), index + 1, indent)
            }
        }
    }

    private mutating func take(_ kind: String, _ lines: [String], startingAt first: Int) {
        switch kind {
        case "console": consoles.append(Console(line: first, steps: Self.steps(lines)))
        case "objsh":
            for (offset, line) in lines.enumerated() where !line.isEmpty {
                shellLines.append((first + offset, line))
            }
        case "ini": configs.append(lines.joined(separator: "\n") + "\n")
        default: break
        }
    }

    static func steps(_ lines: [String]) -> [Step] {
        var steps: [Step] = []
        for line in lines {
            if line.hasPrefix("$ ") {
                steps.append(Step(command: String(line.dropFirst(2)), answer: []))
            } else if !steps.isEmpty {
                steps[steps.count - 1].answer.append(line)
            }
        }
        return steps
    }

    /// Whether printed lines are the answer shown: line for line, where `…` stands for
    /// any text within a line, and a line of `…` alone for any number of lines.
    static func matches(_ shown: [String], _ printed: [String]) -> Bool {
        guard let first = shown.first else { return printed.isEmpty }
        let rest = Array(shown.dropFirst())
        if first == "…" {
            return (0...printed.count).contains { matches(rest, Array(printed.dropFirst($0))) }
        }
        guard let line = printed.first, lineMatches(first, line) else { return false }
        return matches(rest, Array(printed.dropFirst()))
    }

    static func lineMatches(_ shown: String, _ printed: String) -> Bool {
        let shown = shown.trimmingTrailingSpaces
        let printed = printed.trimmingTrailingSpaces
        if shown == printed { return true }
        let parts = shown.components(separatedBy: "…")
        guard parts.count > 1, printed.hasPrefix(parts[0]) else { return false }
        var rest = printed.dropFirst(parts[0].count)
        for part in parts.dropFirst().dropLast() where !part.isEmpty {
            guard let range = rest.range(of: part) else { return false }
            rest = rest[range.upperBound...]
        }
        return rest.hasSuffix(parts.last!)
    }
}

extension String {
    fileprivate var trimmingTrailingSpaces: String {
        String(reversed().drop { $0 == " " }.reversed())
    }
}
