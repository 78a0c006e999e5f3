import NIOHTTP1

/// The one line `--debug` prints per request: `METHOD URL [headers] → STATUS (ms)`.
///
/// Secrets never reach the line: the values of the auth headers are replaced.
enum SwiftDebugLine {
    /// Request headers whose values are credentials.
    static let secretHeaders: Set<String> = ["x-auth-key", "x-auth-token", "x-storage-token", "x-storage-pass", "x-subject-token"]
    /// Request headers worth showing; the others are noise.
    static let shownHeaders: Set<String> = ["x-auth-user", "x-storage-user", "content-type", "content-length"]

    static func format(method: String, url: String, headers: HTTPHeaders, outcome: String, milliseconds: Int) -> String {
        var shown: [String] = []
        for (name, value) in headers {
            let lower = name.lowercased()
            if secretHeaders.contains(lower) {
                shown.append("\(name): <redacted>")
            } else if shownHeaders.contains(lower) {
                shown.append("\(name): \(value)")
            }
        }
        let headerText = shown.isEmpty ? "" : " [" + shown.joined(separator: ", ") + "]"
        return "\(method) \(url)\(headerText) → \(outcome) (\(milliseconds) ms)"
    }
}
