internal import CCurl
import Dispatch
import Foundation
import Synchronization
import RoadTripCore

/// `roadtrip check --external`: asks each external link's server whether the page is there — a
/// `HEAD` request (RFC 9110 §9.3.2), then a `GET` when the server refuses `HEAD` (405, 501) or
/// answers it with an error, as link checkers such as lychee do — a few at a time, each within a
/// timeout, following redirects. Through libcurl, opened on the first request (Sources/CCurl).
public enum ExternalLinkProbe {
    /// What one link's server said.
    public enum Outcome: Sendable, Equatable {
        /// A 2xx or 3xx answer (after redirects): the status.
        case reachable(Int)
        /// A 4xx or 5xx answer: the status.
        case failed(Int)
        /// No answer: why (time-out, no such host, refused).
        case unreachable(String)
    }

    /// Why no link could be asked: libcurl cannot be loaded (the reason names it and its Debian
    /// package).
    public struct Unavailable: Error, Sendable {
        public let reason: String
    }

    /// The outcome of each URL of `urls`, in their order; `timeout` seconds to connect (twice
    /// that for a whole request), at most `concurrency` at once. A `GET` follows only a `HEAD`
    /// that was answered with an error status: a server that does not answer is not asked twice.
    /// Throws `Unavailable` when libcurl cannot be loaded (nothing is asked).
    public static func probe(_ urls: [String], timeout: TimeInterval = 10, concurrency: Int = 4) throws(Unavailable) -> [Outcome] {
        if let reason = CErrorText.failure(of: rt_curl_load) { throw Unavailable(reason: reason) }
        let outcomes = Mutex([Outcome](repeating: .unreachable("not tried"), count: urls.count))
        let slots = DispatchSemaphore(value: max(1, concurrency))
        let group = DispatchGroup()
        for (position, url) in urls.enumerated() {
            guard let parsed = URL(string: url), let scheme = parsed.scheme?.lowercased(), ["http", "https"].contains(scheme) else {
                outcomes.withLock { $0[position] = .unreachable("not a URL") }
                continue
            }
            slots.wait()
            DispatchQueue.global(qos: .userInitiated).async(group: group) {
                defer { slots.signal() }
                var outcome = request(url, head: true, timeout: timeout)
                if case .failed = outcome { outcome = request(url, head: false, timeout: timeout) }
                outcomes.withLock { $0[position] = outcome }
            }
        }
        group.wait()
        return outcomes.withLock { $0 }
    }

    /// One HEAD or GET request to `url` (libcurl's `rt_curl_request`).
    private static func request(_ url: String, head: Bool, timeout: TimeInterval) -> Outcome {
        var status = 0
        var reason = [CChar](repeating: 0, count: 512)
        let milliseconds = Int(max(1, timeout * 1000))
        let answered = rt_curl_request(
            url, head ? 1 : 0, milliseconds, 2 * milliseconds, "roadtrip-check/\(RoadTripVersion.current)", &status, &reason, reason.count)
        guard answered == 0 else { return .unreachable(CErrorText.string(reason)) }
        return status < 400 ? .reachable(status) : .failed(status)
    }
}
