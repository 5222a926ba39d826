import Synchronization

/// Which connections `roadtrip serve` closes so that a new client always gets in: 512 connections
/// that each trickle a byte every 10 s (slowloris), or that sit idle, must not lock out the next
/// request. `HTTPDaemon` registers every connection when libmicrohttpd accepts it, tells it when a
/// request's headers are in and when its response is done, and closes (`shutdown`) the
/// connections this returns.
///
/// A *client* is one IPv4 address, or one IPv6 /64 (a host picks new addresses inside its /64 at
/// will, RFC 8981). When a new connection makes
/// - its client hold more than `Limits.perClient` connections, one of that client's others is
///   closed;
/// - the server hold more than `Limits.total`, one of all the others is closed.
///
/// The one closed is the connection that has waited longest for a complete request — an idle
/// keep-alive connection, or one still sending its request line and headers (measured from when
/// it opened or its last response ended); only when there is none, the one whose current
/// response started longest ago. Event streams are never picked (`LiveReload` bounds them, and
/// a suspended connection would not notice), nor is the new connection. A connection picked is
/// no longer counted, though it stays registered until libmicrohttpd reports it closed.
public final class ConnectionLimiter: Sendable {
    /// The limits of one server.
    public struct Limits: Sendable, Hashable {
        /// The most connections of one client. Every local client (each browser, curl, a test, a
        /// benchmark) shares 127.0.0.1, and a browser opens up to 6 connections per host name —
        /// event streams included — so three browsers on `localhost` and `127.0.0.1` need 36; the
        /// default, 128, leaves room for link checkers and load tests (lychee's default is 128
        /// concurrent requests) and still keeps one LAN client to a quarter of the total.
        public var perClient: Int
        /// The most connections in all. libmicrohttpd's own limit is set higher
        /// (`HTTPDaemon.hardConnectionLimit`), so that connections being closed never stop it from
        /// accepting the next one.
        public var total: Int

        /// Limits of `perClient` and `total` connections (at least 1 each).
        public init(perClient: Int, total: Int) {
            self.perClient = max(1, perClient)
            self.total = max(1, total)
        }

        /// 128 per client, 480 in all.
        public static let standard = Limits(perClient: 128, total: 480)
    }

    /// One open connection, created by `open` and told by the server what it is doing.
    public final class Connection: Sendable {
        /// The client (`clientKey`).
        public let client: String
        /// The connection's socket.
        public let descriptor: Int32
        /// What it does and since when: bit 63 set while a response is under way, bit 62 once it
        /// is an event stream, bits 0–61 the monotonic time (nanoseconds) that phase began.
        private let phase: Atomic<UInt64>

        private static let busyBit: UInt64 = 1 << 63
        private static let streamBit: UInt64 = 1 << 62
        private static let timeMask: UInt64 = (1 << 62) - 1

        init(client: String, descriptor: Int32, openedAt nanoseconds: UInt64) {
            self.client = client
            self.descriptor = descriptor
            phase = Atomic(nanoseconds & Self.timeMask)
        }

        /// A request's headers are in (at monotonic time `nanoseconds`): its response is under way.
        public func requestStarted(at nanoseconds: UInt64) {
            phase.store(Self.busyBit | (nanoseconds & Self.timeMask), ordering: .relaxed)
        }

        /// The response is done: the connection waits for the next request from `nanoseconds` on.
        public func requestEnded(at nanoseconds: UInt64) {
            phase.store(nanoseconds & Self.timeMask, ordering: .relaxed)
        }

        /// The response is an event stream: this connection is never picked to close.
        public func becameEventStream() {
            phase.bitwiseOr(Self.streamBit, ordering: .relaxed)
        }

        /// `(isStream, isBusy, since)` now.
        var state: (isStream: Bool, isBusy: Bool, since: UInt64) {
            let value = phase.load(ordering: .relaxed)
            return (value & Self.streamBit != 0, value & Self.busyBit != 0, value & Self.timeMask)
        }
    }

