import Foundation
import Glibc

/// Which ranges of a ranged download are in the partial file: a small text file beside
/// it (`.NAME.TAG.objsh-ranges`), a header naming the plan, then one line per range,
/// appended only once the range's bytes are written. A range written but not listed is
/// fetched again; a listed range is still read back and verified before the rename,
/// so a journal that says more than the disk kept (a machine that lost power) cannot
/// let wrong bytes through.
final class RangeJournal: @unchecked Sendable {
    let path: String
    private let descriptor: Int32
    private let lock = NSLock()

    /// The journal's name for `partial` (same length, so it fits wherever the partial's does).
    static func name(forPartial partial: String) -> String {
        String(partial.dropLast(LocalFile.partialSuffix.count)) + LocalFile.journalSuffix
    }

    /// The ranges an earlier run listed for this plan; nil without a journal, or with
    /// one of another plan (which is then not to be trusted).
    static func listed(at path: String, plan: RangePlan) -> Set<Int>? {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: true)
        guard lines.first.map(String.init) == header(plan) else { return nil }
        lines.removeFirst()
        // A line cut short by a crash is not a whole number of a range: left out.
        return Set(lines.compactMap { Int($0) }.filter { plan.slices.indices.contains($0) })
    }

    static func header(_ plan: RangePlan) -> String { "objsh-ranges 1 \(plan.signature)" }

    /// Starts the journal afresh for `plan`, listing `done` (ranges known to be whole).
    init(path: String, plan: RangePlan, done: Set<Int>) throws {
        self.path = path
        descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw LocalFile.failure(path) }
        let text = ([Self.header(plan)] + done.sorted().map(String.init)).joined(separator: "\n") + "\n"
        try Array(text.utf8).withUnsafeBytes { try LocalFile.write(descriptor, $0, path: path) }
    }

    deinit { close(descriptor) }

    /// Lists range `index` as whole; called once its bytes are in the partial file.
    func record(_ index: Int) throws {
        try lock.withLock {
            try Array("\(index)\n".utf8).withUnsafeBytes { try LocalFile.write(descriptor, $0, path: path) }
        }
    }

    /// Removes the journal of `partial`, if there is one.
    static func remove(forPartial partial: String) { unlink(name(forPartial: partial)) }
}
