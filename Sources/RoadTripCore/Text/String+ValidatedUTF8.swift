extension String {
    /// The text whose UTF-8 bytes are `bytes`, or `nil` when they are not well-formed UTF-8
    /// (Unicode 15, §3.9, table 3-7: no overlong forms, surrogates or code points past U+10FFFF) —
    /// the answer of the standard library's `String(validating:as:)`, which it calls for any byte
    /// at or above 0x80. Bytes that are all ASCII, as the paths, keys and digests of roadtrip's own
    /// files mostly are, are checked eight at a time and made a string at once:
    /// `String(validating:as:)` is not specialized for a buffer, and took ~1,000 instructions a call
    /// (callgrind; 44,399 calls to read the stored index of a 4,000-destination site).
    package static func validatingUTF8(_ bytes: UnsafeRawBufferPointer) -> String? {
        if isASCII(bytes) { return String(decoding: bytes, as: UTF8.self) }
        return String(validating: bytes, as: UTF8.self)
    }

    /// Whether every byte of `bytes` is below 0x80.
    private static func isASCII(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let highBits: UInt64 = 0x8080_8080_8080_8080
        var offset = 0
        var seen: UInt64 = 0
        while offset + 8 <= bytes.count {
            seen |= bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            offset += 8
        }
        while offset < bytes.count {
            seen |= UInt64(bytes[offset])
            offset += 1
        }
        return seen & highBits == 0
    }
}
