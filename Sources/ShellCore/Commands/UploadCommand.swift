import Browser
import Foundation
import Storage
import Transfers

/// `upload [options] LOCAL [NAME]`: a file, or a folder's files several at once,
/// through the Transfers engine; then the panes refresh.
struct UploadCommand: ShellCommand {
    nonisolated static let segmentSize = OptionSpec(
        "--segment-size", value: .text, valueName: "SIZE",
        help: "segment size for large objects, e.g. 64M (K, M, G: powers of 1024; default 128M)")
    nonisolated static let parallel = OptionSpec(
        "--parallel", value: .text, valueName: "N", help: "segments, and files of a folder, in flight at once (default 4)")
    nonisolated static let leaveSegments = OptionSpec("--leave-segments", help: "keep the old segments of a large object this upload replaces")
    nonisolated static let skipIdentical = OptionSpec("--skip-identical", help: "skip objects whose size and MD5 (per segment) already match")
    nonisolated static let progress = OptionSpec("--progress", help: "show the progress line even when not interactive")
    nonisolated static let spec = CommandSpec(
        name: "upload", aliases: ["put"],
        summary: "upload a file or a folder (recursively) into the current folder",
        details: """
            Stores LOCAL as NAME (default: its file name) in the current folder; a folder's \
            files go up several at once. Each object lands whole, its MD5 checked, or not at \
            all. A file larger than one segment (or than the cluster's max_file_size) becomes \
            a static large object: segments in CONTAINER_segments, several in flight, each \
            MD5 checked, the manifest last. After an interruption (Ctrl-C, a lost \
            connection) the same command again sends only the missing segments. Replacing a \
            large object deletes its old segments once the new one has landed. Then the \
            folder is shown again.
            With - for LOCAL, standard input goes up as NAME (required), read a segment at \
            a time: up to one segment, one PUT; longer, a large object whose segments go up \
            as they fill (memory holds at most N+1 segments of --parallel N), its size known \
            at the end. Past the cluster's most segments (S3: 10,000 parts, or max_parts) it \
            stops: give a bigger --segment-size. Interrupted or failed, nothing is stored \
            and the segments sent are deleted: standard input cannot be resumed. Only in \
            scripts (objsh -c, -f), not at the prompt; a file named - is ./-.
            Example: upload --segment-size 256M ~/Downloads/disk.iso
            Example: tar c photos | objsh -c 'cd /backup; upload - photos.tar'
            """,
        options: [segmentSize, parallel, leaveSegments, skipIdentical, progress],
        operands: [OperandSpec("LOCAL", .localPath), OperandSpec("NAME", .text, optional: true)])

    let local: String
    let name: String?
    var options: UploadOptions
    let showsProgress: Bool

    init(_ arguments: CommandArguments) throws {
        local = arguments.operands[0]
        name = arguments.operand(1)
        options = UploadOptions(leaveSegments: try arguments.flag(Self.leaveSegments), skipIdentical: try arguments.flag(Self.skipIdentical))
        if let size = try arguments.size(Self.segmentSize) { options.segmentBytes = size }
        if let count = try arguments.number(Self.parallel, in: 1...64) { options.parallel = count }
        showsProgress = try arguments.flag(Self.progress)
        if local == "-" && name == nil { throw ShellError.usage(Self.spec, .standardInputNeedsName) }
        // Standard input can be read once only: there is nothing to compare before sending it.
        if local == "-" && options.skipIdentical { throw ShellError.usage(Self.spec, .exclusiveOptions("--skip-identical", "-")) }
    }

    func run(_ context: CommandContext) async throws -> CommandOutcome {
        if local == "-", let name { return try await uploadStandardInput(as: name, context) }
        let path = context.localPath(local)
        let target = try context.session.uploadTarget(local, at: path.absolute, as: name, in: context.place)
        do {
            try await path.namingErrors { try await upload(target, context) }
        } catch let stopped as UploadInterrupted {
            context.console.writeError(Self.describe(stopped))
            throw ShellError.interrupted
        }
        return .storeChanged(printPanes: true)
    }

    /// Sends the file, or the folder's files, with the progress line when it is shown.
    func upload(_ target: UploadTarget, _ context: CommandContext) async throws {
        let items = try Self.items(of: target)
        let showsProgress = context.settings.streams.progress || showsProgress
        let total = try items.reduce(0) { $0 + (try LocalFiles.version(of: $1.path)).bytes }
        let progress = TransferProgress(name: "", bytesTotal: total, itemsTotal: items.count)
        let uploader = context.session.uploader(options: options, progress: progress)
        let console = context.console
        try await console.withProgress(showsProgress ? progress : nil) {
            try await uploader.upload(items, into: target.container) { result in console.writeNote(Self.describe(result)) }
        }
    }

    static func items(of target: UploadTarget) throws -> [UploadItem] {
        guard target.isDirectory else { return [UploadItem(path: target.source, name: target.objectName)] }
        return try LocalFiles.files(under: target.source).map {
            UploadItem(path: target.source + "/" + $0, name: target.objectName + "/" + $0)
        }
    }

    nonisolated static func describe(_ result: UploadResult) -> String {
        switch result {
        case .stored(let info, segments: 0, sent: _):
            // An ETag that is no digest (a provider's own, SSE-KMS) is not called an MD5.
            let tag = info.opaqueETag == nil ? "md5" : "etag"
            return "uploaded \(escaped(info.name)) (\(info.bytes) bytes, \(tag) \(escaped(info.etag)))\n"
        case .stored(let info, let segments, let sent):
            let resumed = sent < segments ? ", \(segments - sent) already stored" : ""
            return "uploaded \(escaped(info.name)) (\(info.bytes) bytes, \(segments) segments\(resumed), etag \(escaped(info.etag)))\n"
        case .skipped(let name, let bytes):
            return "skipped \(escaped(name)) (\(bytes) bytes, identical)\n"
        }
    }

    nonisolated static func describe(_ stopped: UploadInterrupted) -> String {
        var text = "upload interrupted: \(stopped.filesDone) of \(stopped.filesTotal) files uploaded\n"
        for line in stopped.partial { text += "  \(escaped(line)) (kept to resume)\n" }
        text += "run the same upload again to resume"
        text += stopped.filesTotal > 1 ? " (with --skip-identical, files already uploaded are skipped)\n" : "\n"
        return text
    }
}
