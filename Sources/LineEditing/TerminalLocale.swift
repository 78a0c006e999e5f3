import Foundation

/// The character set libedit decodes keys with.
public enum TerminalLocale {
    /// Takes LC_CTYPE from the environment and falls back to C.UTF-8 when that is not
    /// UTF-8: in the C locale libedit drops every non-ASCII key.
    @discardableResult
    public static func ensureUTF8() -> String {
        if let name = setlocale(LC_CTYPE, ""), isUTF8(String(cString: name)) { return String(cString: name) }
        for candidate in ["C.UTF-8", "C.utf8", "en_US.UTF-8"] {
            if let name = setlocale(LC_CTYPE, candidate) { return String(cString: name) }
        }
        return setlocale(LC_CTYPE, nil).map { String(cString: $0) } ?? "C"
    }

    private static func isUTF8(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return lowered.contains("utf-8") || lowered.contains("utf8")
    }
}
