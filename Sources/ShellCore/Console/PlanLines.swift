import Rendering
import Sync

/// How a comparison is printed, one renderer for every command that shows one: a
/// line for each name that differs (`+` only in SRC, `-` only in DEST, `~` other
/// content, `~?` other by size and time, when nothing could prove the content), then
/// the totals; or the same as JSON Lines records.
enum PlanLines {
    /// The mark of a verdict; nil for a name that is the same on both sides.
    static func mark(_ verdict: Verdict) -> String? {
        switch verdict {
        case .onlyInSource: "+"
        case .onlyInDestination: "-"
        case .differs(_, _, let basis): basis.isSizeAndTime ? "~?" : "~"
        case .same: nil
        }
    }

    /// `+ NAME`, the name escaped; nil for a name that is the same.
    static func line(_ verdict: Verdict) -> String? {
        mark(verdict).map { "\($0) \(escaped(verdict.name))\n" }
    }

    /// `{"change":"~","name":…,"bytes":…,"by":"md5"}`; nil for a name that is the same.
    static func record(_ verdict: Verdict) -> JSONLine? {
        guard let mark = mark(verdict) else { return nil }
        var record = JSONLine()
        record.add(.change, mark)
        record.add(.name, verdict.name)
        switch verdict {
        case .onlyInSource(let entry), .onlyInDestination(let entry):
            record.add(.bytes, entry.bytes)
        case .differs(let source, _, let basis), .same(let source, _, let basis):
            record.add(.bytes, source.bytes)
            record.add(.by, basis.word)
        }
        return record
    }

    /// `= 9 same, + 3 (1.2 MiB), - 1 (4.0 KiB), ~ 2 (8.0 KiB); 0 by size and time; hashed 2 files (8.0 KiB)`.
    static func totals(_ totals: ComparisonTotals, hashed: HashCounters) -> String {
        "= \(totals.same) same, + \(totals.onlyInSource) (\(size(totals.onlyInSourceBytes))), "
            + "- \(totals.onlyInDestination) (\(size(totals.onlyInDestinationBytes))), ~ \(totals.differ) (\(size(totals.differBytes))); "
            + "\(totals.bySizeAndTime) by size and time; hashed \(hashed.filesRead) files (\(size(hashed.bytesRead)))\n"
    }

    /// The totals as the last JSON record, `kind` `totals`.
    static func totalsRecord(_ totals: ComparisonTotals, hashed: HashCounters) -> JSONLine {
        var record = JSONLine()
        record.add(.kind, "totals")
        record.add(.same, totals.same)
        record.add(.added, totals.onlyInSource)
        record.add(.addedBytes, totals.onlyInSourceBytes)
        record.add(.removed, totals.onlyInDestination)
        record.add(.removedBytes, totals.onlyInDestinationBytes)
        record.add(.changed, totals.differ)
        record.add(.changedBytes, totals.differBytes)
        record.add(.bySizeAndTime, totals.bySizeAndTime)
        record.add(.hashedFiles, hashed.filesRead)
        record.add(.hashedBytes, hashed.bytesRead)
        return record
    }

    static func size(_ bytes: Int64) -> String { ByteCountText.format(bytes) }

    /// Runs `comparison` and prints its plan: a line (or record) for each name that
    /// differs, `-` ones only with `removals`, then the totals. Returns the totals.
    static func print(_ comparison: Comparison, json: Bool, removals: Bool, _ context: CommandContext) async throws -> ComparisonTotals {
        let totals = try await comparison.run { verdict in
            if case .onlyInDestination = verdict, !removals { return }
            if json {
                if let record = record(verdict) { context.console.writeJSON([record]) }
            } else if let line = line(verdict) {
                context.console.write(line)
            }
        }
        if json {
            context.console.writeJSON([totalsRecord(totals, hashed: comparison.counters)])
        } else {
            context.console.write(self.totals(totals, hashed: comparison.counters))
        }
        return totals
    }
}
