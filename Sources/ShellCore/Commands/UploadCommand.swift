import Browser
import Foundation
import Storage
import Transfers

/// `upload [options] LOCAL... [DEST]`: files, or folders' files several at once,
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
    nonisolated static let contentType = OptionSpec(
        "--content-type", value: .text, valueName: "TYPE", help: "the content type of every object, e.g. text/plain (default: from the name)")
    nonisolated static let metadata = OptionSpec(
        "--metadata", value: .text, valueName: "KEY=VALUE", help: "user metadata for every object (give it once for each key)")
    nonisolated static let cacheControl = OptionSpec(
        "--cache-control", value: .text, valueName: "VALUE", help: "the Cache-Control every object is served with, e.g. max-age=3600")
    nonisolated static let storageClass = OptionSpec(
        "--storage-class", value: .text, valueName: "CLASS", help: "S3's storage class of every object, e.g. STANDARD_IA (not on Swift)")
    nonisolated static let verbose = OptionSpec(
        "-v", help: "say each file as it lands (a folder or several files end with one line that counts them)")
    nonisolated static let spec = CommandSpec(
        name: "upload", aliases: ["put"],
        summary: "upload files or folders (recursively) into the current folder or DEST",
        details: """
            Stores each LOCAL (a file, or a folder's files several at once) under its own \
            name in the current folder. A LOCAL with *, ? or [...] outside quotes is a local \
            pattern that objsh expands, as sftp's mput does (upload *.log); one that matches \
            nothing is an error. With more than one word, the last is DEST. A DEST that \
            ends in / or names a container or folder that is there (absolute, or relative to \
            the current folder) takes every LOCAL under its own name: upload a.log b.log \
            logs/ stores logs/a.log and logs/b.log. Any other DEST is the object name one \
            LOCAL is stored as (upload f /photos/2024/f.jpg), and only one: several LOCALs \
            or a pattern with such a DEST are refused, and so is a DEST that is a local \
            file as well (upload a.log b.log with both files there: end with ./ to send \
            both). A folder, or several files, end with one line that counts them (the \
            identical ones skipped too, and files whose names are not UTF-8, which are left \
            out and make the upload fail once the rest is sent); -v says each file as well. \
            Each object lands whole, its MD5 checked, or not at \
            all. A file larger than one segment (or than the cluster's max_file_size) becomes \
            a static large object: segments in CONTAINER_segments, several in flight, each \
            MD5 checked, the manifest last. After an interruption (Ctrl-C, a lost \
            connection) the same command again sends only the missing segments. Replacing a \
            large object deletes its old segments once the new one has landed. Then the \
            folder is shown again.
            With - for LOCAL, standard input goes up as DEST (required), read a segment at \
            a time: up to one segment, one PUT; longer, a large object whose segments go up \
            as they fill (memory holds at most N+1 segments of --parallel N), its size known \
            at the end. Past the cluster's most segments (S3: 10,000 parts, or max_parts) it \
            stops: give a bigger --segment-size. Interrupted or failed, nothing is stored \
            and the segments sent are deleted: standard input cannot be resumed. Only in \
            scripts (objsh -c, -f), not at the prompt; a file named - is ./-.
            Example: upload --segment-size 256M ~/Downloads/disk.iso
            --content-type, --metadata KEY=VALUE and --cache-control go with every object \
            sent (keys as meta takes them); the file store keeps none. --storage-class \
            CLASS (S3: STANDARD_IA, GLACIER… as the server offers them) is refused by \
            Swift, whose storage policies are per container, before anything is sent. \
            info shows the Cache-Control and storage class an object has.
            Example: upload *.log /backup/logs/
            Example: upload --content-type text/csv --metadata source=crm export.csv
            Example: upload --cache-control max-age=86400 --storage-class STANDARD_IA site/
            Example: tar c photos | objsh -c 'cd /backup; upload - photos.tar'
            """,
        options: [
            segmentSize, parallel, leaveSegments, skipIdentical, contentType, metadata, cacheControl, storageClass, progress, verbose,
        ],
        operands: [OperandSpec("LOCAL", .localPath, repeating: true), OperandSpec("DEST", .remoteAny, optional: true)])

    /// The LOCAL words, each with its pattern when it has an unquoted wildcard.
    let sources: [PathArgument]
    let destination: String?
    var options: UploadOptions
    let showsProgress: Bool
    let saysEachFile: Bool

    init(_ arguments: CommandArguments) throws {
        let words = arguments.paths()
        sources = words.count > 1 ? Array(words.dropLast()) : words
        destination = words.count > 1 ? words.last!.text : nil
        options = UploadOptions(leaveSegments: try arguments.flag(Self.leaveSegments), skipIdentical: try arguments.flag(Self.skipIdentical))
        if let size = try arguments.size(Self.segmentSize) { options.segmentBytes = size }
        if let count = try arguments.number(Self.parallel, in: 1...64) {
            options.parallel = count
            options.pinned = true
        }
        showsProgress = try arguments.flag(Self.progress)
        options.contentType = try arguments.value(Self.contentType).map { try MetaCommand.checkedType($0, spec: arguments.spec) }
        options.attributes = UploadAttributes(
            metadata: try MetaCommand.settings(try arguments.values(Self.metadata)[...], spec: arguments.spec, option: Self.metadata.name),
            cacheControl: try Self.headerValue(Self.cacheControl, arguments), storageClass: try Self.headerValue(Self.storageClass, arguments))
        saysEachFile = try arguments.flag(Self.verbose)
        guard sources.contains(where: { $0.text == "-" && $0.pattern == nil }) else { return }
        if sources.count > 1 { throw ShellError.usage(Self.spec, .tooManyArguments) }
        if destination == nil { throw ShellError.usage(Self.spec, .standardInputNeedsName) }
        // Standard input can be read once only: there is nothing to compare before sending it.
        if options.skipIdentical { throw ShellError.usage(Self.spec, .exclusiveOptions("--skip-identical", "-")) }
        // A stream's large upload starts before its size is known, with no metadata to give.
        if let given = [
            (!options.attributes.metadata.isEmpty, Self.metadata), (options.attributes.cacheControl != nil, Self.cacheControl),
            (options.attributes.storageClass != nil, Self.storageClass),
        ].first(where: \.0)?.1 {
            throw ShellError.usage(Self.spec, .exclusiveOptions(given.name, "-"))
        }
    }

    /// A header's value as given: printable ASCII, which both APIs send as it is.
    static func headerValue(_ option: OptionSpec, _ arguments: CommandArguments) throws -> String? {
        guard let value = try arguments.value(option) else { return nil }
        guard !value.isEmpty, value.unicodeScalars.allSatisfy({ (0x20...0x7E).contains($0.value) }) else {
            throw ShellError.usage(Self.spec, .badOptionValue(option: option.name, .headerValue))
        }
        return value
    }

    func run(_ context: CommandContext) async throws -> CommandOutcome {
        try context.session.checkKeeps(options.attributes, contentType: options.contentType)
        if sources.first?.text == "-", sources.first?.pattern == nil, let destination {
            return try await uploadStandardInput(as: destination, context)
        }
        let plan = try await UploadPlan(sources, destination: destination, context)
        do {
            try await upload(plan, context)
        } catch let stopped as UploadInterrupted {
            context.console.writeError(Self.describe(stopped))
            throw ShellError.interrupted
        }
        return .storeChanged(printPanes: true)
    }

    /// Sends the files, or the folders' files, with the progress line when it is shown;
    /// one line for a single file, one line in all for a folder or several (and, with -v,
    /// one for each file too).
    func upload(_ plan: UploadPlan, _ context: CommandContext) async throws {
        let items = plan.items
        let showsProgress = context.settings.streams.progress || showsProgress
        let total = try items.reduce(0) { $0 + (try LocalFiles.version(of: $1.path)).bytes }
        let progress = TransferProgress(name: "", bytesTotal: total, itemsTotal: items.count)
        let uploader = context.session.uploader(options: options, progress: progress)
        let console = context.console
        let tally = UploadTally()
        let (inOneLine, eachFile) = (plan.isToldInOneLine, saysEachFile || !plan.isToldInOneLine)
        try await console.withProgress(showsProgress ? progress : nil) {
            try await plan.naming.namingErrors {
                try await uploader.upload(items, into: plan.container) { result in
                    tally.add(result)
                    if eachFile { console.writeNote(Self.describe(result)) }
                }
            }
        }
        if inOneLine { console.writeNote(tally.summary(into: plan.destinationText, notUTF8: plan.skippedNames)) }
        // Left out, as a failed object is: the command fails once the rest is sent.
        if plan.skippedNames > 0 { throw CommandFailure.namesNotUTF8(plan.skippedNames) }
    }

    /// The files `target` sends, and how many a folder's walk left out (names not UTF-8).
    static func items(of target: UploadTarget) throws -> (items: [UploadItem], skipped: Int) {
        guard target.isDirectory else { return ([UploadItem(path: target.source, name: target.objectName)], 0) }
        let (files, skipped) = try LocalFiles.files(under: target.source)
        return (files.map { UploadItem(path: target.source + "/" + $0, name: target.objectName + "/" + $0) }, skipped)
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
