import Foundation
import Rendering
import Synchronization

/// One background job (`CMD &`): its number, the command line as typed, how it ended,
/// and what it wrote, kept until the shell prints it before the next prompt.
@MainActor
public final class Job {
    public enum State: Equatable, Sendable {
        case running
        case done
        /// The class of the error it ended with (Ctrl-C's for `kill`).
        case failed(FailureClass)
        case killed
    }

    /// Its number; 0 while a foreground command that Ctrl-Z may make a job runs.
    public internal(set) var number: Int
    /// The command line as typed, without its `&`.
    public let line: String
    /// Set when its command would have asked a question (at a terminal): it ends failed.
    var wouldHaveAsked = false
    /// Set when Ctrl-Z sends it back from `fg`: the `fg` command ends, the job runs on.
    var leavesForeground = false
    let started: Date
    var finished: Date?
    public private(set) var state = State.running
    /// The error it ended with, for `wait`.
    private(set) var error: (any Error)?
    let output = JobOutput()
    /// Its progress line: hidden, read by `jobs`, drawn while `fg` holds it.
    let status: StatusLine
    /// Whether its notice has been printed: `jobs` lists it no more.
    var isTold = false
    var task: Task<Void, Never>?
    private var waiters: [UUID: CheckedContinuation<Void, any Error>] = [:]

    /// A job whose progress line would be drawn on `terminal`'s status `row` (the shell's).
    init(number: Int, line: String, terminal: any ShellOutput, row: StatusRow) {
        self.number = number
        self.line = line
        status = StatusLine(output: terminal, hidden: true, row: row)
        started = Date()
    }

    /// A foreground command that Ctrl-Z may move to the background: its output goes
    /// to `terminal` as it comes and its progress line shows on `row`, until then.
    init(foreground line: String, terminal: any ShellOutput, row: StatusRow) {
        number = 0
        self.line = line
        status = StatusLine(output: terminal, row: row)
        output.attach(to: terminal)
        started = Date()
    }

    /// `fg`: what it held back is printed, what it writes goes to `terminal`, its progress shows.
    func bringToForeground(on terminal: any ShellOutput) {
        output.attach(to: terminal)
        status.setHidden(false)
    }

    /// Back in the background: its output is held back and its progress line cleared.
    func sendToBackground() {
        status.setHidden(true)
        output.detach()
    }

    func finish(_ result: Result<Shell.Outcome, any Error>) {
        finished = Date()
        switch result {
        case .success where wouldHaveAsked:
            error = CommandFailure.jobWouldAsk
            state = .failed(.usage)
        case .success(.differ): state = .failed(.failed)
        case .success: state = .done
        case .failure(let error) where state == .killed: self.error = error
        case .failure(let error):
            self.error = error
            state = .failed(FailureClass.of(error))
        }
        for waiter in waiters.values { waiter.resume() }
        waiters = [:]
    }

    /// `kill %N`: cancels the job's task; it ends as commands Ctrl-C stops (nothing partial left).
    func kill() {
        guard state == .running else { return }
        state = .killed
        task?.cancel()
    }

