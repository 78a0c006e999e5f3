import Foundation
import Rendering
import ShellCore

extension InteractiveLoop {
    /// What the person chose at `exit` or Ctrl-D while jobs run.
    enum LeavingChoice: Equatable {
        case wait, cancel, stay
    }

    /// Whether the session may end now: with no job running, yes; else the person
    /// chooses to wait for them (Ctrl-C while waiting comes back to the prompt), to
    /// cancel them, or to keep typing. A script never asks: it waits for its jobs.
    func mayLeave(_ runner: LineRunner) async -> Bool {
        let running = shell.jobs.jobs.filter { !$0.hasEnded }.count
        guard running > 0 else { return true }
        switch await Self.ask(running: running) {
        case .stay:
            return false
        case .cancel:
            await shell.jobs.cancelAll()
        case .wait:
            _ = await runner.run("wait")
            // Ctrl-C stopped the waiting: back to the prompt, the jobs still running.
            guard !shell.jobs.anyRunning else { return false }
        }
        shell.printFinishedJobs()
        return true
    }

    /// Asks on standard error: `w` waits, `c` cancels, anything else (Enter) keeps typing.
    static func ask(running: Int) async -> LeavingChoice {
        let jobs = running == 1 ? "1 job still runs" : "\(running) jobs still run"
        let prompt = "\(jobs): [w]ait for \(running == 1 ? "it" : "them"), [c]ancel, or Enter to keep typing? "
        guard case .line(let answer) = await PlainLineReader().read(prompt: prompt, completion: nil) else {
            FileHandle.standardError.write(Data("\n".utf8))
            return .stay
        }
        switch answer.trimmingCharacters(in: .whitespaces).lowercased() {
        case "w", "wait": return .wait
        case "c", "cancel": return .cancel
        default: return .stay
        }
    }
}
