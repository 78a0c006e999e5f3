import Browser
import Foundation
import Storage
import Synchronization
import Transfers

extension Shell {
    /// `upload [options] LOCAL [NAME]`: a file, or a folder's files several at once,
    /// through the Transfers engine; then the panes refresh.
    func upload(_ command: ParsedCommand) async throws {
        let options = try uploadOptions(command)
        let target = try session.uploadTarget(command.operands[0], as: command.operand(1))
        let items = try uploadItems(target)
        let out = LockedOutput(output, notesToErrors: settings.json)
        let showsProgress = settings.progress || command.flags.contains("--progress")
        let progress = TransferProgress(name: "", bytesTotal: try items.reduce(0) { $0 + (try LocalFiles.version(of: $1.path)).bytes },
                                        itemsTotal: items.count)
        let uploader = Uploader(store: session.store, options: options, progress: progress, display: { escaped($0) })
        do {
            try await withProgress(showsProgress ? progress : nil) {
                try await uploader.upload(items, into: target.container) { result in
                    // Clears the progress line first, so the result line stands alone.
                    if showsProgress { out.writeError("\r\u{1B}[K") }
                    out.writeNote(Self.describe(result))
                }
            }
        } catch let stopped as UploadInterrupted {
            out.writeError(Self.describe(stopped))
            throw ShellError.interrupted
        }
        try await session.refresh()
    }

    func uploadOptions(_ command: ParsedCommand) throws -> UploadOptions {
        var options = UploadOptions(leaveSegments: command.flags.contains("--leave-segments"),
                                    skipIdentical: command.flags.contains("--skip-identical"))
        if let text = command.values["--segment-size"] {
            guard let size = SegmentPlan.parseSize(text) else {
                throw ShellError.usage(command.spec, .badOptionValue(option: "--segment-size", .size))
            }
            options.segmentBytes = size
        }
        if let text = command.values["--parallel"] {
            guard let count = Int(text), (1...64).contains(count) else {
                throw ShellError.usage(command.spec, .badOptionValue(option: "--parallel", .number(1...64)))
            }
            options.parallel = count
        }
        return options
    }

    func uploadItems(_ target: UploadTarget) throws -> [UploadItem] {
        guard target.isDirectory else { return [UploadItem(path: target.source, name: target.objectName)] }
        return try LocalFiles.files(under: target.source).map {
            UploadItem(path: target.source + "/" + $0, name: target.objectName + "/" + $0)
        }
    }

    static func describe(_ result: UploadResult) -> String {
        switch result {
        case .stored(let info, segments: 0, sent: _):
            return "uploaded \(escaped(info.name)) (\(info.bytes) bytes, md5 \(escaped(info.etag)))\n"
        case .stored(let info, let segments, let sent):
            let resumed = sent < segments ? ", \(segments - sent) already stored" : ""
            return "uploaded \(escaped(info.name)) (\(info.bytes) bytes, \(segments) segments\(resumed), etag \(escaped(info.etag)))\n"
        case .skipped(let name, let bytes):
            return "skipped \(escaped(name)) (\(bytes) bytes, identical)\n"
        }
    }

    static func describe(_ stopped: UploadInterrupted) -> String {
        var text = "upload interrupted: \(stopped.filesDone) of \(stopped.filesTotal) files uploaded\n"
        for line in stopped.partial { text += "  \(escaped(line)) (kept to resume)\n" }
        text += "run the same upload again to resume"
        text += stopped.filesTotal > 1 ? " (with --skip-identical, files already uploaded are skipped)\n" : "\n"
        return text
    }
}

/// The shell's output, shared by upload workers: one write at a time.
final class LockedOutput: @unchecked Sendable {
    private let output: ShellOutput
    private let notesToErrors: Bool
    private let lock = NSLock()

    /// With `notesToErrors` (`--json`), what a person reads goes to standard error.
    init(_ output: ShellOutput, notesToErrors: Bool) {
        self.output = output
        self.notesToErrors = notesToErrors
    }

    func write(_ text: String) { lock.withLock { output.write(text) } }
    func writeNote(_ text: String) { notesToErrors ? writeError(text) : write(text) }
    func writeError(_ text: String) { lock.withLock { output.writeError(text) } }
}
