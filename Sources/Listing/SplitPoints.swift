import Storage

/// Where to cut the rest of a listing into key ranges, guessed from its first page.
///
/// The guesses need not be right, only useful: each is probed for the first real
/// entry after it, and only real entries become split points, so a bad guess costs
/// one small request and never an entry.
public enum SplitPoints {
    /// Names after the page's last name, ascending: the last name cut at each position
    /// from where the page's names start to differ back to the prefix, with the
    /// character there raised to each larger one the page uses (at the deepest
    /// position, when shallower ones follow, only to the next one: the larger ones
    /// mostly land on the same entry, the first after the page's last group). Thinned
    /// to `limit`.
    public static func candidates(after page: [String], prefix: String, limit: Int) -> [String] {
        guard let first = page.first, let last = page.last, limit > 0 else { return [] }
        let start = prefix.unicodeScalars.count
        let lastScalars = Array(last.unicodeScalars)
        let firstScalars = Array(first.unicodeScalars)
        let common = min(firstScalars.count, lastScalars.count)
        let differ = (0..<common).first { firstScalars[$0] != lastScalars[$0] } ?? common
        let deepest = min(differ, lastScalars.count - 1)
        guard deepest >= start else { return [] }
        let alphabet = characters(of: page, from: start)
        var found: [String] = []
        for position in stride(from: deepest, through: start, by: -1) {
            var base = String.UnicodeScalarView()
            base.append(contentsOf: lastScalars[..<position])
            let head = String(base)
            let larger = alphabet.filter { $0.value > lastScalars[position].value }
            for scalar in position == deepest && position > start ? Array(larger.prefix(1)) : larger {
                found.append(head + String(Character(scalar)))
            }
        }
        return thinned(found, to: limit)
    }

    /// The characters the names use after the prefix, in byte order (a sample of
    /// names is enough to see them).
    static func characters(of page: [String], from start: Int) -> [Unicode.Scalar] {
        var seen = Set<Unicode.Scalar>()
        let step = max(1, page.count / 1000)
        for index in stride(from: 0, to: page.count, by: step) {
            for scalar in page[index].unicodeScalars.dropFirst(start) { seen.insert(scalar) }
        }
        return seen.sorted { $0.value < $1.value }
    }

    /// At most `limit` of `names`, evenly spread, still ascending.
    static func thinned(_ names: [String], to limit: Int) -> [String] {
        guard names.count > limit else { return names }
        return (0..<limit).map { names[$0 * names.count / limit] }
    }

    /// At most `limit` of `splits`: every other one, as often as it takes. Each range
    /// costs a request more than its pages (the one that finds its end), so a listing
    /// needs only enough ranges to keep `concurrency` of them busy; dropping a split
    /// joins two neighbouring ranges, and never loses an entry.
    public static func fewer(_ splits: [ListingEntry], limit: Int) -> [ListingEntry] {
        var kept = splits
        // The odd ones: the first split often sits right after the first page.
        while kept.count > max(1, limit) { kept = stride(from: 1, to: kept.count, by: 2).map { kept[$0] } }
        return kept
    }

    /// The split entries: the probes' real entries after `last`, ascending, each once.
    public static func entries(_ probed: [ListingEntry], after last: String) -> [ListingEntry] {
        var seen = Set<String>()
        return probed.filter { last.precedesInByteOrder($0.name) && seen.insert($0.name).inserted }
            .sorted { $0.name.precedesInByteOrder($1.name) }
    }
}
