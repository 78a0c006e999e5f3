/// Matching a name of plain ASCII on its bytes: where every character is one byte (no
/// byte of 0x80 or more, and no CR, which with a LF makes one character), a byte per
/// token gives the answer matching by `Character` gives, without an array of them.
/// A search tests every candidate name with its glob, so this is its per-result cost.
extension Glob {
    enum ByteToken: Sendable, Equatable {
        case literal(UInt8)
        case any
        case star
        /// The bytes below 0x80 the set accepts: bit n of the first word for byte n, of the second for 64 + n.
        case set(UInt64, UInt64)
    }

    /// The tokens as bytes; nil when a literal is not plain ASCII (then only `Character`s tell).
    static func byteTokens(_ tokens: [Token]) -> [ByteToken]? {
        var found: [ByteToken] = []
        for token in tokens {
            switch token {
            case .literal(let character):
                guard let byte = Self.plainByte(character) else { return nil }
                found.append(.literal(byte))
            case .any: found.append(.any)
            case .star: found.append(.star)
            case .set:
                var (low, high): (UInt64, UInt64) = (0, 0)
                for byte in 0..<128 where byte != 0x0d && token.accepts(Character(Unicode.Scalar(UInt8(byte)))) {
                    if byte < 64 { low |= 1 << byte } else { high |= 1 << (byte - 64) }
                }
                found.append(.set(low, high))
            }
        }
        return found
    }

    static func plainByte(_ character: Character) -> UInt8? {
        guard character.utf8.count == 1, let byte = character.utf8.first, byte < 0x80, byte != 0x0d else { return nil }
        return byte
    }

    /// The answer for `text` by its bytes, or nil when it is not plain ASCII.
    func byteMatch<Text: StringProtocol>(_ text: Text) -> Bool? {
        guard let byteTokens else { return nil }
        return text.utf8.withContiguousStorageIfAvailable { bytes -> Bool? in
            guard bytes.allSatisfy({ $0 < 0x80 && $0 != 0x0d }) else { return nil }
            return Self.match(byteTokens, bytes, foldingCase: foldingCase)
        } ?? nil
    }

    /// `match(_:_:)` over bytes, letters lowercased when `foldingCase` (as `lowercased()` does to ASCII).
    static func match(_ tokens: [ByteToken], _ text: UnsafeBufferPointer<UInt8>, foldingCase: Bool) -> Bool {
        backtrack(tokens, count: text.count) { foldingCase && text[$0] &- 0x41 < 26 ? text[$0] | 0x20 : text[$0] }
    }
}

extension Glob.ByteToken: GlobToken {
    var isStar: Bool { self == .star }

    func accepts(_ byte: UInt8) -> Bool {
        switch self {
        case .literal(let literal): literal == byte
        case .any: true
        case .star: false
        case .set(let low, let high): byte < 64 ? low >> byte & 1 == 1 : high >> (byte - 64) & 1 == 1
        }
    }
}
