/// Durations as people write them: a whole number and one unit (share links'
/// lifetimes, a cluster's `index_refresh`).
public enum DurationText {
    static let units: [(suffix: Character, seconds: Int)] = [("d", 86_400), ("h", 3_600), ("m", 60), ("s", 1)]

    /// `90s`, `30m`, `1h`, `7d` in seconds; nil for anything else, zero, or past ten years.
    public static func seconds(_ text: String) -> Int? {
        guard let last = text.last, let unit = units.first(where: { $0.suffix == last }),
            text.dropLast().allSatisfy({ ("0"..."9").contains($0) }), let count = Int(text.dropLast()), count > 0,
            count <= 3_650 * 86_400 / unit.seconds
        else { return nil }
        return count * unit.seconds
    }

    /// Seconds in the largest unit that divides them: 604800 is `7d`, 5400 `90m`.
    public static func format(_ seconds: Int) -> String {
        let unit = units.first { seconds % $0.seconds == 0 } ?? units[3]
        return "\(seconds / unit.seconds)\(unit.suffix)"
    }
}
