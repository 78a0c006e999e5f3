import Foundation
import Rendering
import Transfers

/// Where commands write, as the settings say: answers on standard output, what a
/// person reads beside JSON on standard error, entries in lines or columns.
struct Console {
    let output: ShellOutput
    let settings: ShellSettings

    func write(_ text: String) { output.write(text) }
    func writeError(_ text: String) { output.writeError(text) }

    /// A line a person reads (`deleted …`): on standard output, or with `--json` on
    /// standard error, so that standard output holds only JSON Lines.
    func writeNote(_ text: String) {
        settings.json ? output.writeError(text) : output.write(text)
    }

    /// Writes one page of JSON Lines records with one write.
    func writeJSON(_ records: [JSONLine]) {
        guard !records.isEmpty else { return }
        var page: [UInt8] = []
        page.reserveCapacity(records.count * 256)
        for record in records { record.append(to: &page) }
        _ = page.withUnsafeBytes { output.writeBytes($0) }
    }

    /// Writes one page of entries: a line an entry, or on a terminal in `columns`, which
    /// keep the width of a listing's first page for the pages after it.
    func writeEntries(_ lines: [EntryLine], long: Bool, human: Bool = false, columns: inout Columns) {
        guard !lines.isEmpty else { return }
        let color = settings.color
        if long {
            output.write(lines.map { $0.longText(human: human, color: color) }.joined(separator: "\n") + "\n")
        } else if settings.isTerminal {
            let painted = color ? lines.map { $0.shortText(color: true) } : nil
            output.write(columns.layout(lines.map(\.shortText), painted: painted).joined(separator: "\n") + "\n")
        } else {
            output.write(lines.map { $0.shortText(color: color) }.joined(separator: "\n") + "\n")
        }
    }

    /// Runs `body` with a progress line on standard error while it goes, when asked for one.
    func withProgress<Result>(_ progress: TransferProgress?, _ body: () async throws -> Result) async throws -> Result {
        guard let progress else { return try await body() }
        let output = output
        let reporter = ProgressReporter { text in output.writeError(text) }
        reporter.start(progress)
        do {
            let result = try await body()
            await reporter.stop()
            return result
        } catch {
            await reporter.stop()
            throw error
        }
    }
}
