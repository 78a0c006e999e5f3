import Foundation
import Rendering

/// `jobs [--json]`: the background jobs, one a line.
struct JobsCommand: ShellCommand {
    nonisolated static let spec = CommandSpec(
        name: "jobs", aliases: [],
        summary: "list the background jobs (CMD &)",
        details: """
            Lists each job started with &: its number, its state (running, done, failed, \
            killed), its command line and how long it has run; for a transfer that runs, \
            the bytes done of the total, the rate, the items done of the total and the time \
            left. A job that ended is listed until its notice has been printed before a prompt.
            Example: jobs
            """,
        options: [CommandTable.jsonOption], operands: [])

    let json: Bool

    init(_ arguments: CommandArguments) throws {
        json = try arguments.flag(CommandTable.jsonOption)
    }

    func run(_ context: CommandContext) async throws -> CommandOutcome {
        let jobs = context.shell.jobs.jobs
        if context.wantsJSON(json) {
            context.console.writeJSON(jobs.map(Self.record))
        } else {
            context.console.write(jobs.map { $0.listing + "\n" }.joined())
        }
        return .answered
    }

    static func record(_ job: Job) -> JSONLine {
        var line = JSONLine()
        line.add(.kind, "job")
        line.add(.job, job.number)
        line.add(.state, job.stateName)
        line.add(.line, job.line)
        line.add(.status, job.exitStatus.map(Int.init))
        line.add(.seconds, job.seconds)
        guard job.state == .running, let progress = job.status.progress else { return line }
        let figures = ProgressText.Figures(progress)
        line.add(.bytesDone, figures.snapshot.bytesDone)
        line.add(.bytesTotal, figures.snapshot.totalIsKnown ? figures.snapshot.bytesTotal : nil)
        line.add(.bytesPerSecond, Int64(figures.rate))
        line.add(.itemsDone, figures.snapshot.itemsDone)
        line.add(.itemsTotal, figures.snapshot.itemsTotal)
        line.add(.secondsLeft, figures.secondsLeft.map { Int($0.rounded(.up)) })
        return line
    }
}

/// `wait [%N]`: waits for a job (all of them without one); its exit status is the job's.
struct WaitCommand: ShellCommand {
    nonisolated static let spec = CommandSpec(
        name: "wait", aliases: [],
        summary: "wait for background jobs to end",
        details: """
            Waits until job JOB (%N, as jobs numbers it) has ended (every job, without JOB) and ends as it did: a job \
            that failed fails wait with its error and exit status. Ctrl-C stops the waiting, \
            not the job.
            Example: wait %1
            """,
        options: [], operands: [OperandSpec("JOB", .job, optional: true)])

    let job: String?

    init(_ arguments: CommandArguments) throws {
        job = arguments.operand(0)
    }

    func run(_ context: CommandContext) async throws -> CommandOutcome {
        let table = context.shell.jobs
        let jobs = try job.map { [try table.job($0)] } ?? table.jobs
        for job in jobs {
            do {
                try await job.waitUntilEnded()
            } catch {
                throw ShellError.interrupted
            }
        }
        for job in jobs {
            if job.state == .killed { throw ShellError.interrupted }
            if case .failed = job.state, let error = job.error { throw error }
        }
        return .answered
    }
}

/// `kill %N`: cancels a job as Ctrl-C cancels a command.
struct KillCommand: ShellCommand {
    nonisolated static let spec = CommandSpec(
        name: "kill", aliases: [],
        summary: "cancel a background job",
        details: """
            Cancels each job JOB (%N, as jobs numbers it) as Ctrl-C cancels a command in the foreground: a download leaves \
            no partial file in place and an upload no partial object; the same command \
            resumes what can be resumed.
            Example: kill %1
            """,
        options: [], operands: [OperandSpec("JOB", .job, repeating: true)])

    let jobs: [String]

    init(_ arguments: CommandArguments) throws {
        jobs = arguments.operands
    }

    func run(_ context: CommandContext) async throws -> CommandOutcome {
        let table = context.shell.jobs
        let found = try jobs.map { try table.job($0) }
        for job in found { job.kill() }
        for job in found { try? await job.waitUntilEnded() }
        return .answered
    }
}

/// `fg [%N]`: the job's output and progress line in the foreground until it ends; Ctrl-C
/// cancels it, Ctrl-Z sends it back.
struct FgCommand: ShellCommand {
    nonisolated static let spec = CommandSpec(
        name: "fg", aliases: [],
        summary: "bring a background job to the foreground",
        details: """
            Prints what job JOB (%N, as jobs numbers it; the last one without JOB) has \
            written, then its output and progress line as they come, until it ends; fg \
            then ends as the job did. Ctrl-C cancels the job, as kill does; Ctrl-Z sends \
            it back to the background.
            Example: fg %1
            """,
        options: [], operands: [OperandSpec("JOB", .job, optional: true)])

    let job: String?

    init(_ arguments: CommandArguments) throws {
        job = arguments.operand(0)
    }

    func run(_ context: CommandContext) async throws -> CommandOutcome {
        let shell = context.shell
        let job = try shell.jobs.job(job)
        job.bringToForeground(on: context.console.output)
        shell.heldJob = job
        defer {
            shell.heldJob = nil
            job.leavesForeground = false
            job.sendToBackground()
        }
        do {
            try await job.waitUntilEnded()
        } catch {
            if job.leavesForeground { return .answered }
            // Ctrl-C: the job is cancelled, and fg ends once it has cleaned up.
            job.kill()
            await Task { try? await job.waitUntilEnded() }.value
            throw ShellError.interrupted
        }
        if case .failed = job.state, let error = job.error { throw error }
        return .answered
    }
}
