import RoadTripCore

/// A data file (JSON or property list) read into a `MetadataValue`, with where each value starts in
/// the file when the format has lines (JSON, XML property lists; not binary property lists).
package struct ParsedDocument: Sendable {
    /// Where one value starts (1-based line and column, columns counted in Unicode scalars, a tab
    /// counting as one) and where its children start: for a mapping, one child per key in `keys`;
    /// for a list, one child per element.
    package struct Position: Sendable {
        /// 1-based line of the value's first character.
        package var line: Int
        /// 1-based column of the value's first character.
        package var column: Int
        /// For a mapping, the key of each child, in the same order as `children`; empty for a list.
        package var keys: [String] = []
        /// Positions of the elements (list) or values (mapping).
        package var children: [Position] = []

        /// The position of list element `index` (0-based), if known.
        package func child(at index: Int) -> Position? {
            children.indices.contains(index) ? children[index] : nil
        }

        /// The position of the value under `key` (the first, if the key repeats), if known.
        package func child(forKey key: String) -> Position? {
            guard let index = keys.firstIndex(of: key), children.indices.contains(index) else {
                return nil
            }
            return children[index]
        }

        /// This position as a diagnostic location in the file `path`.
        package func location(in path: String) -> SourceLocation {
            SourceLocation(path: path, line: line, column: column)
        }

    }

    /// Why a file could not be parsed, with the 1-based position where the parser stopped when it
    /// reports one.
    package struct SyntaxError: Error, Sendable {
        /// What is wrong, in one line.
        package var message: String
        /// 1-based line, if known.
        package var line: Int?
        /// 1-based column, if known.
        package var column: Int?

        /// This error as a diagnostic location in the file `path`.
        package func location(in path: String) -> SourceLocation {
            SourceLocation(path: path, line: line, column: line == nil ? nil : column)
        }
    }

    /// The document's root value.
    package var value: MetadataValue
    /// Where the root value and its descendants start; `nil` when the format has no lines.
    package var positions: Position?
}

extension YAMLNode {
    /// Where this node and its descendants start in the file, in the shape JSON and XML property
    /// lists give (`ParsedDocument.Position`), so front matter records (inline `pois:`) are
    /// decoded, and their fields reported, exactly as `pois.json` records are.
    package var position: ParsedDocument.Position {
        var position = ParsedDocument.Position(line: line, column: column)
        switch content {
        case .scalar: break
        case .sequence(let items): position.children = items.map(\.position)
        case .mapping(let pairs):
            position.keys = pairs.map { $0.key.stringValue ?? "" }
            position.children = pairs.map(\.value.position)
        }
        return position
    }
}
