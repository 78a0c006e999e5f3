import NIOHTTP1

/// The one line `--debug` prints per request: `METHOD URL [via PROXY] [headers] → STATUS (ms)`.
///
/// Secrets never reach the line: the values of the auth headers are replaced, and of
/// an AWS `Authorization` header only the algorithm and the signed header names stay;
/// the proxy is given already redacted (`ProxyServer.redacted`).
package enum HTTPDebugLine {
    /// Request headers whose values are credentials.
    package static let secretHeaders: Set<String> = [
        "x-auth-key", "x-auth-token", "x-storage-token", "x-storage-pass", "x-subject-token",
        "x-amz-security-token", "x-account-meta-temp-url-key", "x-account-meta-temp-url-key-2",
        "x-container-meta-temp-url-key", "x-container-meta-temp-url-key-2",
    ]
    /// Request headers worth showing; the others are noise.
    package static let shownHeaders: Set<String> = [
        "x-auth-user", "x-storage-user", "content-type", "content-length",
        "range",
    ]

    package static func format(
        method: String, url: String, proxy: String? = nil, headers: HTTPHeaders, outcome: String, milliseconds: Int
    ) -> String {
        var shown: [String] = []
        for (name, value) in headers {
            let lower = name.lowercased()
            if lower == "authorization" {
                shown.append("\(name): \(redactedAuthorization(value))")
            } else if secretHeaders.contains(lower) {
                shown.append("\(name): <redacted>")
            } else if shownHeaders.contains(lower) {
                shown.append("\(name): \(value)")
            }
        }
        let headerText = shown.isEmpty ? "" : " [" + shown.joined(separator: ", ") + "]"
        let via = proxy.map { " via \($0)" } ?? ""
        return "\(method) \(url)\(via)\(headerText) → \(outcome) (\(milliseconds) ms)"
    }

    /// `AWS4-HMAC-SHA256 Credential=<redacted>, SignedHeaders=…, Signature=<redacted>`:
    /// the access key and the signature go; any other scheme goes whole.
    static func redactedAuthorization(_ value: String) -> String {
        let parts = value.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0] == "AWS4-HMAC-SHA256" else { return "<redacted>" }
        let fields = parts[1].split(separator: ",").map { field -> String in
            let trimmed = field.trimmingPrefix(while: { $0 == " " })
            return trimmed.hasPrefix("SignedHeaders=")
                ? String(trimmed) : (trimmed.split(separator: "=").first.map(String.init) ?? "") + "=<redacted>"
        }
        return "AWS4-HMAC-SHA256 " + fields.joined(separator: ", ")
    }
}
