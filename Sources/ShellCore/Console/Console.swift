import Foundation
import Rendering
import Transfers

/// The one way commands (and the shell around them) write, as the settings say:
/// answers on standard output, what a person reads beside JSON on standard error,
/// entries in lines or columns, a transfer's progress on the status line. Every write
/// clears the status line first, so lines written while it shows stand alone; workers
/// write from many tasks at once, which the output and the status line allow.
struct Console: Sendable {
    let output: any ShellOutput
    let settings: ShellSettings
    let status: StatusLine

    func write(_ text: String) { status.interrupting { output.write(text) } }
    func writeError(_ text: String) { status.interrupting { output.writeError(text) } }

    /// Bytes as they are (`get NAME -`, `cat`); false when they could not all be written.
    func writeBytes(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var written = false
        status.interrupting { written = output.writeBytes(bytes) }
        return written
    }

    /// A line a person reads (`deleted …`): on standard output, or with `--json` on
    /// standard error, so that standard output holds only JSON Lines.
    func writeNote(_ text: String) {
        settings.json ? writeError(text) : write(text)
    }

    /// One error line on standard error, red when errors are painted.
    func writeErrorLine(_ message: String) {
        writeError((settings.streams.errors.color ? TerminalColor.error(message) : message) + "\n")
    }

    /// Tells one object's failure as it happens (`get: photos/a.jpg: …`), from any worker.
    func writeFailure(_ failure: ObjectFailure, of command: String) {
        writeError("\(command): \(escaped(ErrorReport.words(failure)))\n")
    }

    /// `writeFailure` as the closure a folder transfer's workers call with each failure.
    func failureWriter(of command: String) -> @Sendable (ObjectFailure) -> Void {
        { writeFailure($0, of: command) }
    }

    /// As `failureWriter(of:)`, for a download into `folder`: its local paths named as typed.
    func failureWriter(of command: String, into folder: LocalPath) -> @Sendable (ObjectFailure) -> Void {
        { writeFailure(folder.naming($0), of: command) }
    }

    /// Writes one page of JSON Lines records with one write.
    func writeJSON(_ records: [JSONLine]) {
        guard !records.isEmpty else { return }
        var page: [UInt8] = []
        page.reserveCapacity(records.count * 256)
        for record in records { record.append(to: &page) }
        _ = page.withUnsafeBytes { writeBytes($0) }
    }

    /// Writes one page of entries: a line an entry, or on a terminal in `columns`, which
    /// keep the width of a listing's first page for the pages after it.
    func writeEntries(_ lines: [EntryLine], long: Bool, human: Bool = false, columns: inout Columns) {
        guard !lines.isEmpty else { return }
        let color = settings.streams.output.color
        if long {
            write(lines.map { $0.longText(human: human, color: color) }.joined(separator: "\n") + "\n")
        } else if settings.streams.output.isTerminal {
            let painted = color ? lines.map { $0.shortText(color: true) } : nil
            write(columns.layout(lines.map(\.shortText), painted: painted).joined(separator: "\n") + "\n")
        } else {
            write(lines.map { $0.shortText(color: color) }.joined(separator: "\n") + "\n")
        }
    }

    /// Runs `body` with `progress` on the status line while it goes, when asked for one.
    func withProgress<Result>(_ progress: TransferProgress?, _ body: () async throws -> Result) async throws -> Result {
        guard let progress else { return try await body() }
        status.begin(progress)
        do {
            let result = try await body()
            await status.end()
            return result
        } catch {
            await status.end()
            throw error
        }
    }

    /// Shows `text` on the status line now, when progress is shown (a walk telling where it is).
    func showStatus(_ text: String) {
        if settings.streams.progress { status.show(text) }
    }

    /// Clears what `showStatus` drew.
    func endStatus() async { await status.end() }
}
