internal import CXXHash

/// The 64-bit hash of the build's cache keys: the digests of content (`ContentDigest`), of
/// sources' `stat` data (`SourceFingerprint`) and of a page's inputs (`StoredBuild`), which are
/// compared with the keys stored by the last build and never leave the project's cache. XXH3
/// (xxHash 0.8, `XXH3_64bits` with its default secret and seed 0; https://github.com/Cyan4973/xxHash,
/// Debian's libxxhash-dev): ~30 bytes per cycle where the byte-wise FNV-1a these keys used takes
/// ~1.3 ns per byte — 3.4 % of a 4,000-destination rebuild's CPU time, ~21 ms, went to FNV-1a.
/// Names that must stay stable across versions (file names, `FNV1a`) do not use it.
package enum ContentHash {
    /// XXH3-64 of `bytes`, as 16 lowercase hexadecimal digits.
    package static func hex64(bytes: UnsafeRawBufferPointer) -> String {
        hex(value64(bytes: bytes))
    }

    /// XXH3-64 of `bytes`.
    package static func value64(bytes: UnsafeRawBufferPointer) -> UInt64 {
        XXH_INLINE_XXH3_64bits(bytes.baseAddress, bytes.count)  // XXH3_64bits, as XXH_INLINE_ALL names it
    }

    /// `value` as 16 lowercase hexadecimal digits.
    package static func hex(_ value: UInt64) -> String {
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// XXH3-64 of `text`'s UTF-8 bytes, as 16 lowercase hexadecimal digits.
    package static func hex64(_ text: String) -> String {
        var text = text
        return text.withUTF8 { hex64(bytes: UnsafeRawBufferPointer($0)) }
    }

    /// XXH3-64 of `text`'s UTF-8 bytes with `seed` (`XXH3_64bits_withSeed`; seed 0 is ``hex64(_:)``'s hash).
    package static func value64(_ text: String, seed: UInt64) -> UInt64 {
        var text = text
        return text.withUTF8 { value64(bytes: UnsafeRawBufferPointer($0), seed: seed) }
    }

    /// XXH3-64 of `bytes` with `seed`: ``value64(_:seed:)`` of text whose UTF-8 is `bytes`.
    package static func value64(bytes: UnsafeRawBufferPointer, seed: UInt64) -> UInt64 {
        XXH_INLINE_XXH3_64bits_withSeed(bytes.baseAddress, bytes.count, seed)
    }
}
