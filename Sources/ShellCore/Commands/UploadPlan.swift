import Browser
import Foundation
import Places
import Synchronization
import Transfers

/// What one `upload` sends where: its LOCAL words with local patterns expanded, and
/// DEST read by the rule `help upload` gives. Nothing is sent while it is made, so a
/// refusal leaves the store as it was.
@MainActor
struct UploadPlan {
    /// Every file to send, under the object name it takes.
    let items: [UploadItem]
    let container: String
    /// Whether several LOCALs (or a pattern) were given: one line then tells them all.
    let isSeveral: Bool
    /// Whether one line tells them all: several LOCALs, a pattern, or a folder.
    let isToldInOneLine: Bool
    /// Where they went, as the summary line names it: a folder LOCAL's own place.
    let destinationText: String
    /// Names the local paths of an engine's error as the user typed them.
    let naming: LocalPath
    /// Local names a folder's walk left out: not UTF-8, which no object name can hold.
    let skippedNames: Int

    init(_ sources: [PathArgument], destination: String?, _ context: CommandContext) async throws {
        let paths = try Self.expand(sources, context)
        isSeveral = sources.count > 1 || sources.contains { $0.pattern != nil }
        let target = try await context.session.uploadDestination(destination, in: context.place)
        if case .object = target, let destination {
            if isSeveral { throw CommandFailure.severalUploadsIntoObject(destination) }
            let local = context.localPath(destination)
            if FileManager.default.fileExists(atPath: local.absolute), local.absolute != paths[0].absolute {
                throw CommandFailure.uploadNameIsLocal(destination)
            }
        }
        var items: [UploadItem] = []
        var folderName: String?
        var skipped = 0
        for path in paths {
            let resolved = try await path.namingErrors { try context.session.uploadTarget(path.text, at: path.absolute, to: target) }
            if resolved.isDirectory { folderName = resolved.objectName }
            let found = try await path.namingErrors { try UploadCommand.items(of: resolved) }
            items += found.items
            skipped += found.skipped
        }
        skippedNames = skipped
        naming = paths.count == 1 ? paths[0] : LocalPath(literal: ".", in: context.localFolder)
        try Self.checkNamesDiffer(items, naming: naming)
        self.items = items
        isToldInOneLine = isSeveral || folderName != nil
        container = Self.location(of: target).container ?? ""
        if !isSeveral, let folderName {
            destinationText = Location(segments: [container] + folderName.split(separator: "/").map(String.init)).description
        } else {
            destinationText = Self.location(of: target).description
        }
    }

    /// The LOCAL words as paths: a pattern gives what it matches (in byte order), and an
    /// error when that is nothing.
    static func expand(_ sources: [PathArgument], _ context: CommandContext) throws -> [LocalPath] {
        var paths: [LocalPath] = []
        for source in sources {
            guard let pattern = source.pattern else {
                paths.append(context.localPath(source.text))
                continue
            }
            let matches = LocalGlob.paths(matching: pattern, in: context.localFolder)
            if matches.isEmpty { throw CommandFailure.noLocalMatch(source.text) }
            paths += matches.map { LocalPath(literal: $0, in: context.localFolder) }
        }
        return paths
    }

    /// Two files that would be stored under one name (`a/x.log b/x.log DEST/`) are
    /// refused: the second would replace the first without a word.
    static func checkNamesDiffer(_ items: [UploadItem], naming: LocalPath) throws {
        // By bytes: Swift's String equality takes é (NFC) and e + ◌́ (NFD) as one name,
        // where a store keeps them as two.
        var seen: [[UInt8]: String] = [:]
        for item in items {
            if let first = seen.updateValue(item.path, forKey: Array(item.name.utf8)) {
                throw CommandFailure.sameUploadName(item.name, first: naming.named(first), second: naming.named(item.path))
            }
        }
    }

    static func location(of destination: UploadDestination) -> Location {
        switch destination {
        case .folder(let location), .object(let location): location
        }
    }
}

/// The files of a several-LOCAL upload, counted for its one summary line.
final class UploadTally: Sendable {
    private let counts = Mutex((files: 0, bytes: Int64(0), skipped: 0))

    func add(_ result: UploadResult) {
        counts.withLock { counts in
            switch result {
            case .stored(let info, _, _):
                counts.files += 1
                counts.bytes += info.bytes
            case .skipped: counts.skipped += 1
            }
        }
    }

    /// `uploaded 3 files (1234 bytes) into /c/logs`, with the identical ones skipped and
    /// the local names left out (`notUTF8`).
    func summary(into destination: String, notUTF8: Int = 0) -> String {
        let (files, bytes, skipped) = counts.withLock { $0 }
        var text = "uploaded \(files) file\(files == 1 ? "" : "s") (\(bytes) bytes) into \(escaped(destination))"
        if skipped > 0 { text += "; \(skipped) skipped (identical)" }
        if notUTF8 > 0 { text += "; \(notUTF8) skipped (names not UTF-8)" }
        return text + "\n"
    }
}
