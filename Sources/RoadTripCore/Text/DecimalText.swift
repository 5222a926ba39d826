import Foundation

/// Plain decimal notation for numbers written into SVG, JSON and HTML attributes.
public enum DecimalText {
    /// `value` rounded to at most `maximumFractionDigits` decimals, in plain notation: `.` as the
    /// decimal separator, no exponent (1e-7 → `0.0000001`), no trailing zeros or trailing `.`
    /// (2.50 → `2.5`, 3.0 → `3`), and no negative zero (−0.00000001 at 7 digits → `0`).
    ///
    /// Rounding is C `printf("%.*f")` on the binary value (round-half-even on the exact double).
    /// Non-finite values print as `nan`, `inf` or `-inf`; callers that need a valid number must
    /// filter them first.
    /// `value` as a message quotes what the user wrote: plain notation as in
    /// ``string(_:maximumFractionDigits:)`` (6 decimals) while it has at most 15 integer digits,
    /// Swift's shortest round-trip form with an exponent beyond (`1e+308`, not 309 digits).
    public static func quoted(_ value: Double) -> String {
        abs(value) < 1e15 || !value.isFinite ? string(value, maximumFractionDigits: 6) : "\(value)"
    }

    public static func string(_ value: Double, maximumFractionDigits: Int) -> String {
        withDigits(of: value, fractionDigits: maximumFractionDigits, trimmingZeros: true) {
            String(decoding: $0, as: UTF8.self)
        }
    }

    /// Appends ``string(_:maximumFractionDigits:)``'s text to `bytes` (UTF-8) without making the
    /// `String`: for writers that build their output as bytes (JSON), where each number's string
    /// cost more than writing its digits (~170 instructions of ~450, callgrind).
    public static func append(_ value: Double, maximumFractionDigits: Int, to bytes: inout [UInt8]) {
        withDigits(of: value, fractionDigits: maximumFractionDigits, trimmingZeros: true) { bytes.append(contentsOf: $0) }
    }

    /// `value` with exactly `fractionDigits` decimals (C `printf("%.*f")`), e.g. the page
    /// contract's `data-region` numbers with 7 decimals (`40.7484000`). Negative zero prints as `0…`.
    public static func fixed(_ value: Double, fractionDigits: Int) -> String {
        withDigits(of: value, fractionDigits: fractionDigits, trimmingZeros: false) { String(decoding: $0, as: UTF8.self) }
    }

    private static let powersOfTen: [Double] = (0...9).map { pow(10, Double($0)) }

    /// Calls `body` with the UTF-8 of `value` written as ``string(_:maximumFractionDigits:)``
    /// (`trimmingZeros`) or ``fixed(_:fractionDigits:)`` writes it, in a buffer valid only during the call.
    private static func withDigits<Result>(
        of value: Double, fractionDigits: Int, trimmingZeros: Bool, _ body: (UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
        guard value.isFinite else {
            let text: StaticString = value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf")
            return body(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
        }
        let value = value == 0 ? 0 : value
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { buffer in
            if let digits = integerFormat(value, fractionDigits: fractionDigits, trimmingZeros: trimmingZeros, into: buffer) {
                return body(UnsafeBufferPointer(rebasing: buffer[digits]))
            }
            return printfFormat(value, fractionDigits: fractionDigits, trimmingZeros: trimmingZeros, body)
        }
    }

    /// The common case in integer arithmetic: |value| · 10^digits below 10^12, where the scaled
    /// double is within 2^-12 of the exact product, so rounding it agrees with printf's rounding of
    /// the exact binary value unless the fraction is within 10^-3 of one half — those, and
    /// everything else, go to `printfFormat`. Writes the text at the end of `buffer` (32 bytes)
    /// and returns where it lies, or `nil`.
    private static func integerFormat(
        _ value: Double, fractionDigits: Int, trimmingZeros: Bool, into buffer: UnsafeMutableBufferPointer<UInt8>
    ) -> Range<Int>? {
        guard (0...9).contains(fractionDigits) else { return nil }
        let power = powersOfTen[fractionDigits]
        let scaled = abs(value) * power
        guard scaled < 1e12 else { return nil }
        let whole = scaled.rounded(.down)
        let fraction = scaled - whole
        guard abs(fraction - 0.5) > 1e-3 else { return nil }
        var units = Int(whole) + (fraction > 0.5 ? 1 : 0)
        let divisor = Int(power)
        var fractionDigitsLeft = fractionDigits
        var fractional = units % divisor
        units /= divisor
        if trimmingZeros {
            while fractionDigitsLeft > 0 && fractional % 10 == 0 {
                fractional /= 10
                fractionDigitsLeft -= 1
            }
        }
        let isNegative = value < 0 && (units != 0 || fractional != 0)
        // Written backwards, the fraction's digits first (with its leading zeros), then the
        // point, the units and the sign.
        var position = buffer.count
        func put(_ byte: UInt8) {
            position -= 1
            buffer[position] = byte
        }
        if fractionDigitsLeft > 0 {
            for _ in 0..<fractionDigitsLeft {
                put(UInt8(ascii: "0") + UInt8(fractional % 10))
                fractional /= 10
            }
            put(UInt8(ascii: "."))
        }
        repeat {
            put(UInt8(ascii: "0") + UInt8(units % 10))
            units /= 10
        } while units > 0
        if isNegative { put(UInt8(ascii: "-")) }
        return position..<buffer.count
    }

    private static func printfFormat<Result>(
        _ value: Double, fractionDigits: Int, trimmingZeros: Bool, _ body: (UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
        let digits = Int32(min(max(0, fractionDigits), 20))
        // vsnprintf into a stack buffer: `String(format:)` goes through CFString and was the
        // single largest cost of rendering a site. 330 bytes hold any finite double with 20 decimals.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 330) { buffer -> Result in
            let written = withVaList([digits, value]) { arguments in
                buffer.withMemoryRebound(to: CChar.self) { vsnprintf($0.baseAddress!, $0.count, "%.*f", arguments) }
            }
            var length = Int(min(max(written, 0), Int32(buffer.count - 1)))
            if trimmingZeros && buffer[0..<length].contains(UInt8(ascii: ".")) {
                while length > 0 && buffer[length - 1] == UInt8(ascii: "0") { length -= 1 }
                if length > 0 && buffer[length - 1] == UInt8(ascii: ".") { length -= 1 }
            }
            // −0.00000001 rounds to "-0" or "-0.0000000": no sign without a nonzero digit.
            var start = 0
            if length > 0 && buffer[0] == UInt8(ascii: "-")
                && !buffer[0..<length].contains(where: { $0 >= UInt8(ascii: "1") && $0 <= UInt8(ascii: "9") })
            {
                start = 1
            }
            return body(UnsafeBufferPointer(rebasing: buffer[start..<length]))
        }
    }
}
