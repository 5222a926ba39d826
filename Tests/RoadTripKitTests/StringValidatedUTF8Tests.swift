import Testing
@testable import RoadTripCore

/// `String.validatingUTF8(_:)`: the ASCII fast path and the fallback give the standard library's
/// answers, and the well-formedness rules of Unicode 15 §3.9 (table 3-7).
@Suite struct StringValidatedUTF8Tests {
    private func validated(_ bytes: [UInt8]) -> String? { bytes.withUnsafeBytes { String.validatingUTF8($0) } }

    /// ASCII of lengths around the eight-byte word: the same text back.
    @Test func asciiOfEveryLengthAroundAWordComesBackWhole() {
        for length in 0...25 {
            let text = String((0..<length).map { Character(Unicode.Scalar(UInt8(0x21 + $0 % 90))) })
            #expect(validated(Array(text.utf8)) == text)
        }
        #expect(validated([0x00, 0x7F]) == "\u{0}\u{7F}")
    }

    /// One byte at or above 0x80 anywhere — inside the first word, at its last byte, in the tail
    /// — is not taken as ASCII: a lone continuation byte (0x80) is never well-formed.
    @Test func aHighByteAnywhereIsSeen() {
        for length in 1...20 {
            for position in 0..<length {
                var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                bytes[position] = 0x80
                #expect(validated(bytes) == nil, "0x80 at \(position) of \(length)")
            }
        }
    }

    /// Table 3-7's edges, with the answers Python 3.11's `bytes.decode("utf-8")` gives
    /// (strict): "café" and U+10FFFF decode; an overlong "/" (C0 AF), a surrogate (ED A0 80), a
    /// code point past U+10FFFF (F4 90 80 80) and a truncated sequence (E2 82) raise.
    @Test func wellFormednessFollowsTable3_7() {
        #expect(validated([0x63, 0x61, 0x66, 0xC3, 0xA9]) == "café")
        #expect(validated([0xF4, 0x8F, 0xBF, 0xBF]) == "\u{10FFFF}")
        #expect(validated([0xC0, 0xAF]) == nil)
        #expect(validated([0xED, 0xA0, 0x80]) == nil)
        #expect(validated([0xF4, 0x90, 0x80, 0x80]) == nil)
        #expect(validated([0xE2, 0x82]) == nil)
    }

    /// Every two-byte sequence, after seven ASCII bytes so that it straddles the first word's
    /// end: the same answer as `String(validating:as:)`.
    @Test func everyTwoByteSequenceMatchesTheStandardLibrary() {
        for first in 0...255 {
            for second in 0...255 {
                let bytes = Array("padding".utf8) + [UInt8(first), UInt8(second)]
                #expect(validated(bytes) == String(validating: bytes, as: UTF8.self))
            }
        }
    }
}
