import Foundation

/// Text written as one word of a POSIX shell command (XCU 2.2 Quoting), for the commands roadtrip
/// prints for the user to run and the completion scripts it writes.
enum ShellWord {
    /// `text` in single quotes, each `'` inside as `'\''` (close, an escaped quote, reopen): every
    /// other character stands for itself between single quotes.
    static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// `path` as the operand of `cd`: as it is when it holds only characters no shell treats
    /// specially, else ``quoted(_:)``; a relative path starting with `-`, which `cd` would read as
    /// an option, gets `./` in front (`./-dash`).
    static func path(_ path: String) -> String {
        let word = path.hasPrefix("-") ? "./" + path : path
        let plain = !word.isEmpty && word.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || "-_./+,:@%=".unicodeScalars.contains(scalar))
        }
        return plain ? word : quoted(word)
    }
}
