/// A bad command line (exit status 2): printed as one line saying what is wrong and
/// which `--help` to try.
struct UsageError: Error {
    let message: String
}

/// A command line checked against a ``CommandSpec``: the flags given, the last value of each
/// option, and the positional arguments.
///
/// The rules are the common ones (POSIX utility conventions, GNU long options): an option takes
/// its value as the next word or after `=` (`--source DIR`, `--source=DIR`); a flag given twice
/// is a flag; an option given twice takes its last value; options and arguments may come in any
/// order; single-letter flags may be combined (`-vq` is `-v -q`, as `ls -la`); `--` ends the
/// options, so every word after it is an argument (a name starting with `-`, a log called
/// `-x.gpx`).
struct ParsedArguments {
    /// The long names (`--drafts`) of the flags given.
    private(set) var flags: Set<String> = []
    /// Long name → the last value given.
    private(set) var values: [String: String] = [:]
    /// The positional arguments, in order.
    private(set) var positionals: [String] = []

    /// Checks `words` (the words after the command's own) against `spec`.
    /// - Throws: `UsageError` for an unknown option, a flag given a value (`--drafts=yes`), an
    ///   option without a value or with an empty one, a missing required option or argument, an
    ///   empty argument (`new site ""`), or an argument too many.
    init(_ words: [String], for spec: CommandSpec) throws(UsageError) {
        let words = Self.splittingCombinedFlags(words, for: spec)
        var index = 0
        var optionsEnded = false
        while index < words.count {
            let word = words[index]
            index += 1
            if optionsEnded || word == "-" || !word.hasPrefix("-") {
                positionals.append(word)
                continue
            }
            if word == "--" {
                optionsEnded = true
                continue
            }
            let equals = word.hasPrefix("--") ? word.firstIndex(of: "=") : nil
            let name = equals.map { String(word[..<$0]) } ?? word
            guard let option = spec.option(named: name) else {
                throw UsageError(message: "unknown option '\(name)'")
            }
            if option.isFlag {
                if equals != nil { throw UsageError(message: "\(option.name) takes no value") }
                flags.insert(option.name)
                continue
            }
            let value: String
            if let equals {
                value = String(word[word.index(after: equals)...])
            } else {
                // The next word is the value, unless it is an option itself (a forgotten value).
                guard index < words.count, !words[index].hasPrefix("--"), spec.option(named: words[index]) == nil
                else { throw UsageError(message: "\(name) needs a value (\(option.valueName ?? "VALUE"))") }
                value = words[index]
                index += 1
            }
            if value.isEmpty { throw UsageError(message: "\(option.name) needs a non-empty value") }
            values[option.name] = value
        }
        // --help wins over everything else that is missing: the caller prints the usage.
        if flags.contains(OptionSpec.help.name) { return }
        let missing = spec.options.filter { $0.isRequired && values[$0.name] == nil && !flags.contains($0.name) }
        if !missing.isEmpty {
            let names = missing.map(\.usageName).joined(separator: " and ")
            throw UsageError(message: "\(spec.words.joined(separator: " ")) needs \(names)")
        }
        if let empty = positionals.firstIndex(of: ""), empty < spec.arguments.count {
            throw UsageError(message: "\(spec.words.joined(separator: " ")) needs a non-empty \(spec.arguments[empty].name)")
        }
        let required = spec.arguments.filter { !$0.isOptional }.count
        if positionals.count < required {
            let argument = spec.arguments[positionals.count]
            throw UsageError(
                message: "\(spec.words.joined(separator: " ")) needs a \(argument.name) (\(argument.help))")
        }
        if positionals.count > spec.arguments.count {
            let extra = positionals[spec.arguments.count]
            throw UsageError(message: "unexpected argument '\(extra)'")
        }
    }

    /// `words` with each word of combined single-letter flags before any `--` (`-vq`: every letter
    /// after the dash the short name of a flag of `spec`) split into one word per flag (`-v`,
    /// `-q`). A word of letters whose first letter is a flag is split too, so that in `-vx` the
    /// unknown option is `-x`, the letter that is wrong. Any other word is kept as it is, so
    /// `-North-` stays one (unknown) option.
    static func splittingCombinedFlags(_ words: [String], for spec: CommandSpec) -> [String] {
        var result: [String] = []
        var optionsEnded = false
        for word in words {
            if word == "--" { optionsEnded = true }
            let letters = word.dropFirst().map { "-\($0)" }
            let combined = !optionsEnded && word.count > 2 && word.hasPrefix("-") && !word.hasPrefix("--")
                && spec.option(named: letters[0])?.isFlag == true
                && word.dropFirst().allSatisfy { $0.isASCII && $0.isLetter }
            result += combined ? letters : [word]
        }
        return result
    }

    /// `true` when the flag `name` (`--drafts`) was given.
    func flag(_ name: String) -> Bool {
        flags.contains(name)
    }

    /// The value of the option `name` (`--source`), or `nil` when it was not given.
    func value(_ name: String) -> String? {
        values[name]
    }

    /// The positional argument at `index`, or `nil` when it was not given.
    func argument(_ index: Int) -> String? {
        index < positionals.count ? positionals[index] : nil
    }

    /// The option `name` as a finite number within `range`, or `nil` when it was not given.
    /// - Throws: `UsageError` for text that is not a number, or a number outside `range`.
    func number(_ name: String, in range: ClosedRange<Double>) throws(UsageError) -> Double? {
        guard let text = values[name] else { return nil }
        // Decimal only: Swift's Double("0x10") reads hexadecimal (16), which no coordinate is written as.
        guard text.allSatisfy({ $0.isASCII && ($0.isNumber || "+-.eE".contains($0)) }), let value = Double(text),
            value.isFinite
        else {
            throw UsageError(message: "\(name) must be a decimal number, not '\(text)'")
        }
        guard range.contains(value) else {
            throw UsageError(
                message: "\(name) must be within \(Int(range.lowerBound))…\(Int(range.upperBound)), not \(text)")
        }
        return value
    }
}
