import Dispatch
import Synchronization

/// `transform` of every index in `0..<count`, run across the cores (`DispatchQueue.concurrentPerform`),
/// in index order: what a loop of independent pieces of work (one per leg, per chunk of folders,
/// per file) gives when each piece may run on any core. The values are moved into the result, not
/// copied (a copy of a large struct retains each of its references: for 4,000 loaded
/// destinations, a copy and a release of each was ~10 ms of one core).
package func concurrentMap<Value: Sendable>(count: Int, _ transform: @Sendable (Int) -> Value) -> [Value] {
    guard count > 0 else { return [] }
    let values = Mutex([Value?](repeating: nil, count: count))
    DispatchQueue.concurrentPerform(iterations: count) { index in
        let value = transform(index)
        values.withLock { $0[index] = value }
    }
    return values.withLock { slots in
        var result: [Value] = []
        result.reserveCapacity(slots.count)
        for index in slots.indices { result.append(slots[index].take()!) }
        return result
    }
}

/// `transform` of each of `elements`, in their order, made across the cores in runs of
/// `chunkSize` consecutive elements, one task a run: for many small pieces of work (a card, a
/// trip's key parts, a stamp check), where a task each would cost more to hand out than to do.
package func concurrentMap<Element: Sendable, Value: Sendable>(
    _ elements: [Element], chunkSize: Int = 64, _ transform: @Sendable (Element) -> Value
) -> [Value] {
    concurrentMap(count: (elements.count + chunkSize - 1) / chunkSize) { chunk in
        elements[(chunk * chunkSize)..<min(elements.count, (chunk + 1) * chunkSize)].map(transform)
    }.flatMap { $0 }
}