    /// Waits until the job has ended; throws when the waiting task is cancelled (Ctrl-C
    /// stops waiting, not the job).
    func waitUntilEnded() async throws {
        let id = UUID()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                if state != .running || Task.isCancelled {
                    continuation.resume(with: Task.isCancelled ? .failure(CancellationError()) : .success(()))
                } else {
                    waiters[id] = continuation
                }
            }
        } onCancel: {
            Task { @MainActor in self.waiters.removeValue(forKey: id)?.resume(throwing: CancellationError()) }
        }
    }

    /// `running`, `done`, `failed` or `killed`.
    var stateName: String {
        switch state {
        case .running: "running"
        case .done: "done"
        case .failed: "failed"
        case .killed: "killed"
        }
    }

    /// The exit status it ended with; nil while it runs.
    var exitStatus: Int32? {
        switch state {
        case .running: nil
        case .done: ExitStatus.success
        case .failed(let failure): failure.exitStatus
        case .killed: FailureClass.interrupted.exitStatus
        }
    }

    /// Whole seconds it has run (until it ended).
    var seconds: Int { Int(((finished ?? Date()).timeIntervalSince(started)).rounded()) }

    /// Whether the job has ended.
    public var hasEnded: Bool { state != .running }

    /// `[1] done  get big  41 s`, the command line escaped for the terminal.
    var notice: String {
        "[\(number)] \(stateWord)  \(TerminalEscaping.escape(line))  \(seconds) s"
    }

    /// Its line in `jobs`: the notice, and while a transfer runs its figures.
    var listing: String {
        guard state == .running, let progress = status.progress else { return notice }
        return notice + "  " + ProgressText.Figures(progress).jobText
    }

    var stateWord: String {
        switch state {
        case .running: "running"
        case .done: "done"
        case .failed(let failure): "failed (status \(failure.exitStatus))"
        case .killed: "killed"
        }
    }
}

/// The shell's background jobs, numbered from 1 as started; a finished job stays listed
/// until its notice has been printed, and known to `wait` after.
@MainActor
public final class JobTable {
    /// The jobs running or not yet told, in order.
    public var jobs: [Job] { all.filter { !$0.isTold } }
    /// Every job started, for `wait %N` after its notice.
    private var all: [Job] = []

    public init() {}

    /// Starts `line` as a job: `run` does its work, writing into the job's output; its
    /// progress line would be drawn on `terminal`, on its status `row`.
    @discardableResult
    func start(
        line: String, terminal: any ShellOutput, row: StatusRow, run: @escaping @MainActor (Job) async -> Result<Shell.Outcome, any Error>
    ) -> Job {
        let job = Job(number: (jobs.map(\.number).max() ?? 0) + 1, line: line, terminal: terminal, row: row)
        all.append(job)
        job.task = Task { @MainActor in
            let result = await run(job)
            job.finish(result)
        }
        return job
    }

    /// Ctrl-Z: the foreground command `job` runs on as a job, `task` being its work.
    func adopt(_ job: Job, running task: Task<Shell.Outcome, any Error>) {
        job.number = (jobs.map(\.number).max() ?? 0) + 1
        job.sendToBackground()
        all.append(job)
        job.task = Task { @MainActor in
            let result = await withTaskCancellationHandler {
                await task.result
            } onCancel: {
                task.cancel()
            }
            job.finish(result)
        }
    }

    /// The job `%N` (or `N`) names; the last one started when nil.
    func job(_ spec: String?) throws -> Job {
        guard let spec else {
            guard let last = jobs.last else { throw CommandFailure.noSuchJob("%") }
            return last
        }
        let digits = spec.hasPrefix("%") ? String(spec.dropFirst()) : spec
        guard let number = Int(digits), let job = all.last(where: { $0.number == number }) else { throw CommandFailure.noSuchJob(spec) }
        return job
    }

    /// The jobs that ended, in order; they leave the table. Their output and notices are
    /// printed before the next prompt, never into the line being edited.
    func takeFinished() -> [Job] {
        let ended = jobs.filter(\.hasEnded)
        for job in ended { job.isTold = true }
        return ended
    }

    /// Cancels every job still running and waits until they have cleaned up (the session ends).
    public func cancelAll() async {
        let running = all.filter { !$0.hasEnded }
        for job in running { job.kill() }
        for job in running { try? await job.waitUntilEnded() }
    }

    /// Removes the files jobs' output spilled to (the session ends).
    public func removeSpilledOutput() {
        for job in all { job.output.removeSpilled() }
    }

    /// Whether any job still runs.
    public var anyRunning: Bool { jobs.contains { !$0.hasEnded } }

    /// Waits for every job; the first failure's class among them (in order of number).
    public func waitForAll() async -> FailureClass? {
        for job in all { try? await job.waitUntilEnded() }
        for job in all {
            if case .failed(let failure) = job.state { return failure }
            if job.state == .killed { return .interrupted }
        }
        return nil
    }
}
