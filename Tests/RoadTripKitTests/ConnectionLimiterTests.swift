import Testing
@testable import RoadTripKit
@testable import RoadTripCore
@testable import RoadTripFormats
@testable import RoadTripGeo
@testable import RoadTripContent
@testable import RoadTripCompute
@testable import RoadTripRender
@testable import RoadTripSite
@testable import RoadTripServe

/// Which connections `ConnectionLimiter` closes. Times are made-up monotonic nanoseconds; the
/// expected victims follow from its rule (longest waiting for a request first, then longest busy,
/// never an event stream nor the new connection), worked out by hand in each comment.
@Suite struct ConnectionLimiterTests {
    /// Opens a connection and returns the descriptors closed to make room.
    func open(
        _ limiter: ConnectionLimiter, _ client: String, _ descriptor: Int32, at time: UInt64
    ) -> (ConnectionLimiter.Connection, [Int32]) {
        var closed: [Int32] = []
        let connection = limiter.open(client: client, descriptor: descriptor, at: time) { closed.append($0.descriptor) }
        return (connection, closed)
    }

    @Test func perClientLimitClosesThatClientsStalestConnection() {
        let limiter = ConnectionLimiter(limits: ConnectionLimiter.Limits(perClient: 3, total: 100))
        let (a1, _) = open(limiter, "a", 1, at: 100)
        let (a2, _) = open(limiter, "a", 2, at: 200)
        let (_, bClosed) = open(limiter, "b", 10, at: 250)
        let (a3, _) = open(limiter, "a", 3, at: 300)
        #expect(bClosed.isEmpty)
        // a1 finished a request at 400 (waiting since 400), a2 is busy since 350, a3 waits since
        // 300: the fourth of "a" closes a3, the one waiting longest; b is never touched.
        a2.requestStarted(at: 350)
        a1.requestStarted(at: 360)
        a1.requestEnded(at: 400)
        let (a4, closed) = open(limiter, "a", 4, at: 500)
        #expect(closed == [3])
        #expect(limiter.counts(client: "a") == (total: 4, client: 3))
        // Now a1 waits since 400, a4 since 500, a2 busy: the next closes a1.
        let (a5, next) = open(limiter, "a", 5, at: 600)
        #expect(next == [1])
        // a4 becomes an event stream and a5 starts a request at 650: no connection of "a" waits
        // for a request, so the one busy longest goes, a2 (since 350, before a5's 650); the
        // stream and the new connection are spared.
        a4.becameEventStream()
        a5.requestStarted(at: 650)
        let (_, busy) = open(limiter, "a", 6, at: 700)
        #expect(busy == [2])
        _ = a3
    }

    @Test func totalLimitClosesTheStalestOfAnyone() {
        let limiter = ConnectionLimiter(limits: ConnectionLimiter.Limits(perClient: 10, total: 3))
        let (x, _) = open(limiter, "x", 1, at: 100)
        let (y, _) = open(limiter, "y", 2, at: 50)
        let (z, _) = open(limiter, "z", 3, at: 300)
        _ = (x, z)
        // y waits since 50, x since 100, z since 300: a fourth connection (from a new client)
        // closes y.
        let (_, closed) = open(limiter, "w", 4, at: 400)
        #expect(closed == [2])
        #expect(limiter.counts(client: "y") == (total: 3, client: 0))
        // A connection already picked is not counted again when libmicrohttpd reports it closed.
        limiter.close(y)
        #expect(limiter.counts(client: "w") == (total: 3, client: 1))
    }

    @Test func closingUnregisters() {
        let limiter = ConnectionLimiter(limits: ConnectionLimiter.Limits(perClient: 2, total: 10))
        let (first, _) = open(limiter, "a", 1, at: 1)
        let (_, _) = open(limiter, "a", 2, at: 2)
        limiter.close(first)
        // Two open again, within the limit: nothing closed.
        let (_, closed) = open(limiter, "a", 3, at: 3)
        #expect(closed.isEmpty)
        #expect(limiter.counts(client: "a") == (total: 2, client: 2))
    }

    /// IPv4 as is, IPv4-mapped IPv6 as IPv4, other IPv6 by /64 (RFC 4291 §2.2 text form of the first
    /// four groups).
    @Test func clientKeys() {
        #expect(ConnectionLimiter.clientKey(addressBytes: [192, 0, 2, 7]) == "192.0.2.7")
        #expect(ConnectionLimiter.clientKey(addressBytes: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF, 192, 0, 2, 7]) == "192.0.2.7")
        let privacy1: [UInt8] = [0x20, 0x01, 0x0D, 0xB8, 0, 1, 0, 2, 0xAB, 0xCD, 0, 0, 0, 0, 0, 1]
        let privacy2: [UInt8] = [0x20, 0x01, 0x0D, 0xB8, 0, 1, 0, 2, 0x12, 0x34, 0x56, 0x78, 0, 0, 0, 9]
        #expect(ConnectionLimiter.clientKey(addressBytes: privacy1) == "2001:db8:1:2::/64")
        #expect(ConnectionLimiter.clientKey(addressBytes: privacy2) == "2001:db8:1:2::/64")
        #expect(ConnectionLimiter.clientKey(addressBytes: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]) == "0:0:0:0::/64")
    }
}
