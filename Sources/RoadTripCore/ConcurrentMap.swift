import Dispatch
import Synchronization

/// `transform` of every index in `0..<count`, run across the cores (`DispatchQueue.concurrentPerform`),
/// in index order: what a loop of independent pieces of work (one per leg, per chunk of folders,
/// per file) gives when each piece may run on any core.
package func concurrentMap<Value: Sendable>(count: Int, _ transform: @Sendable (Int) -> Value) -> [Value] {
    guard count > 0 else { return [] }
    let values = Mutex([Value?](repeating: nil, count: count))
    DispatchQueue.concurrentPerform(iterations: count) { index in
        let value = transform(index)
        values.withLock { $0[index] = value }
    }
    return values.withLock { $0.map { $0! } }
}
