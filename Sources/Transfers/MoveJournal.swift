import Foundation

/// The record of a folder `mv` while it runs: what moves where, and each object moved,
/// appended as it goes (a line each, so a kill loses at most the line being written).
/// An interrupted move leaves it behind; the same `mv` again reads it, finishes what is
/// left (objects whose copy is already there and verified just lose their source), and
/// removes it when everything has moved. No object is ever in neither place: a source
/// goes only after its copy was verified.
public final class MoveJournal: @unchecked Sendable {
    public let path: String
    /// Objects the journal says were moved before this run.
    public let movedBefore: Int
    /// Whether a journal of an earlier, interrupted run was found (it may list no object
    /// yet: a kill can land after copies were made and before a source went).
    public let resumes: Bool
    private let lock = NSLock()
    private let handle: FileHandle

    /// Opens (or makes) the journal of moving `source` as the command named `destination`
    /// (its TARGET) to `target` in `cluster`, in `folder`.
    public init(folder: String, cluster: String, source: String, destination: String, target: String) throws {
        path = Self.path(folder: folder, cluster: cluster, source: source, destination: destination)
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw TransferError.local(path: folder, problem: .cannotMakeFolder)
        }
        let existing = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        movedBefore = existing.split(separator: "\n").filter { $0.hasPrefix("moved ") }.count
        resumes = !existing.isEmpty
        if existing.isEmpty {
            let header =
                "objsh mv journal\ncluster \(Self.line(cluster))\nfrom \(Self.line(source))\nto \(Self.line(target))\n"
                + "as \(Self.line(destination))\n"
            guard FileManager.default.createFile(atPath: path, contents: Data(header.utf8)) else {
                throw TransferError.local(path: path, problem: .system(errno))
            }
        }
        guard let handle = FileHandle(forWritingAtPath: path) else { throw TransferError.local(path: path, problem: .system(errno)) }
        handle.seekToEndOfFile()
        self.handle = handle
    }

    /// Where an interrupted move of `source` to `destination` was going, when its journal
    /// is there: run again, the move goes on to the same place (the target folder it
    /// made meanwhile would otherwise be taken as a folder to move into).
    public static func recordedTarget(folder: String, cluster: String, source: String, destination: String) -> String? {
        let path = path(folder: folder, cluster: cluster, source: source, destination: destination)
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        return text.split(separator: "\n").first { $0.hasPrefix("to ") }.map { unescaped(String($0.dropFirst(3))) }
    }

    static func path(folder: String, cluster: String, source: String, destination: String) -> String {
        let key = "\(cluster)\n\(source)\n\(destination)"
        let hash = key.utf8.reduce(UInt64(14_695_981_039_346_656_037)) { ($0 ^ UInt64($1)) &* 1_099_511_628_211 }
        return folder + "/move-" + String(hash, radix: 16) + ".journal"
    }

    func moved(_ name: String) {
        lock.withLock { handle.write(Data(("moved " + Self.line(name) + "\n").utf8)) }
    }

    /// The move is complete: the journal goes.
    public func finish() {
        lock.withLock { try? handle.close() }
        unlink(path)
    }

    /// A name on one line: newlines and backslashes escaped.
    static func line(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\n", with: "\\n")
    }

    static func unescaped(_ line: String) -> String {
        var text = ""
        var escaping = false
        for character in line {
            if escaping {
                text.append(character == "n" ? "\n" : character)
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                text.append(character)
            }
        }
        return text
    }
}
