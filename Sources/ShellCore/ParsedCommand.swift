/// A command line matched against its spec: flags, option values and operands.
public struct ParsedCommand: Equatable, Sendable {
    public let spec: CommandSpec
    public var flags: Set<String> = []
    public var values: [String: String] = [:]
    /// Every value of each option given more than once, in order (`values` keeps the last).
    public var valueLists: [String: [String]] = [:]
    public var operands: [String] = []
    /// Each operand as a path pattern when it has an unquoted wildcard (`Word.pattern`), else nil.
    public var operandPatterns: [String?] = []

    /// Matches `words` (after the command name), taken literally, against `spec`.
    public static func parse(_ spec: CommandSpec, words: [String]) throws -> ParsedCommand {
        try parse(spec, tokens: words.map { Word(text: $0, start: 0, end: 0) })
    }

    /// Matches `words` (after the command name) against `spec`. Options come first;
    /// `--` ends them, so names starting with `-` can be given.
    public static func parse(_ spec: CommandSpec, tokens words: [Word]) throws -> ParsedCommand {
        var parsed = ParsedCommand(spec: spec)
        var index = 0
        var optionsEnded = false
        while index < words.count {
            let word = words[index].text
            let pattern = words[index].pattern
            index += 1
            if !optionsEnded && word == "--" {
                optionsEnded = true
                continue
            }
            if !optionsEnded && word.hasPrefix("-") && word.count > 1 {
                guard let option = spec.options.first(where: { $0.spellings.contains(word) }) else {
                    // Single-letter flags combine, as in `ls -lh`.
                    let letters = word.dropFirst().map { "-\($0)" }
                    guard !word.hasPrefix("--"), letters.count > 1,
                        letters.allSatisfy({ letter in spec.options.contains { $0.name == letter && $0.value == nil } })
                    else {
                        throw ShellError.usage(spec, .unknownOption(word))
                    }
                    parsed.flags.formUnion(letters)
                    continue
                }
                if option.value == nil {
                    parsed.flags.insert(option.name)
                } else {
                    guard index < words.count else { throw ShellError.usage(spec, .missingValue(option: word, valueName: option.valueName)) }
                    parsed.values[option.name] = words[index].text
                    parsed.valueLists[option.name, default: []].append(words[index].text)
                    index += 1
                }
                continue
            }
            parsed.operands.append(word)
            parsed.operandPatterns.append(pattern)
        }
        let required = spec.operands.filter { !$0.isOptional }.count
        if parsed.operands.count < required {
            let missing = spec.operands[parsed.operands.count].name
            throw ShellError.usage(spec, .missingOperand(missing))
        }
        if parsed.operands.count > spec.operands.count && !spec.operands.contains(where: \.isRepeating) {
            throw ShellError.usage(spec, .tooManyArguments)
        }
        return parsed
    }

    /// The operand at `index`, if given.
    public func operand(_ index: Int) -> String? {
        index < operands.count ? operands[index] : nil
    }
}
