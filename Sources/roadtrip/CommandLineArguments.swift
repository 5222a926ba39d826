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

    /// Removes every occurrence of the flag and returns `true` when it was present.
    mutating func flag(_ name: String) -> Bool {
        let count = words.count
        words.removeAll { $0 == name }
        return words.count != count
    }

    /// Removes and returns the value of `--name VALUE` / `--name=VALUE`, or `nil` when absent.
    /// An empty value is a usage error. Given more than once, the last one wins (as in most
    /// command-line tools), and every occurrence is consumed.
    mutating func option(_ name: String) throws(UsageError) -> String? {
        var value: String?
        var index = 0
        while index < words.count {
            if words[index].hasPrefix(name + "=") {
                value = String(words.remove(at: index).dropFirst(name.count + 1))
            } else if words[index] == name {
                guard index + 1 < words.count, !words[index + 1].hasPrefix("--") else {
                    throw UsageError(message: "\(name) needs a value")
                }
                value = words[index + 1]
                words.removeSubrange(index...(index + 1))
            } else {
                index += 1
            }
        }
        if let value, value.isEmpty { throw UsageError(message: "\(name) needs a non-empty value") }
        return value
    }

    /// A numeric option within `range` (degrees), or `nil` when absent.
    mutating func number(_ name: String, in range: ClosedRange<Double>) throws(UsageError) -> Double? {
        guard let text = try option(name) else { return nil }
        guard let value = Double(text), value.isFinite else {
            throw UsageError(message: "\(name) must be a number, not '\(text)'")
        }
        guard range.contains(value) else {
            throw UsageError(
                message: "\(name) must be within \(Int(range.lowerBound))…\(Int(range.upperBound)), not \(text)")
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
