import Testing
@testable import RoadTripServe

/// The watcher's debounce policy on made-up instants: no sleeping, every deadline exact.
@Suite struct ChangeBatchTests {
    let start = ContinuousClock.now
    func at(_ seconds: Double) -> ContinuousClock.Instant { start + .seconds(seconds) }

    /// Debounce 0.1 s: changes at 0 and 0.05 s are one batch, due 0.1 s after the last, at 0.15 s.
    @Test func aBurstIsOneBatchAfterTheQuietPeriod() {
        var batch = ChangeBatch(debounce: 0.1, maximumDelay: 1)
        #expect(batch.deadline == nil && batch.takeDue(at: at(5)) == nil)
        batch.collect(["b.md"], at: at(0))
        batch.collect(["a.md", "b.md"], at: at(0.05))
        #expect(batch.deadline == at(0.15))
        #expect(batch.takeDue(at: at(0.149)) == nil)
        #expect(batch.takeDue(at: at(0.15)) == ["a.md", "b.md"])
        #expect(batch.deadline == nil && batch.pending.isEmpty)
        batch.collect([], at: at(0.2))
        #expect(batch.deadline == nil)
    }

    /// A file saved every 0.05 s for 3 s never has 0.1 s of quiet; the batch is due anyway 1 s
    /// after its first change (maximumDelay), then the next batch starts from the next change.
    @Test func changesWithoutPauseAreReportedByTheMaximumDelay() {
        var batch = ChangeBatch(debounce: 0.1, maximumDelay: 1)
        var reports: [Double] = []
        for step in 0...60 {
            let now = Double(step) * 0.05
            batch.collect(["x.md"], at: at(now))
            if batch.takeDue(at: at(now)) != nil { reports.append(now) }
        }
        // Due at 1.0 (first at 0); the next batch starts at 1.05 and is due at 2.05; then 3.1 > 3.
        #expect(reports.count == 2)
        #expect(abs(reports[0] - 1.0) < 1e-9 && abs(reports[1] - 2.05) < 1e-9)
    }
}
