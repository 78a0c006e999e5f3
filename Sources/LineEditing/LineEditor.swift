@preconcurrency import CLineEdit
import Foundation
import ShellCore

// C callbacks cannot capture anything: each finds its editor through EL_CLIENTDATA.
private let promptCallback: @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<CChar>? = { editLine in
    editLine.flatMap(LineEditor.owner)?.promptText
}

private let readCharacterCallback: @convention(c) (OpaquePointer?, UnsafeMutablePointer<wchar_t>?) -> Int32 = { editLine, character in
    guard let character, let editor = editLine.flatMap(LineEditor.owner) else { return -1 }
    return editor.readCharacter(into: character)
}

private let completeCallback: @convention(c) (OpaquePointer?, Int32) -> UInt8 = { editLine, _ in
    guard let editor = editLine.flatMap(LineEditor.owner) else { return UInt8(CC_ERROR) }
    return editor.complete()
}

/// Lines read through libedit: emacs bindings, `~/.editrc`, history kept in a file,
/// UTF-8, and TAB completion from a `CompletionHandler`.
///
/// Use it only when standard input and output are both terminals. Ctrl-C, resizes and
/// hang-ups come from `SignalEvents` (install it first): libedit's own signal handling
/// is off, because it would only see signals delivered to the reading thread.
public final class LineEditor: LineSource, @unchecked Sendable {
    // @unchecked: one caller at a time. The interactive loop awaits each read before it
    // touches the editor again, and the C callbacks run inside that read.
    let editLine: OpaquePointer
    let history: EditHistory
    fileprivate var promptText: UnsafeMutablePointer<CChar>
    var completion: CompletionHandler?
    var wasInterrupted = false
    /// Above this many matches, TAB asks before listing them.
    public var listingQuestionThreshold = 100

    /// Opens libedit on the process's terminal, with the history in `historyFile`
    /// (loaded now, at most `historySize` entries); nil when libedit cannot start.
    public init?(historyFile: String?, historySize: Int32 = 1_000) {
        TerminalLocale.ensureUTF8()
        guard let history = EditHistory(file: historyFile, size: historySize) else { return nil }
        guard let editLine = clineedit_init("objsh") else { return nil }
        self.editLine = editLine
        self.history = history
        promptText = strdup("> ")
        // Unretained: the editor owns `editLine` and ends it in deinit.
        clineedit_set_clientdata(editLine, Unmanaged.passUnretained(self).toOpaque())
        clineedit_set_editor(editLine, "emacs")
        clineedit_set_signal(editLine, 0)
        clineedit_set_getc(editLine, readCharacterCallback)
        clineedit_set_prompt(editLine, promptCallback)
        clineedit_set_history(editLine, history.handle)
        clineedit_add_function(editLine, "objsh-complete", "complete commands, options and names", completeCallback)
        clineedit_bind(editLine, "^I", "objsh-complete")
        clineedit_bind(editLine, "^R", "em-inc-search-prev")
        el_source(editLine, nil)
    }

    deinit {
        history.save()
        el_end(editLine)
        free(promptText)
    }

    static func owner(of editLine: OpaquePointer) -> LineEditor? {
        clineedit_clientdata(editLine).map { Unmanaged<LineEditor>.fromOpaque($0).takeUnretainedValue() }
    }

    public func read(prompt: String, completion: CompletionHandler?) async -> LineEvent {
        free(promptText)
        promptText = strdup(prompt)
        self.completion = completion
        return await ReaderThread.run { self.readBlocking() }
    }

    /// Adds a line to the history and saves the file at once, so a crash loses nothing.
    public func remember(_ line: String) {
        var trimmed = line
        while trimmed.last == " " || trimmed.last == "\t" { trimmed.removeLast() }
        guard !trimmed.isEmpty else { return }
        history.add(trimmed)
        history.save()
    }

    private func readBlocking() -> LineEvent {
        wasInterrupted = false
        SignalEvents.clearInterrupt()
        if SignalEvents.takeResize() { el_resize(editLine) }
        var count: Int32 = 0
        guard let text = el_gets(editLine, &count) else {
            if let signal = SignalEvents.hangupSignal { return .hangup(signal) }
            return wasInterrupted ? .interrupted : .endOfFile
        }
        var line = String(cString: text)
        if line.hasSuffix("\n") { line.removeLast() }
        return .line(line)
    }

    /// libedit's read-a-character hook: waits on the terminal and the signal pipe.
    fileprivate func readCharacter(into character: UnsafeMutablePointer<wchar_t>) -> Int32 {
        while true {
            let (scalar, event) = TerminalInput.nextScalar()
            if let scalar {
                character.pointee = wchar_t(bitPattern: scalar.value)
                return 1
            }
            switch event {
            case .resized:
                el_resize(editLine)
            case .interrupted:
                wasInterrupted = true
                errno = EINTR
                return -1
            case .hangup:
                errno = EINTR
                return -1
            case .endOfFile, .byte:
                return 0
            }
        }
    }
}
