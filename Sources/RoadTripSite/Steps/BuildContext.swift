import Dispatch
import Synchronization
import RoadTripCore

/// What every step of one build shares and does not change: the options, the log, the cache, the
/// writer holding the output folder's lock, and the progress printer.
struct BuildContext: Sendable {
    /// What the build was asked to do.
    let options: BuildOptions
    /// Where every step reports its problems.
    let log: DiagnosticLog
    /// What earlier builds left to reuse, or `nil`.
    let cache: BuildCache?
    /// The writer of the output folder, and the lock the build holds on it (`nil` when the steps
    /// run only to plan, `SiteBuilder.plan()`: nothing is written).
    let writer: OutputWriter
    let lock: OutputLock?
    /// Receives progress lines.
    let progress: @Sendable (String) -> Void
    /// What the build takes from the world beyond its options.
    let environment: BuildEnvironment

    /// Prints `line` indented, with `--verbose` only.
    func verbose(_ line: @autoclosure () -> String) {
        if options.verbosity == .verbose { progress("  " + line()) }
    }

    /// " (7 reused)" with a cache, "" without one.
    func reusedNote(_ count: Int) -> String {
        cache == nil ? "" : " (" + CountText.grouped(count) + " reused)"
    }

    /// Whether the build must stop: an error, or a warning under `--strict`.
    var hasBlockingProblems: Bool {
        log.errorCount > 0 || (options.strict && log.warningCount > 0)
    }

    /// `make(index, destinations[index])` for every index, run in parallel across the cores, in the
    /// order of `destinations`; with `reusing`, a step's value is taken from the ``BuildCache``
    /// when it was made for the same destination (its source unchanged) and the same inputs.
    /// Returns the values and which of them the cache gave (`reused[index]`).
    func perDestination<Value: Sendable>(
        _ destinations: [Destination], reusing step: String? = nil, _ make: @Sendable (_ index: Int, Destination) -> Value
    ) -> (values: [Value], reused: [Bool]) {
        let values = Mutex<[Value?]>(Array(repeating: nil, count: destinations.count))
        let reused = Mutex(Array(repeating: false, count: destinations.count))
        DispatchQueue.concurrentPerform(iterations: destinations.count) { index in
            let destination = destinations[index]
            let value: Value
            if let step, let cache {
                let (kept, wasReused) = cache.reuse(step, of: destination, inputs: 0) { () throws(Never) in make(index, destination) }
                if wasReused { reused.withLock { $0[index] = true } }
                value = kept
            } else {
                value = make(index, destination)
            }
            values.withLock { $0[index] = value }
        }
        return (values.withLock { $0.map { $0! } }, reused.withLock { $0 })
    }
}
