import Foundation

/// Decimal text to `Double`, correctly rounded, for the trip-log readers (GPX, CSV): the one place
/// numbers are parsed from bytes.
///
/// Most numbers in a log (`46.0000090`, `300.4`, `12`) take W. D. Clinger's exact fast path ("How to
/// Read Floating Point Numbers Accurately", PLDI 1990, §4; also David Gay's `strtod.c`): when the
/// decimal significand fits in 53 bits and the power of ten is at most 22, both are exact doubles, so
/// one IEEE multiplication or division rounds correctly. Everything else (more digits, larger
/// exponents) goes to C's `strtod` in the C locale, which rounds correctly too.
public enum DecimalNumber {
    /// `bytes` — an optional sign, digits with at most one `decimalSeparator`, an optional exponent
    /// (`e`/`E`, optional sign, digits), nothing else, not even white space — as a finite `Double`;
    /// `nil` when it is not such a number, or overflows to infinity.
    /// The text of an XML element or attribute (GPX, KML, TCX) as a finite number: `parse` with
    /// surrounding XML white space (space, tab, CR, LF) allowed — only the `xsd:decimal`/`xsd:double`
    /// characters, so `inf`, `nan` and hexadecimal forms are rejected; `nil` when it is not one.
    static func parseXMLText(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
        var start = 0
        var end = text.count
        while start < end && isXMLSpace(text[start]) { start += 1 }
        while end > start && isXMLSpace(text[end - 1]) { end -= 1 }
        return parse(UnsafeBufferPointer(rebasing: text[start..<end]))
    }

    /// `parseXMLText` of a string's UTF-8 bytes.
    static func parseXMLText(_ text: some StringProtocol) -> Double? {
        var bytes = Array(text.utf8)
        return bytes.withUnsafeMutableBufferPointer { parseXMLText(UnsafeBufferPointer($0)) }
    }

    /// Whether `byte` is XML white space (XML 1.0 §2.3 `S`: space, tab, CR, LF).
    @inline(__always)
    static func isXMLSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    public static func parse(_ bytes: UnsafeBufferPointer<UInt8>, decimalSeparator: UInt8 = 0x2E) -> Double? {
        guard !bytes.isEmpty, bytes.count < 400 else { return nil }
        var index = 0
        var negative = false
        if bytes[0] == 0x2D || bytes[0] == 0x2B {
            negative = bytes[0] == 0x2D
            index = 1
        }
        var significand: UInt64 = 0
        var significantDigits = 0
        var digits = 0
        var fractionDigits = 0
        var seenSeparator = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte >= 0x30 && byte <= 0x39 {
                digits += 1
                if seenSeparator { fractionDigits += 1 }
                if significand != 0 || byte != 0x30 {
                    significantDigits += 1
                    if significantDigits <= 19 { significand = significand &* 10 &+ UInt64(byte - 0x30) }
                }
            } else if byte == decimalSeparator && !seenSeparator {
                seenSeparator = true
            } else {
                break
            }
            index += 1
        }
        guard digits > 0 else { return nil }
        var exponent = 0
        if index < bytes.count {
            guard bytes[index] == 0x45 || bytes[index] == 0x65 else { return nil }
            index += 1
            var exponentNegative = false
            if index < bytes.count, bytes[index] == 0x2D || bytes[index] == 0x2B {
                exponentNegative = bytes[index] == 0x2D
                index += 1
            }
            var exponentDigits = 0
            while index < bytes.count, bytes[index] >= 0x30 && bytes[index] <= 0x39 {
                if exponent < 100_000 { exponent = exponent * 10 + Int(bytes[index] - 0x30) }
                exponentDigits += 1
                index += 1
            }
            guard exponentDigits > 0, index == bytes.count else { return nil }
            if exponentNegative { exponent = -exponent }
        }
        let power = exponent - fractionDigits
        if significantDigits <= 19, significand <= 1 << 53, power >= -22, power <= 22 {
            var value = Double(significand)
            if power < 0 { value /= exactPowersOfTen[-power] } else { value *= exactPowersOfTen[power] }
            return negative ? -value : value
        }
        return slowPath(bytes, decimalSeparator: decimalSeparator)
    }

    /// 10⁰ … 10²², every one exactly representable as a `Double`.
    private static let exactPowersOfTen: [Double] = (0...22).map { exponent in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }

    /// C's `strtod` on a NUL-terminated stack copy with the separator made a point.
    private static func slowPath(_ bytes: UnsafeBufferPointer<UInt8>, decimalSeparator: UInt8) -> Double? {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: bytes.count + 1) { buffer in
            for (index, byte) in bytes.enumerated() {
                buffer[index] = CChar(bitPattern: byte == decimalSeparator ? 0x2E : byte)
            }
            buffer[bytes.count] = 0
            var end: UnsafeMutablePointer<CChar>? = nil
            let value = strtod(buffer.baseAddress!, &end)
            guard let end, end == buffer.baseAddress! + bytes.count, value.isFinite else { return nil }
            return value
        }
    }
}
