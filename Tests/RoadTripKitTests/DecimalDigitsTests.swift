import Testing
@testable import RoadTripCore

/// `DecimalDigits` against the standard library's own `String(_:)` of the same integers: every
/// digit count from 1 to 19, both signs, the limits, and 2,000 pseudo-random values.
@Suite struct DecimalDigitsTests {
    static func written(_ value: Int) -> String {
        var bytes: [UInt8] = Array("x".utf8)
        DecimalDigits.append(value, to: &bytes)
        return String(decoding: bytes.dropFirst(), as: UTF8.self)
    }

    @Test func digitsAreThoseOfStringOfTheNumber() {
        var values = [0, 1, 9, 10, 99, 100, 4095, 4096, Int.max, Int.min, Int.min + 1, -1, -10]
        var power = 1
        for _ in 1...18 {
            power *= 10
            values += [power - 1, power, power + 1, -power]
        }
        var generator = SystemRandomNumberGenerator()
        values += (0..<2_000).map { _ in Int.random(in: Int.min...Int.max, using: &generator) >> Int.random(in: 0...62, using: &generator) }
        for value in values {
            #expect(Self.written(value) == String(value))
        }
    }

    /// Written at an offset into a buffer, the digits end where the returned index says, and the
    /// bytes before the offset are left alone.
    @Test func writingAtAnOffsetReturnsTheEnd() {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 3 + DecimalDigits.maximumCount) { buffer in
            buffer.initialize(repeating: UInt8(ascii: "#"))
            let end = DecimalDigits.write(-4_096, into: buffer, at: 3)
            #expect(end == 8)
            #expect(String(decoding: UnsafeBufferPointer(rebasing: buffer[..<end]), as: UTF8.self) == "###-4096")
        }
    }
}
