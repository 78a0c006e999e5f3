import Rendering

/// Names from the store pass through this before they reach the output.
func escaped(_ text: String) -> String {
    TerminalEscaping.escape(text)
}
