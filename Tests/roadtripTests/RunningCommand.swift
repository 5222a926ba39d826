import Foundation

/// A `roadtrip` (or other) process running in the background for tests, its standard output and
/// standard error collected as they arrive, so that a test can wait for a line, send a signal,
/// and read the exit status when it ends.
final class RunningCommand: @unchecked Sendable {
    let process: Process
    private let standardOutput = TextBuffer()
    private let standardError = TextBuffer()
    /// Signalled once the process has ended.
    private let ended = DispatchSemaphore(value: 0)

    /// Starts `program` (the built `roadtrip` by default) with `arguments`, with `environment`
    /// added to (or replacing variables of) the test process's own.
    init(_ arguments: [String], program: URL = CommandRunner.executable, environment: [String: String] = [:]) throws {
        let (process, outputPipe, errorPipe) = CommandRunner.prepare(program: program, arguments, environment: environment)
        let standardOutput = self.standardOutput
        let standardError = self.standardError
        outputPipe.fileHandleForReading.readabilityHandler = { standardOutput.append($0.availableData) }
        errorPipe.fileHandleForReading.readabilityHandler = { standardError.append($0.availableData) }
        let ended = self.ended
        process.terminationHandler = { _ in ended.signal() }
        try process.run()
        self.process = process
    }

    var processIdentifier: Int32 { process.processIdentifier }
    var output: String { standardOutput.text }
    var errors: String { standardError.text }

    /// Waits up to `seconds` until `condition` holds for the standard output text.
    func waitForOutput(_ seconds: Double = 60, _ condition: (String) -> Bool) -> Bool {
        Self.poll(seconds) { condition(output) }
    }

    /// Waits up to `seconds` until `condition` holds for the standard error text.
    func waitForError(_ seconds: Double = 60, _ condition: (String) -> Bool) -> Bool {
        Self.poll(seconds) { condition(errors) }
    }

    /// Waits up to `seconds` for the process to end; its exit status (or the signal that ended
    /// it), or `nil` when it still runs.
    func wait(_ seconds: Double = 120) -> Int32? {
        guard ended.wait(timeout: .now() + seconds) == .success else { return nil }
        ended.signal()  // later calls return at once
        // The pipes may still hold the last bytes: read them before the caller looks.
        Thread.sleep(forTimeInterval: 0.05)
        return process.terminationStatus
    }

    /// Sends `signal` when the process still runs.
    func send(_ signal: Int32) {
        if process.isRunning { kill(process.processIdentifier, signal) }
    }

    /// Checks `condition` every 20 ms for up to `seconds`.
    static func poll(_ seconds: Double, _ condition: () -> Bool) -> Bool {
        let deadline = Date(timeIntervalSinceNow: seconds)
        while Date() < deadline {
            if condition() { return true }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return condition()
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }
}
