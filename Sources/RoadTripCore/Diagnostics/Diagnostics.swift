import Synchronization

/// Where a diagnostic points: a file path (relative to `--source`, or as given on the command
/// line) and, where known, a 1-based line and column in that file.
public struct SourceLocation: Sendable, Hashable {
    /// The file, relative to the project root or as given on the command line.
    public var path: String
    /// 1-based line in the file, if known.
    public var line: Int?
    /// 1-based column in the file, if known (only meaningful with `line`).
    public var column: Int?

    /// Creates a location; `line`/`column` are 1-based.
    public init(path: String, line: Int? = nil, column: Int? = nil) {
        self.path = path
        self.line = line
        self.column = column
    }

    /// `path:line:column` or `path`, the path's line breaks and other control
    /// characters escaped as in a message (`Diagnostic.oneLine`): a folder named
    /// `x<LF>fake.md:1:1: error: …` or holding a terminal escape cannot forge a line of standard
    /// error or retitle the terminal. (`path` itself keeps the name as it is.)
    public var description: String {
        let shownPath = Diagnostic.oneLine(path)
        guard let line else { return shownPath }
        return "\(shownPath):\(line):\(column ?? 1)"
    }
}

/// One problem found in the input, reported as `path:line:column: severity: message`. Errors make
/// the build fail; warnings do not (unless `--strict`).
public struct Diagnostic: Error, Sendable, Hashable, CustomStringConvertible {
    /// How serious the problem is.
    public enum Severity: String, Sendable, Hashable {
        case error
        case warning
    }

    /// Error or warning.
    public var severity: Severity
    /// Where the problem is.
    public var location: SourceLocation
    /// What is wrong, in one line (see `init`).
    public var message: String

    /// Creates a diagnostic. `message` is made one line of plain text (`oneLine(_:)`), because it
    /// often quotes the file (a key, a value, a CSV header) and the file may hold line breaks or
    /// control characters there.
    public init(_ severity: Severity, _ location: SourceLocation, _ message: String) {
        self.severity = severity
        self.location = location
        self.message = Self.oneLine(message)
    }

    /// `text` with every line break and other control character written as an escape, so that a
    /// diagnostic stays one line of standard error and cannot move a terminal's cursor:
    /// LF as `\n`, CR as `\r`, and the rest — U+0000–U+001F except tab, U+007F–U+009F (DEL, the C1
    /// controls, NEL among them), U+2028 and U+2029 (the line and paragraph separators), the
    /// zero-width space and the bidirectional controls (U+200B–U+200F, U+202A–U+202E,
    /// U+2066–U+2069) — as
    /// `\u{1B}` (hexadecimal, as Swift writes them). Everything else, tabs included, is unchanged.
    package static func oneLine(_ text: String) -> String {
        func isEscaped(_ scalar: Unicode.Scalar) -> Bool {
            (scalar.value < 0x20 && scalar != "\t") || (0x7F...0x9F).contains(scalar.value)
                || scalar.value == 0x2028 || scalar.value == 0x2029
                // Zero-width and bidirectional controls, which make a name read as another
                // (`a\u{202E}gpj.exe` shows as `aexe.jpg`): Unicode's Bidi_Control and ZWSP.
                || (0x200B...0x200F).contains(scalar.value) || (0x202A...0x202E).contains(scalar.value)
                || (0x2066...0x2069).contains(scalar.value)
        }
        guard text.unicodeScalars.contains(where: isEscaped) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case _ where isEscaped(scalar): result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// An error at `location`.
    public static func error(_ location: SourceLocation, _ message: String) -> Diagnostic {
        Diagnostic(.error, location, message)
    }

    /// A warning at `location`.
    public static func warning(_ location: SourceLocation, _ message: String) -> Diagnostic {
        Diagnostic(.warning, location, message)
    }

    /// The line written to standard error: `<path>:<line>:<column>: error|warning: <message>`.
    public var description: String {
        "\(location.description): \(severity.rawValue): \(message)"
    }
}

/// A thread-safe collector of diagnostics, shared by the stages of one build so that every
/// error is reported before the build stops.
public final class DiagnosticLog: Sendable {
    private let storage = Mutex<[Diagnostic]>([])

    /// Creates an empty log.
    public init() {}

    /// Records a diagnostic.
    public func report(_ diagnostic: Diagnostic) {
        storage.withLock { $0.append(diagnostic) }
    }

    /// Records an error at `location`.
    public func error(_ location: SourceLocation, _ message: String) {
        report(.error(location, message))
    }

    /// Records a warning at `location`.
    public func warning(_ location: SourceLocation, _ message: String) {
        report(.warning(location, message))
    }

    /// Everything recorded so far, in the order it was reported.
    public var diagnostics: [Diagnostic] { storage.withLock { $0 } }

    /// How many diagnostics were recorded so far.
    public var count: Int { storage.withLock { $0.count } }

    /// The diagnostics recorded after the first `count`, in order.
    public func diagnostics(after count: Int) -> [Diagnostic] {
        storage.withLock { Array($0[min(count, $0.count)...]) }
    }

    /// The number of errors recorded.
    public var errorCount: Int { storage.withLock { $0.filter { $0.severity == .error }.count } }

    /// The number of warnings recorded.
    public var warningCount: Int { storage.withLock { $0.filter { $0.severity == .warning }.count } }
}

extension Diagnostic {
    /// How many errors, and how many warnings, of one file are printed; the rest are counted in
    /// one line. Well above what a reader that already counts its skipped rows prints (20 and a
    /// summary), so those are always shown whole.
    public static let printedPerFile = 50

    /// The lines to print for `diagnostics`, in order: each diagnostic's `description`, but at most
    /// ``printedPerFile`` errors and as many warnings per file; past that, one line per file and
    /// severity says how many more there are ("pois.json: warning: 49,950 more warnings of this
    /// file are not shown"), after the others. A file of 50,000 bad points of interest prints 102
    /// lines, not 100,000.
    public static func printedLines(_ diagnostics: [Diagnostic]) -> [String] {
        struct FileSeverity: Hashable {
            var path: String
            var severity: Severity
        }
        var shown: [FileSeverity: Int] = [:]
        var hidden: [(key: FileSeverity, count: Int)] = []
        var hiddenIndex: [FileSeverity: Int] = [:]
        var lines: [String] = []
        for diagnostic in diagnostics {
            let key = FileSeverity(path: diagnostic.location.path, severity: diagnostic.severity)
            if shown[key, default: 0] < printedPerFile {
                shown[key, default: 0] += 1
                lines.append(diagnostic.description)
            } else if let index = hiddenIndex[key] {
                hidden[index].count += 1
            } else {
                hiddenIndex[key] = hidden.count
                hidden.append((key, 1))
            }
        }
        for (key, count) in hidden {
            let kind = key.severity.rawValue
            let words = count == 1 ? "1 more \(kind) of this file is" : "\(CountText.grouped(count)) more \(kind)s of this file are"
            lines.append(Diagnostic(key.severity, SourceLocation(path: key.path), words + " not shown").description)
        }
        return lines
    }
}
