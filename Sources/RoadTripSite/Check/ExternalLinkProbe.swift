import Dispatch
import Foundation
import Synchronization
import RoadTripCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `roadtrip check --external`: asks each external link's server whether the page is there — a
/// `HEAD` request (RFC 9110 §9.3.2), then a `GET` when the server refuses `HEAD` (405, 501) or
/// answers it with an error, as link checkers such as lychee do — a few at a time, each within a
/// timeout, following redirects.
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

    /// The outcome of each URL of `urls`, in their order; `timeout` seconds a request, at most
    /// `concurrency` at once.
    public static func probe(_ urls: [String], timeout: TimeInterval = 10, concurrency: Int = 4) -> [Outcome] {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout * 2
        configuration.httpAdditionalHeaders = ["User-Agent": "roadtrip-check/\(RoadTripVersion.current)"]
        let session = URLSession(configuration: configuration)
        defer { session.finishTasksAndInvalidate() }
        let outcomes = Mutex([Outcome](repeating: .unreachable("not tried"), count: urls.count))
        let slots = DispatchSemaphore(value: max(1, concurrency))
        let group = DispatchGroup()
        for (position, text) in urls.enumerated() {
            guard let url = URL(string: text) else {
                outcomes.withLock { $0[position] = .unreachable("not a URL") }
                continue
            }
            slots.wait()
            group.enter()
            request(url, method: "HEAD", session: session) { headOutcome in
                let finish: @Sendable (Outcome) -> Void = { outcome in
                    outcomes.withLock { $0[position] = outcome }
                    slots.signal()
                    group.leave()
                }
                if case .reachable = headOutcome { return finish(headOutcome) }
                request(url, method: "GET", session: session, finish)
            }
        }
        group.wait()
        return outcomes.withLock { $0 }
    }

    private static func request(_ url: URL, method: String, session: URLSession, _ done: @escaping @Sendable (Outcome) -> Void) {
        var request = URLRequest(url: url)
        request.httpMethod = method
        session.dataTask(with: request) { _, response, error in
            if let status = (response as? HTTPURLResponse)?.statusCode {
                done(status < 400 ? .reachable(status) : .failed(status))
            } else {
                done(.unreachable(error?.localizedDescription ?? "no answer"))
            }
        }.resume()
    }
}
