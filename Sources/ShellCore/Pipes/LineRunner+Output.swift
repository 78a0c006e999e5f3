import Foundation

/// Where a command's output goes besides the terminal, and local commands: `CMD | FILTER`
/// (`/bin/sh -c FILTER` reading CMD's output), `CMD > FILE`, `CMD >> FILE`, and `!TEXT`.
/// Output to a pipe or a file is what a script gets (`Shell.redirectedStreams`); the
/// line's status is the last stage's, as in a POSIX shell.
extension LineRunner {
    /// `!TEXT`: `/bin/sh -c TEXT` in the local folder with the terminal (`!` alone: the
    /// user's shell); its exit status is the line's.
    func runLocal(_ text: String, prefix: String) async -> Outcome {
        let folder = shell.localFolder
        let input = shell.childInput
        defer { input.map { _ = close($0) } }
        do {
            let blank = text.allSatisfy { $0 == " " || $0 == "\t" }
            let process = try blank ? LocalProcess.interactiveShell(in: folder, input: input) : LocalProcess.shell(text, in: folder, input: input)
            let status = await process.wait()
            return status == 0 ? .completed : .localFailure(status)
        } catch {
            return failure(error, of: "!", prefix: prefix, ignored: false)
        }
    }

    /// `CMD | FILTER`: CMD writes into a pipe that `/bin/sh -c FILTER` reads; a filter that
    /// ends first stops CMD quietly. CMD's error is told; the line's status is FILTER's,
    /// unless Ctrl-C stopped CMD.
    func runPiped(_ words: [Word], into filter: String, ignoresError: Bool, prefix: String) async -> Outcome {
        BrokenPipes.ignore()
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            return failure(CommandFailure.localProgram("/bin/sh", .lastSystemError), of: words[0].text, prefix: prefix, ignored: false)
        }
        // Neither end reaches another program objsh starts (the filter gets its own as stdin).
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        let process: LocalProcess
        do {
            process = try LocalProcess.shell(filter, in: shell.localFolder, input: ends[0])
        } catch {
            close(ends[0])
            close(ends[1])
            return failure(error, of: words[0].text, prefix: prefix, ignored: false)
        }
        close(ends[0])
        let sink = DescriptorOutput(descriptor: ends[1], errors: shell.output)
        let result = await attempt(words, io: CommandIO(sink: sink, streams: shell.redirectedStreams))
        sink.detach()
        close(ends[1])
        let status = await process.wait()
        let commandOutcome = outcome(of: result, ignoresError: ignoresError, prefix: prefix)
        if commandOutcome.isExit || commandOutcome.isInterrupted { return commandOutcome }
        return status == 0 ? .completed : .localFailure(status)
    }

    /// `CMD > FILE` and `CMD >> FILE`, FILE relative to the local folder.
    func runRedirected(_ words: [Word], to redirection: Redirection, ignoresError: Bool, prefix: String) async -> Outcome {
        BrokenPipes.ignore()
        let file: OutputFile
        do {
            file = try OutputFile.open(redirection, in: shell.localFolder)
        } catch {
            return failure(error, of: words[0].text, prefix: prefix, ignored: ignoresError)
        }
        let sink = DescriptorOutput(descriptor: file.descriptor, errors: shell.output)
        var result = await attempt(words, io: CommandIO(sink: sink, streams: shell.redirectedStreams))
        sink.detach()
        if case .success = result {
            if let code = sink.writeFailure {
                file.discard()
                result = .failure(ShellError.of(CommandFailure.outputFile(file.typed, .system(code)), command: words[0].text))
            } else {
                do {
                    try file.commit()
                } catch {
                    result = .failure(ShellError.of(error, command: words[0].text))
                }
            }
        } else {
            file.discard()
        }
        let outcome = outcome(of: result, ignoresError: ignoresError, prefix: prefix)
        if case .failure = result, file.temporary != nil, FileManager.default.fileExists(atPath: file.path) {
            _ = report(ShellError.failed(command: words[0].text, cause: CommandFailure.outputFileKept(file.typed)), prefix: prefix, ignored: true)
        }
        return outcome
    }

    /// Tells `error` as `command`'s (`ls: out.txt: permission denied`); the line's outcome.
    func failure(_ error: any Error, of command: String, prefix: String, ignored: Bool) -> Outcome {
        report(ShellError.of(error, command: command), prefix: prefix, ignored: ignored).map(Outcome.failed) ?? .completed
    }
}

extension Shell {
    /// The streams of a command whose output goes to a pipe or a file: plain output (no
    /// columns, no colour, no frames drawn while loading); errors, progress and questions
    /// stay the shell's.
    var redirectedStreams: CommandStreams {
        var streams = settings.streams
        streams.output = TerminalFacts()
        streams.liveScreen = false
        return streams
    }

    /// Standard input for a local program: the terminal at the prompt, and objsh's own
    /// standard input in a script of -c or -f; /dev/null where that input holds the
    /// script itself (piped in), which a program must not read away. Nil: objsh's own.
    var childInput: Int32? {
        guard settings.streams.dataInput == nil, settings.streams.confirm == nil else { return nil }
        let descriptor = Foundation.open("/dev/null", O_RDONLY | O_CLOEXEC)
        return descriptor >= 0 ? descriptor : nil
    }
}
