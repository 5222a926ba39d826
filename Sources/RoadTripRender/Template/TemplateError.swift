import RoadTripCore

/// A template that cannot be parsed or rendered: a Mustache syntax error (unclosed tag, unclosed
/// section, mismatched closing tag, bad delimiters, bad tag name) or a render-time failure
/// (partials nested too deeply).
public struct TemplateError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The name of the template the error is in (its library name, e.g. `base`, `partials/pin`).
    public var templateName: String
    /// 1-based line in the template source; 0 when no position applies.
    public var line: Int
    /// 1-based column (in Unicode scalars) in that line; 0 when no position applies.
    public var column: Int
    /// What is wrong, in one line.
    public var message: String

    /// Creates an error; `line` and `column` are 1-based, or 0 for "no position".
    public init(templateName: String, line: Int, column: Int, message: String) {
        self.templateName = templateName
        self.line = line
        self.column = column
        self.message = message
    }

    /// `name:line:column: message`, or `name: message` without a position.
    public var description: String {
        line > 0 ? "\(templateName):\(line):\(column): \(message)" : "\(templateName): \(message)"
    }

    /// This error as a `path:line:column: error: message` diagnostic for the template file at `path` (the caller knows
    /// the file; the library only knows template names).
    public func diagnostic(path: String) -> Diagnostic {
        .error(SourceLocation(path: path, line: line > 0 ? line : nil, column: line > 0 ? column : nil),
               message)
    }
}

extension TemplateError {
    /// This error as an error diagnostic of the template file `path` (as diagnostics name it:
    /// `Themes/default/layouts/base.mustache`), at the error's line and column.
    public func diagnostic(in path: String) -> Diagnostic {
        .error(SourceLocation(path: path, line: line, column: column), message)
    }
}
