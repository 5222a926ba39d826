import Foundation

/// A bounded first-in, first-out hand-over of values from one producer thread to one consumer
/// thread (`TripLogStream` reads a log on one core while it filters on the other). `send` waits
/// while `capacity` values are waiting; `receive` waits for a value and gives `nil` once the
/// producer has called `finish` and everything sent has been received.
final class ChunkChannel<Element: Sendable>: @unchecked Sendable {
    // Every stored property is read and written only while `condition` is locked.
    private let condition = NSCondition()
    private var waiting: [Element] = []
    private var finished = false
    private let capacity: Int

    /// A channel holding at most `capacity` (≥ 1) values in flight.
    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// Hands `value` over, waiting while the channel is full.
    func send(_ value: Element) {
        condition.lock()
        defer { condition.unlock() }
        while waiting.count >= capacity { condition.wait() }
        waiting.append(value)
        condition.broadcast()
    }

    /// No more values will be sent.
    func finish() {
        condition.lock()
        defer { condition.unlock() }
        finished = true
        condition.broadcast()
    }

    /// The next value, waiting for one; `nil` when the producer has finished and none is left.
    func receive() -> Element? {
        condition.lock()
        defer { condition.unlock() }
        while waiting.isEmpty && !finished { condition.wait() }
        guard !waiting.isEmpty else { return nil }
        let value = waiting.removeFirst()
        condition.broadcast()
        return value
    }
}
