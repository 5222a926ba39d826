/// UTF-8 as the writers walk it byte by byte.
enum UTF8Sequence {
    /// The length in bytes of the UTF-8 sequence that starts with `lead` (RFC 3629 §3: `0xxxxxxx`
    /// 1, `110xxxxx` 2, `1110xxxx` 3, `11110xxx` 4), for the lead byte of a valid sequence (a
    /// Swift string's UTF-8 always is).
    static func length(startingWith lead: UInt8) -> Int {
        lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
    }
}
