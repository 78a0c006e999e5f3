/// Human-readable byte counts for listing details.
public enum ByteCountText {
    private static let units = ["KiB", "MiB", "GiB", "TiB", "PiB", "EiB"]

    /// Formats a byte count 1024-based: "0 B", "999 B", "1023 B", "1.0 KiB", "12.3 MiB", "4.0 GiB".
    ///
    /// Bytes are shown as an integer; from KiB up one decimal, rounded half up. A value that
    /// would round to "1024.0" of a unit is shown in the next unit instead. Negative counts
    /// keep their sign.
    public static func format(_ bytes: Int64) -> String {
        if bytes < 0 {
            // Int64.min has no positive counterpart; clamp it by one byte.
            let magnitude = bytes == Int64.min ? Int64.max : -bytes
            return "-" + format(magnitude)
        }
        if bytes < 1024 { return "\(bytes) B" }
        var value = Double(bytes) / 1024
        var unit = 0
        while unit < units.count - 1, (value * 10).rounded() >= 1024 * 10 {
            value /= 1024
            unit += 1
        }
        let tenths = Int64((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10) \(units[unit])"
    }
}
