/// The changed paths a file watcher has seen and not yet reported, and when to report them: once
/// no change has come for `debounce` seconds (a burst of saves is one rebuild), but no later than
/// `maximumDelay` seconds after the first (a file saved over and over still rebuilds). The time is
/// passed in, never read, so the policy is tested with made-up instants and no sleeping.
struct ChangeBatch {
    /// Seconds without a new change before the batch is due.
    let debounce: Double
    /// Seconds after its first change by which the batch is due, whatever follows.
    let maximumDelay: Double
    /// The paths changed since the last report.
    private(set) var pending = Set<String>()
    private var firstChange: ContinuousClock.Instant?
    private var lastChange: ContinuousClock.Instant?

    init(debounce: Double, maximumDelay: Double) {
        self.debounce = debounce
        self.maximumDelay = maximumDelay
    }

    /// Adds `changes`, seen at `now` (nothing when empty).
    mutating func collect(_ changes: Set<String>, at now: ContinuousClock.Instant) {
        guard !changes.isEmpty else { return }
        pending.formUnion(changes)
        if firstChange == nil { firstChange = now }
        lastChange = now
    }

    /// When the batch is due: `debounce` after the last change or `maximumDelay` after the first,
    /// whichever comes first; `nil` when nothing is pending.
    var deadline: ContinuousClock.Instant? {
        guard let firstChange, let lastChange else { return nil }
        return min(lastChange + .seconds(debounce), firstChange + .seconds(maximumDelay))
    }

    /// The pending paths, sorted, when the batch is due at `now` (and forgets them), else `nil`.
    mutating func takeDue(at now: ContinuousClock.Instant) -> [String]? {
        guard let deadline, now >= deadline else { return nil }
        defer {
            pending.removeAll()
            firstChange = nil
            lastChange = nil
        }
        return pending.sorted()
    }
}
