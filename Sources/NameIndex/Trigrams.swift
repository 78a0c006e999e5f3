/// The trigrams of lowercased names: three bytes packed into one number.
///
/// A name's trigrams are taken from `name.lowercased()`'s UTF-8 bytes, as `search`
/// compares lowercased names; a term's from the literal runs it requires (already
/// lowercased). A run contained in a name has all its trigrams in the name's, so a
/// block lacking one of them cannot hold a match.
enum Trigrams {
    /// The lowercased bytes of `name`: a plain ASCII name without allocating a string.
    static func foldedBytes(_ name: String) -> [UInt8] {
        var bytes = Array(name.utf8)
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return Array(name.lowercased().utf8) }
        for index in bytes.indices where bytes[index] >= 0x41 && bytes[index] <= 0x5a { bytes[index] |= 0x20 }
        return bytes
    }

    /// Calls `body` with each trigram of `bytes`, repeats included.
    static func each(of bytes: [UInt8], _ body: (UInt32) -> Void) {
        guard bytes.count >= 3 else { return }
        var key = UInt32(bytes[0]) << 8 | UInt32(bytes[1])
        for byte in bytes[2...] {
            key = (key << 8 | UInt32(byte)) & 0xff_ffff
            body(key)
        }
    }

    /// The distinct trigrams every match of the runs contains.
    static func required(by runs: [String]) -> [UInt32] {
        var keys = Set<UInt32>()
        for run in runs { each(of: Array(run.utf8)) { keys.insert($0) } }
        return keys.sorted()
    }
}
