/// The command-line options as the binary's `--help` lists them (hidden ones are not listed).
enum CommandLineHelp {
    /// Each option's spellings, e.g. `["--cluster"]` or `["-h", "--help"]`, from the
    /// lines of the OPTIONS part that start with two spaces and a dash.
    static func options(in help: String) -> [[String]] {
        let lines = help.components(separatedBy: "\n")
        guard let start = lines.firstIndex(of: "OPTIONS:") else { return [] }
        return lines[(start + 1)...].compactMap { line -> [String]? in
            guard line.hasPrefix("  -") else { return nil }
            let spellings = line.dropFirst(2).split(separator: " ")
                .prefix { $0.hasPrefix("-") }
                .map { String($0.hasSuffix(",") ? $0.dropLast() : $0) }
            return spellings.isEmpty ? nil : spellings
        }
    }
}
