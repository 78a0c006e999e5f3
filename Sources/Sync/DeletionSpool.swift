import Foundation
import Glibc
import Storage

/// What only DEST holds, written to a temporary file as the comparison finds it, so a
/// sync can say how many objects and bytes `--delete` removes, and ask, before any goes:
/// memory stays one page whatever the count. A record is `BYTES KIND NAMELENGTH\nNAME\n`
/// (the length, since a name may hold a newline).
public final class DeletionSpool: @unchecked Sendable {
    private let path: String
    private let file: UnsafeMutablePointer<FILE>
    public private(set) var count = 0
    public private(set) var bytes: Int64 = 0

    init() throws {
        var template = Array((NSTemporaryDirectory() + "/objsh-sync-deletes-XXXXXX").utf8CString)
        let descriptor = mkstemp(&template)
        guard descriptor >= 0, let file = fdopen(descriptor, "w+") else {
            throw StorageError.system("cannot make a temporary file")
        }
        path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        self.file = file
        unlink(path)  // gone from the folder at once: nothing to clean up after a kill
    }

    deinit { fclose(file) }

    /// Keeps `entry` (DEST's) for later.
    func add(_ entry: PlaceEntry) throws {
        let kind: Character
        switch entry.object?.manifestKind {
        case .staticManifest, .multipartUpload: kind = "s"
        case .dynamicManifest: kind = "m"
        default: kind = entry.object?.mayBeLargeObject == true ? "m" : "p"
        }
        let record = "\(entry.bytes) \(kind) \(entry.name.utf8.count)\n\(entry.name)\n"
        let text = Array(record.utf8)  // fwrite, not fputs: a name may hold a NUL
        guard fwrite(text, 1, text.count, file) == text.count else {
            throw StorageError.system("cannot write a temporary file")
        }
        count += 1
        bytes += entry.bytes
    }

    /// The kept entries, `page` at a time, in the order they came (name order).
    func pages(_ page: Int, _ body: ([(name: String, bytes: Int64, kind: Character)]) async throws -> Void) async throws {
        fflush(file)
        rewind(file)
        var batch: [(name: String, bytes: Int64, kind: Character)] = []
        while let record = try next() {
            batch.append(record)
            if batch.count == page {
                try await body(batch)
                batch.removeAll(keepingCapacity: true)
            }
        }
        if !batch.isEmpty { try await body(batch) }
    }

    private func next() throws -> (name: String, bytes: Int64, kind: Character)? {
        var line: UnsafeMutablePointer<CChar>?
        var capacity = 0
        defer { free(line) }
        guard getline(&line, &capacity, file) > 0, let line else { return nil }
        let fields = String(cString: line).dropLast().split(separator: " ")
        guard fields.count == 3, let bytes = Int64(fields[0]), let length = Int(fields[2]), let kind = fields[1].first else {
            throw StorageError.io("a temporary file of sync was changed under it")
        }
        var name = [UInt8](repeating: 0, count: length + 1)
        guard fread(&name, 1, length + 1, file) == length + 1 else { throw StorageError.io("a temporary file of sync ended early") }
        return (String(decoding: name.dropLast(), as: UTF8.self), bytes, kind)
    }
}
