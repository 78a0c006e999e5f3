private let hexDigits = Array("0123456789abcdef".utf8)

extension Sequence<UInt8> {
    /// The bytes in lower-case hex, two digits each, as ETags, MD5s and signatures are
    /// written. In Storage, the lowest target that writes hex, so every writer shares it.
    public var hex: String {
        var digits: [UInt8] = []
        digits.reserveCapacity(underestimatedCount * 2)
        for byte in self {
            digits.append(hexDigits[Int(byte >> 4)])
            digits.append(hexDigits[Int(byte & 0x0F)])
        }
        return String(decoding: digits, as: UTF8.self)
    }
}
