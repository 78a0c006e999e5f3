import Foundation
import Storage
import Transfers

/// A command's parsed words, read through typed accessors that check each option
/// against the command's own row: asking for an option the table does not list is
/// an error (`CommandTableTests` decodes every command, so such a slip fails a test).
struct CommandArguments {
    let parsed: ParsedCommand
    var spec: CommandSpec { parsed.spec }
    var operands: [String] { parsed.operands }

    init(_ parsed: ParsedCommand) {
        self.parsed = parsed
    }

    /// The operand at `index`, if given.
    func operand(_ index: Int) -> String? { parsed.operand(index) }

    /// Whether a flag was given.
    func flag(_ option: OptionSpec) throws -> Bool {
        try check(option, takesValue: false)
        return parsed.flags.contains(option.name)
    }

    /// An option's value as given.
    func value(_ option: OptionSpec) throws -> String? {
        try check(option, takesValue: true)
        return parsed.values[option.name]
    }

    /// Every value of an option that may be given more than once, in order.
    func values(_ option: OptionSpec) throws -> [String] {
        try check(option, takesValue: true)
        return parsed.valueLists[option.name] ?? []
    }

    /// An option's value as a number within `range`.
    func number(_ option: OptionSpec, in range: ClosedRange<Int>) throws -> Int? {
        guard let text = try value(option) else { return nil }
        guard let number = Int(text), range.contains(number) else {
            throw ShellError.usage(spec, .badOptionValue(option: option.name, .number(range)))
        }
        return number
    }

    /// An option's value as a size such as `64M` (K, M, G: powers of 1024).
    func size(_ option: OptionSpec) throws -> Int64? {
        guard let text = try value(option) else { return nil }
        guard let size = SegmentPlan.parseSize(text) else { throw ShellError.usage(spec, .badOptionValue(option: option.name, .size)) }
        return size
    }

    /// An option's value as a point in time: an age before `now` (`30m`, `12h`, `7d`,
    /// `2w`), or a date (`2024-06-01`, midnight UTC) or ISO 8601 time.
    func pointInTime(_ option: OptionSpec, now: Date = Date()) throws -> Date? {
        guard let text = try value(option) else { return nil }
        let units: [String: Double] = ["s": 1, "m": 60, "h": 3600, "d": 86_400, "w": 604_800]
        if let unit = text.last.flatMap({ units[String($0)] }), let count = Int(text.dropLast()), count >= 0 {
            return now.addingTimeInterval(-Double(count) * unit)
        }
        if let date = ServerDates.iso8601(text) ?? ServerDates.iso8601(text + "T00:00:00Z") { return date }
        throw ShellError.usage(spec, .badOptionValue(option: option.name, .age))
    }

    private func check(_ option: OptionSpec, takesValue: Bool) throws {
        guard spec.options.contains(option), (option.value != nil) == takesValue else {
            throw CommandTableMismatch(command: spec.name, option: option.name)
        }
    }
}

/// A command's code asked for an option its row in the table does not list: a bug,
/// which the decoding test catches before a user could.
struct CommandTableMismatch: Error, Equatable {
    let command: String
    let option: String
}
