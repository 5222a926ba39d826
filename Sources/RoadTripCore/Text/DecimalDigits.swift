/// An integer's decimal digits written straight into bytes, as `String(_:)` writes them (a `-`
/// first when negative, no leading zeros): for the names and URLs made by the thousand — a
/// basemap tile's key and paths, a tile URL filled in from its template — where a `String` per
/// number, or digits appended to an array and reversed through a slice (~700 instructions a
/// number), cost more than the rest of the text.
package enum DecimalDigits {
    /// The most bytes ``write(_:into:at:)`` writes: a sign and the 19 digits of `Int.min`.
    package static var maximumCount: Int { 20 }

    /// Writes `value` into `buffer` from index `start` and returns the index just past its last
    /// digit. `buffer` must have room for ``maximumCount`` bytes from `start`.
    package static func write(_ value: Int, into buffer: UnsafeMutableBufferPointer<UInt8>, at start: Int) -> Int {
        var end = start
        if value < 0 {
            buffer[end] = UInt8(ascii: "-")
            end += 1
        }
        var rest = value.magnitude
        var digits = 0
        var probe = rest
        repeat {
            digits += 1
            probe /= 10
        } while probe > 0
        end += digits
        var position = end
        repeat {
            position -= 1
            buffer[position] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
        } while rest > 0
        return end
    }

    /// Appends `value`'s digits (as ``write(_:into:at:)`` writes them) to `bytes`, byte by byte
    /// (a number is a few bytes: fewer instructions than `append(contentsOf:)`'s set-up).
    package static func append(_ value: Int, to bytes: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maximumCount) { buffer in
            let end = write(value, into: buffer, at: 0)
            for index in 0..<end { bytes.append(buffer[index]) }
        }
    }
}
