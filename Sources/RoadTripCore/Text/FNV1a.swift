/// FNV-1a (Fowler, Noll & Vo; IETF draft-eastlake-fnv §2) of a text's UTF-8 bytes, as
/// lowercase hexadecimal padded to the hash's width: a short, stable name for a text (a slug's
/// suffix, a cache folder's fingerprint), not a defence against anyone.
package enum FNV1a {
    /// The 32-bit hash (offset basis 0x811C9DC5, prime 0x01000193), 8 hexadecimal digits.
    package static func hex32(_ text: String) -> String {
        var text = text
        return text.withUTF8 { hex(UnsafeRawBufferPointer($0), offsetBasis: UInt32(0x811C_9DC5), prime: 0x0100_0193) }
    }

    /// The 64-bit hash (offset basis 0xCBF29CE484222325, prime 0x100000001B3), 16 hexadecimal digits.
    package static func hex64(_ text: String) -> String {
        var text = text
        return text.withUTF8 { hex64(bytes: UnsafeRawBufferPointer($0)) }
    }

    /// The 64-bit hash of `bytes`, as `hex64(_:)` of the text they encode.
    package static func hex64(bytes: UnsafeRawBufferPointer) -> String {
        hex(bytes, offsetBasis: UInt64(0xCBF2_9CE4_8422_2325), prime: 0x100_0000_01B3)
    }

    private static func hex<Hash: FixedWidthInteger & UnsignedInteger>(
        _ bytes: UnsafeRawBufferPointer, offsetBasis: Hash, prime: Hash
    ) -> String {
        var hash = offsetBasis
        for byte in bytes {
            hash ^= Hash(byte)
            hash = hash &* prime
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: Hash.bitWidth / 4 - hex.count) + hex
    }
}
