import RoadTripCore

extension StoredBytesWriter {
    /// A source location: its path, then its line and column, each an optional integer.
    mutating func append(_ location: SourceLocation) {
        append(location.path)
        append(location.line)
        append(location.column)
    }

    /// A diagnostic: whether it is an error (else a warning), its location and its message.
    mutating func append(_ diagnostic: Diagnostic) {
        append(diagnostic.severity == .error)
        append(diagnostic.location)
        append(diagnostic.message)
    }
}

extension StoredBytesReader {
    /// What ``StoredBytesWriter/append(_:)-(SourceLocation)`` wrote, or `nil`.
    mutating func sourceLocation() -> SourceLocation? {
        guard let path = string(), let line = optionalInt(), let column = optionalInt() else { return nil }
        return SourceLocation(path: path, line: line, column: column)
    }

    /// What ``StoredBytesWriter/append(_:)-(Diagnostic)`` wrote, or `nil`.
    mutating func diagnostic() -> Diagnostic? {
        guard let isError = bool(), let location = sourceLocation(), let message = string() else { return nil }
        return Diagnostic(isError ? .error : .warning, location, message)
    }
}
