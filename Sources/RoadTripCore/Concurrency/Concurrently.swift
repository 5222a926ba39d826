import Dispatch
import Synchronization

/// Independent pieces of work run at the same time, one a core (`DispatchQueue.concurrentPerform`):
/// for a page whose long computations over one large trip log would otherwise run one after the
/// other on one core while the other idles (a site of one destination).
package enum Concurrently {
    /// The results of `first` and `second`, run at once; returns when both have.
    package static func both<First: Sendable, Second: Sendable>(
        _ first: @Sendable () -> First, _ second: @Sendable () -> Second
    ) -> (First, Second) {
        let firstResult = Mutex<First?>(nil), secondResult = Mutex<Second?>(nil)
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            if index == 0 {
                let value = first()
                firstResult.withLock { $0 = value }
            } else {
                let value = second()
                secondResult.withLock { $0 = value }
            }
        }
        return (firstResult.withLock { $0 }!, secondResult.withLock { $0 }!)
    }
}
