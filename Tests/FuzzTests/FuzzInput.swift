import Foundation

/// Seeded random command lines: fragments people type (commands, options, paths,
/// quotes, escapes, separators) mixed with what they should not (controls, NUL, bidi,
/// combining marks, lone surrogates' replacements), and mutations of good lines.
/// The same seed gives the same inputs, so a failure can be replayed.
struct FuzzInput {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    /// SplitMix64.
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(max(1, bound))) }
    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }

    static let words = [
        "cd", "ls", "ls -l", "back", "search", "search --in", "cluster", "upload", "put", "get", "get -r", "get -f",
        "download", "rm", "rm -r", "rm -f", "delete", "lcd", "lpwd", "lls", "info", "stat", "mkdir", "refresh", "pwd",
        "help", "?", "exit", "quit", "--", "-", "-l", "-r", "--in", "-x", "--nope",
    ]
    static let paths = [
        "/", "//", ".", "..", "../..", "photos", "/photos/2024", "2024/", "summer/beach", "cover.png", "My Photos",
        "//c/a//b.txt", "//photos//", "a//b", "./x", "~", "~/", "/tmp", "sample", "local", "東京タワー.jpg",
        "🎉 party.gif", "*", "*.jpg", "[a-", "?", "nope", "photos/2024/README.txt", "-", "--",
    ]
    static let bits = [
        " ", " ", " ", "\t", ";", "#", "'", "\"", "\\", "\\ ", "'a b'", "\"x y\"", "\\\"", "\n", "é", "e\u{301}",
        "\u{202E}", "\u{1B}[2J", "\u{7}", "\r", "\u{0}", "\u{85}", "\u{FFFD}", "\u{200B}", "%", "$HOME", "`", "|", "&",
    ]

    /// One line: a command-like start, then paths, options and odd bits.
    mutating func line() -> String {
        var line = below(8) == 0 ? "" : pick(Self.words)
        for _ in 0..<below(6) {
            switch below(10) {
            case 0..<5: line += " " + pick(Self.paths)
            case 5..<7: line += " " + pick(Self.words)
            case 7..<9: line += pick(Self.bits)
            default: line += String(UnicodeScalar(UInt8(below(128))))
            }
        }
        return below(4) == 0 ? mutated(line) : line
    }

    /// A line with a few characters inserted, removed or replaced.
    mutating func mutated(_ line: String) -> String {
        var characters = Array(line)
        for _ in 0...below(3) {
            let position = below(characters.count + 1)
            switch below(3) {
            case 0: characters.insert(contentsOf: pick(Self.bits), at: position)
            case 1 where position < characters.count: characters.remove(at: position)
            default: if position < characters.count { characters[position] = Character(pick(["'", "\"", "\\", "/", " ", ";"])) }
            }
        }
        return String(characters)
    }

    /// How many inputs a fuzz test runs: a short run in CI, more with OBJSH_FUZZ_INPUTS.
    static func count(default value: Int) -> Int {
        ProcessInfo.processInfo.environment["OBJSH_FUZZ_INPUTS"].flatMap(Int.init) ?? value
    }
}

/// With OBJSH_FUZZ_TRACE=FILE, each input is written (and flushed) before it runs, so the
/// last line of FILE after a crash is the input that crashed, to be replayed.
final class FuzzTrace {
    private let handle: FileHandle?

    init() {
        guard let path = ProcessInfo.processInfo.environment["OBJSH_FUZZ_TRACE"],
            FileManager.default.createFile(atPath: path, contents: nil)
        else {
            handle = nil
            return
        }
        handle = FileHandle(forWritingAtPath: path)
    }

    func record(_ index: Int, _ line: String) {
        handle?.write(Data("\(index)\t\(line.debugDescription)\n".utf8))
    }
}
