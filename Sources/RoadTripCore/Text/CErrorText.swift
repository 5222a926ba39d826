/// The text a C function wrote into a caller's buffer of `CChar`s (a failure reason, as the
/// library loaders' `rt_*_load(error, size)` write it), up to its first NUL; bytes that are not
/// UTF-8 are replaced by U+FFFD.
package enum CErrorText {
    /// `buffer`'s text up to its first NUL (all of it when it has none).
    package static func string(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Calls a library loader (`rt_zip_load`, `cmhd_load`, …: 0 when the library is open, else -1
    /// with the reason written into the buffer it is given); `nil` when it opened the library,
    /// else the reason.
    package static func failure(of load: (UnsafeMutablePointer<CChar>?, Int) -> Int32) -> String? {
        var buffer = [CChar](repeating: 0, count: 512)
        return load(&buffer, buffer.count) == 0 ? nil : string(buffer)
    }
}
