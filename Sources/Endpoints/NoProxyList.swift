/// A `NO_PROXY` value as curl reads it: entries separated by commas or spaces; `*`
/// alone matches every host; a name matches itself and its subdomains, with or
/// without a leading dot; an IP address matches only itself, or its network when
/// written `ADDRESS/BITS` (IPv4); `HOST:PORT` matches that host on that port only.
struct NoProxyList {
    private let entries: [Substring]

    init(_ text: String) {
        entries = text.lowercased().split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" }).map { $0 }
    }

    func contains(host: String, port: Int) -> Bool {
        entries.contains { matches($0, host: host.lowercased(), port: port) }
    }

    private func matches(_ entry: Substring, host: String, port: Int) -> Bool {
        if entry == "*" { return true }
        var pattern = entry
        // A port is the part after the last colon, unless the entry is a bare IPv6 address.
        if entry.hasPrefix("[") || entry.filter({ $0 == ":" }).count == 1 {
            guard let (name, entryPort) = URLAuthority.hostAndPort(entry, defaultPort: 0) else { return false }
            if entryPort != 0 && entryPort != port { return false }
            pattern = Substring(name)
        }
        if let slash = pattern.firstIndex(of: "/") {
            return Self.inNetwork(host, network: pattern[..<slash], bits: pattern[pattern.index(after: slash)...])
        }
        while pattern.hasPrefix(".") { pattern = pattern.dropFirst() }
        while pattern.hasSuffix(".") { pattern = pattern.dropLast() }
        if pattern.isEmpty { return false }
        if host == pattern { return true }
        // An address matches only itself: "0.1" is no domain of 10.0.0.1.
        return Self.ipv4(host) == nil && !host.contains(":") && host.hasSuffix("." + pattern)
    }

    private static func inNetwork(_ host: String, network: Substring, bits: Substring) -> Bool {
        guard let address = ipv4(Substring(host)), let base = ipv4(network), let count = Int(bits), (0...32).contains(count) else {
            return false
        }
        let mask: UInt32 = count == 0 ? 0 : ~UInt32(0) << (32 - count)
        return address & mask == base & mask
    }

    private static func ipv4<S: StringProtocol>(_ text: S) -> UInt32? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        var value: UInt32 = 0
        for part in parts {
            guard let byte = UInt8(part) else { return nil }
            value = value << 8 | UInt32(byte)
        }
        return value
    }
}
