/// How a segment of format 3 keeps an entry's date: zero for none; otherwise one plus
/// its distance after the earliest date of its block (which the block's summary holds),
/// in seconds with the low bit clear when it is a whole number of them, else in
/// milliseconds with the low bit set. Dates of whole seconds within two years of each
/// other take 4 bytes instead of the date field's 6; a folder written at once, 1 to 3.
enum DateCode {
    /// The code of the date field `field` (`SegmentWriter.dateField`) in a block whose
    /// earliest date field is `base` (no later than any dated entry's).
    static func code(_ field: UInt64, base: UInt64) -> UInt64 {
        guard field != 0 else { return 0 }
        let distance = field - base
        return 1 + (distance % 1000 == 0 ? (distance / 1000) << 1 : distance << 1 | 1)
    }

    /// The date field of `code` in a block whose earliest date field is `base`; the code
    /// itself where the segment holds date fields (nil `base`, format 2); nil when it
    /// cannot be one (a damaged block).
    static func field(_ code: UInt64, base: UInt64?) -> UInt64? {
        guard let base, code != 0 else { return code }
        let value = code - 1
        let (distance, overflow) = value & 1 == 0 ? (value >> 1).multipliedReportingOverflow(by: 1000) : (value >> 1, false)
        let (field, beyond) = base.addingReportingOverflow(distance)
        return overflow || beyond ? nil : field
    }
}
