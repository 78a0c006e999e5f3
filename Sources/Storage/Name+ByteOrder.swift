extension String {
    /// Whether `self` sorts before `other` by UTF-8 bytes, the order every listing uses.
    @inlinable
    public func precedesInByteOrder(_ other: String) -> Bool {
        utf8.lexicographicallyPrecedes(other.utf8)
    }
}

extension String {
    /// Whether `self` starts with the bytes of `prefix` (no Unicode equivalence, as servers compare).
    @inlinable
    public func hasBytePrefix(_ prefix: String) -> Bool {
        utf8.starts(with: prefix.utf8)
    }
}
