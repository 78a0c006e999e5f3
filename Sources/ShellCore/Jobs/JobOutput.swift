import Foundation
import Rendering
import Synchronization

/// What a job writes: kept, in order, until the shell prints it before a prompt; while
/// the job is in the foreground, written to the terminal as it comes. Past `limit` bytes
/// held in memory, the rest goes to a temporary file (mode 0600) that the notice names
/// and that goes when the shell ends, so a job that writes much does not grow objsh.
public final class JobOutput: ShellOutput {
    public struct Line: Sendable {
        public let text: String
        public let isError: Bool
    }

    /// What was held back: the lines in memory, then where the rest went, if anywhere.
    struct Held {
        var lines: [Line] = []
        var spilled: (path: String, bytes: Int)?
    }

    private struct State {
        var held = Held()
        var heldBytes = 0
        var spill: FileHandle?
        var terminal: (any ShellOutput)?
        /// Every file the output spilled to, removed at the end.
        var files: [String] = []
    }

    /// The bytes held in memory before the rest goes to a file: 1 MiB.
    static let defaultLimit = 1 << 20
    private let limit: Int
    private let state = Mutex(State())

    init(limit: Int = JobOutput.defaultLimit) {
        self.limit = limit
    }

    public func write(_ text: String) { append(Line(text: text, isError: false)) }
    public func writeError(_ text: String) { append(Line(text: text, isError: true)) }

    public func writeBytes(_ bytes: UnsafeRawBufferPointer) -> Bool {
        if let terminal = state.withLock({ $0.terminal }) { return terminal.writeBytes(bytes) }
        append(Line(text: String(decoding: bytes, as: UTF8.self), isError: false))
        return true
    }

    private func append(_ line: Line) {
        state.withLock { state in
            if let terminal = state.terminal { return Self.print([line], on: terminal) }
            let count = line.text.utf8.count
            if state.spill == nil, state.heldBytes + count <= limit || !Self.startSpill(&state) {
                state.held.lines.append(line)
                state.heldBytes += count
                return
            }
            state.spill?.write(Data(line.text.utf8))
            state.held.spilled?.bytes += count
        }
    }

    /// Opens a new file for what comes next; false when none can be made (it is held in memory).
    private static func startSpill(_ state: inout State) -> Bool {
        var template = Array((NSTemporaryDirectory() + "/objsh-job-XXXXXX.log").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemps($0.baseAddress!, 4) }
        guard descriptor >= 0 else { return false }
        let path = String(cString: template)
        state.spill = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        state.held.spilled = (path, 0)
        state.files.append(path)
        return true
    }

    /// Prints what was held back on `terminal`, and from now on writes there.
    func attach(to terminal: any ShellOutput) {
        state.withLock { state in
            Self.print(Self.take(&state), on: terminal)
            state.terminal = terminal
        }
    }

    /// Holds back what comes from now on.
    func detach() { state.withLock { $0.terminal = nil } }

    /// What was held back; held anew from here.
    func take() -> Held { state.withLock { Self.take(&$0) } }

    private static func take(_ state: inout State) -> Held {
        defer {
            state.held = Held()
            state.heldBytes = 0
            try? state.spill?.close()
            state.spill = nil
        }
        return state.held
    }

    /// Removes the files the output spilled to (the shell ends).
    func removeSpilled() {
        for path in state.withLock({ $0.files }) { unlink(path) }
    }

    /// Prints `held`'s lines on `terminal`, then where the rest is.
    static func print(_ held: Held, on terminal: any ShellOutput) {
        print(held.lines, on: terminal)
        guard let spilled = held.spilled else { return }
        terminal.writeError(
            "(\(ByteCountText.format(Int64(spilled.bytes))) more output in \(TerminalEscaping.escape(spilled.path)), "
                + "removed when objsh ends)\n")
    }

    private static func print(_ lines: [Line], on terminal: any ShellOutput) {
        for line in lines {
            if line.isError { terminal.writeError(line.text) } else { terminal.write(line.text) }
        }
    }
}
