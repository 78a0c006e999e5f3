/// How many one-character edits (insert, delete, replace) turn one word into another:
/// what "did you mean" offers for a mistyped command or config key.
public enum EditDistance {
    public static func between(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        var row = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var previous = row[0]
            row[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                let old = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                previous = old
            }
        }
        return a.isEmpty ? b.count : row[b.count]
    }

    /// The word of `words` nearest `word`, when it is near enough to be what was meant:
    /// at most 2 edits, or a third of the word (`endpoint_url` → `endpoint`). Ties go
    /// to the first in byte order.
    public static func closest(to word: String, among words: some Sequence<String>) -> String? {
        let limit = max(2, word.count / 3)
        let ranked = words.map { (word: $0, distance: between($0, word)) }.filter { $0.distance <= limit }
        return ranked.min { $0.distance != $1.distance ? $0.distance < $1.distance : $0.word.utf8.lexicographicallyPrecedes($1.word.utf8) }?.word
    }
}
