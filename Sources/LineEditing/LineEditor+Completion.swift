@preconcurrency import CLineEdit
import Dispatch
import Foundation
import ShellCore
import Synchronization

extension LineEditor {
    /// Bound to TAB: asks the completion handler, edits the line, lists the matches.
    func complete() -> UInt8 {
        guard let completion, let info = el_line(editLine)?.pointee,
            let buffer = info.buffer, let cursor = info.cursor, let end = info.lastchar
        else { return UInt8(CC_ERROR) }
        // el_line gives UTF-8 bytes; the completer and el_deletestr count characters.
        let line = String(decoding: UnsafeRawBufferPointer(start: buffer, count: end - buffer), as: UTF8.self)
        let cursorOffset = String(decoding: UnsafeRawBufferPointer(start: buffer, count: cursor - buffer), as: UTF8.self).unicodeScalars.count
        guard let result = Self.wait(for: completion, line: line, cursor: cursorOffset) else {
            clineedit_write_out("^C")
            return UInt8(CC_REDISPLAY)
        }
        if result.foundNothing { return UInt8(CC_REFRESH_BEEP) }
        if var replacement = result.replacement {
            let blankFollows = cursor < end && (cursor.pointee == 0x20 || cursor.pointee == 0x09)
            if blankFollows && replacement.hasSuffix(" ") { replacement.removeLast() }
            el_deletestr(editLine, Int32(cursorOffset - result.replacementStart))
            el_insertstr(editLine, replacement)
        }
        guard !result.candidates.isEmpty else { return UInt8(CC_REFRESH) }
        show(result)
        return UInt8(CC_REDISPLAY)
    }

    /// Runs the handler in a task and waits for it; nil when Ctrl-C (or a hang-up)
    /// came first, which cancels the task.
    static func wait(for completion: @escaping CompletionHandler, line: String, cursor: Int) -> CompletionResult? {
        let outcome = CompletionOutcome()
        let task = Task.detached { outcome.deliver(await completion(line, cursor)) }
        while true {
            if let result = outcome.wait(milliseconds: 20) { return result }
            if SignalEvents.takeInterrupt() || SignalEvents.hangupSignal != nil {
                task.cancel()
                return nil
            }
        }
    }

    /// Lists the matches in columns under the line, asking first when there are many.
    func show(_ result: CompletionResult) {
        let count = result.candidates.count
        if count > listingQuestionThreshold {
            let amount = result.isComplete ? "all \(count)" : "the first \(count)"
            clineedit_write_out("\nDisplay \(amount) possibilities? (y or n)")
            guard Self.readYes() else {
                clineedit_write_out("\n")
                return
            }
        }
        var text = "\n" + result.columns(width: Int(clineedit_columns(editLine))).joined(separator: "\n") + "\n"
        if !result.isComplete { text += "(more names match; type more of the name)\n" }
        clineedit_write_out(text)
    }

    /// Reads y or n from the terminal (libedit keeps it in raw mode during a TAB).
    static func readYes() -> Bool {
        while true {
            switch TerminalInput.next() {
            case .byte(UInt8(ascii: "y")), .byte(UInt8(ascii: "Y")), .byte(UInt8(ascii: " ")): return true
            case .byte(UInt8(ascii: "n")), .byte(UInt8(ascii: "N")), .byte(0x7f), .byte(0x1b): return false
            case .byte, .resized: continue
            case .interrupted, .hangup, .endOfFile: return false
            }
        }
    }
}

/// The result of a completion task, handed to the thread that waits for it.
final class CompletionOutcome: Sendable {
    private let result = Mutex<CompletionResult?>(nil)
    private let delivered = DispatchSemaphore(value: 0)

    func deliver(_ value: CompletionResult) {
        result.withLock { $0 = value }
        delivered.signal()
    }

    /// The result, or nil when none came within `milliseconds`.
    func wait(milliseconds: Int) -> CompletionResult? {
        guard delivered.wait(timeout: .now() + .milliseconds(milliseconds)) == .success else { return nil }
        return result.withLock { $0 }
    }
}