    private struct Entry {
        let connection: Connection
        var counted = true
    }

    private struct State {
        var entries: [ObjectIdentifier: Entry] = [:]
        var perClient: [String: Int] = [:]
        var total = 0
    }

    private let state = Mutex(State())
    /// The limits applied.
    public let limits: Limits

    /// A limiter with no connections.
    public init(limits: Limits = .standard) {
        self.limits = limits
    }

    /// Registers a connection of `client` on `descriptor`, opened at monotonic time `nanoseconds`,
    /// and calls `close` (while no connection can be unregistered, so `descriptor`s stay valid) for
    /// each connection that must go to make room.
    public func open(
        client: String, descriptor: Int32, at nanoseconds: UInt64, close: (Connection) -> Void
    ) -> Connection {
        let connection = Connection(client: client, descriptor: descriptor, openedAt: nanoseconds)
        state.withLock { state in
            state.entries[ObjectIdentifier(connection)] = Entry(connection: connection)
            state.perClient[client, default: 0] += 1
            state.total += 1
            if state.perClient[client, default: 0] > limits.perClient,
                let victim = Self.victim(in: state, client: client, sparing: connection)
            {
                Self.uncount(victim, in: &state)
                close(victim)
            }
            if state.total > limits.total, let victim = Self.victim(in: state, client: nil, sparing: connection) {
                Self.uncount(victim, in: &state)
                close(victim)
            }
        }
        return connection
    }

    /// Unregisters `connection` (libmicrohttpd closed it).
    public func close(_ connection: Connection) {
        state.withLock { state in
            if state.entries[ObjectIdentifier(connection)]?.counted == true { Self.uncount(connection, in: &state) }
            state.entries[ObjectIdentifier(connection)] = nil
        }
    }

    /// Connections counted now (open and not picked to close), in all and of `client`.
    public func counts(client: String) -> (total: Int, client: Int) {
        state.withLock { ($0.total, $0.perClient[client, default: 0]) }
    }

    private static func uncount(_ connection: Connection, in state: inout State) {
        state.entries[ObjectIdentifier(connection)]?.counted = false
        state.total -= 1
        let remaining = state.perClient[connection.client, default: 1] - 1
        state.perClient[connection.client] = remaining > 0 ? remaining : nil
    }

    /// The counted connection (of `client`, or of anyone) to close first, never `spared` nor an
    /// event stream: waiting for a request longest, else busy longest.
    private static func victim(in state: State, client: String?, sparing spared: Connection) -> Connection? {
        var best: (connection: Connection, rank: (Int, UInt64))?
        for entry in state.entries.values where entry.counted && entry.connection !== spared {
            let connection = entry.connection
            if let client, connection.client != client { continue }
            let (isStream, isBusy, since) = connection.state
            if isStream { continue }
            let rank = (isBusy ? 1 : 0, since)
            if let current = best, current.rank <= rank { continue }
            best = (connection, rank)
        }
        return best?.connection
    }

    /// The client of a connection from the address `bytes` (4 for IPv4, 16 for IPv6, in network
    /// order): `192.0.2.7`; an IPv4-mapped IPv6 address (`::ffff:192.0.2.7`) as its IPv4 address;
    /// another IPv6 address as its /64, `2001:db8:1:2::/64` (the first four groups in lower-case
    /// hexadecimal without leading zeros).
    public static func clientKey(addressBytes bytes: [UInt8]) -> String {
        if bytes.count == 4 { return bytes.map(String.init).joined(separator: ".") }
        guard bytes.count == 16 else { return "unknown" }
        if bytes[..<10].allSatisfy({ $0 == 0 }) && bytes[10] == 0xFF && bytes[11] == 0xFF {
            return bytes[12...].map(String.init).joined(separator: ".")
        }
        let groups = stride(from: 0, to: 8, by: 2).map { String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16) }
        return groups.joined(separator: ":") + "::/64"
    }
}
