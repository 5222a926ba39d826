/// A bad command line: printed with the usage, exit status 2 (DESIGN §7).
struct UsageError: Error {
    let message: String
}

/// The words of a command line, consumed flag by flag. Flags take their value as the next word or
/// after '=' (`--source DIR`, `--source=DIR`).
struct CommandLineArguments {
    private(set) var words: [String]

    init(_ words: [String]) {
        self.words = words
    }

    /// Removes and returns `true` when the flag is present.
    mutating func flag(_ name: String) -> Bool {
        guard let index = words.firstIndex(of: name) else { return false }
        words.remove(at: index)
        return true
    }

    /// Removes and returns the value of `--name VALUE` / `--name=VALUE`, or `nil` when absent.
    mutating func option(_ name: String) throws(UsageError) -> String? {
        if let index = words.firstIndex(where: { $0.hasPrefix(name + "=") }) {
            let value = String(words.remove(at: index).dropFirst(name.count + 1))
            return value
        }
        guard let index = words.firstIndex(of: name) else { return nil }
        guard index + 1 < words.count else { throw UsageError(message: "\(name) needs a value") }
        let value = words[index + 1]
        words.removeSubrange(index...(index + 1))
        return value
    }

    /// A numeric option in degrees, or `nil` when absent.
    mutating func number(_ name: String) throws(UsageError) -> Double? {
        guard let text = try option(name) else { return nil }
        guard let value = Double(text), value.isFinite else {
            throw UsageError(message: "\(name) must be a number, not '\(text)'")
        }
        return value
    }

    /// Fails on anything left over (unknown flags or extra words).
    func finish() throws(UsageError) {
        if let first = words.first {
            throw UsageError(
                message: first.hasPrefix("-") ? "unknown option '\(first)'" : "unexpected argument '\(first)'")
        }
    }
}
