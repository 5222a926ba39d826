/// The first 24 bytes of a PNG file: its signature and the start of its `IHDR` chunk, which gives
/// the width and height (PNG, ISO/IEC 15948:2004 §5.2 "PNG signature", §11.2.2 "IHDR").
package struct PNGHeader: Sendable, Equatable {
    /// Width and height in pixels; `nil` when the bytes are not a PNG's beginning.
    package let width: Int?, height: Int?

    /// The signature, 137 80 78 71 13 10 26 10 (§5.2).
    package static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    /// The last 12 bytes of every PNG: the empty `IEND` chunk — length 0, type, CRC-32 AE 42 60 82 (§11.2.5).
    package static let endChunk: [UInt8] = [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]

    /// The header of a PNG of `width` × `height` pixels.
    package init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// The header `bytes` (at least 24) give: after the signature, `IHDR`'s length (13) and type,
    /// then its width and height as 4-byte big-endian integers.
    package init(_ bytes: [UInt8]) {
        func integer(at offset: Int) -> Int { bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        guard bytes.count >= 24, Array(bytes[0..<8]) == Self.signature, integer(at: 8) == 13,
              Array(bytes[12..<16]) == Array("IHDR".utf8)
        else {
            width = nil
            height = nil
            return
        }
        width = integer(at: 16)
        height = integer(at: 20)
    }
}
