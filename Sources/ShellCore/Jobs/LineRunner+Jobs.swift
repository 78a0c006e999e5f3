import Foundation
import Rendering

extension LineRunner {
    /// `CMD &`: CMD runs as a job, in the environment it starts in (cluster, folder,
    /// local folder), writing into the job's output, which the shell prints before the
    /// next prompt; the line goes on at once. One objsh command for now: a pipe, a
    /// redirection, a local command or an alias in a job is refused.
    func startJob(_ entry: CommandList.Entry, prefix: String) -> Outcome {
        guard case .shell(let command) = entry.pipeline.stages[0], entry.pipeline.filter == nil, command.redirections.isEmpty,
            shell.aliases[command.words[0].text] == nil
        else {
            return report(ShellError.unavailable(.background), prefix: prefix, ignored: false).map(Outcome.failed) ?? .completed
        }
        let words = command.words
        let streams = shell.jobStreams
        let line = entry.text.trimmingCharacters(in: .whitespaces)
        let job = shell.jobs.start(line: line, terminal: shell.output, row: shell.statusLine.row) { [shell] job in
            var streams = streams
            // At a terminal the command would ask first (`rm -r x`): the job answers no and ends failed, saying to add -f.
            if shell.settings.streams.confirm != nil {
                streams.confirm = { _ in
                    await MainActor.run { job.wouldHaveAsked = true }
                    return false
                }
            }
            var io = CommandIO(sink: job.output, streams: streams)
            io.status = job.status
            do {
                return .success(try await shell.run(words, io: io))
            } catch {
                return .failure(error)
            }
        }
        if shell.settings.streams.confirm != nil { shell.writeError("[\(job.number)] \(TerminalEscaping.escape(job.line))\n") }
        return .completed
    }
}

extension Shell {
    /// A job's streams: what a script gets (no panes or colour; nothing asked), and no
    /// standard input (the line editor's, or the script's own). Its progress goes to the
    /// job's hidden status line, for `jobs` and `fg`.
    var jobStreams: CommandStreams {
        var streams = redirectedStreams
        streams.progress = true
        streams.confirm = nil
        streams.ask = nil
        streams.dataInput = nil
        return streams
    }

    /// Prints what finished jobs wrote, then each one's notice, on standard error: before
    /// a prompt, or between a script's lines.
    public func printFinishedJobs() {
        for job in jobs.takeFinished() {
            JobOutput.print(job.output.take(), on: output)
            if case .failed = job.state, let error = job.error {
                writeErrorLine(ShellError.of(error, command: "objsh").printableMessage)
            }
            writeError(job.notice + "\n")
        }
    }

    /// A script's end: waits for its jobs and prints what they wrote; the class of the
    /// first that failed.
    public func waitForJobs() async -> FailureClass? {
        let failure = await jobs.waitForAll()
        printFinishedJobs()
        return failure
    }
}
