/// The parsed form of a Mustache template: what `MustacheParser` produces once and
/// `MustacheRenderer` walks for every page. Standalone lines (spec: "standalone tags") are
/// already removed; `lineStart` marks where each remaining source line begins, so that the
/// indentation of a standalone partial, parent or block can be prepended to each line of the
/// included template as the spec requires (`specs/partials.yml`, "Standalone Indentation";
/// `specs/~inheritance.yml`, "Block reindentation").
enum MustacheNode: Sendable {
    /// Literal template text (never empty; at most one line, ending with its line break if any).
    case text(String)
    /// The start of a source line: the renderer writes the current indentation here.
    case lineStart
    /// `{{name}}` (escaped) or `{{{name}}}` / `{{&name}}` (unescaped).
    case variable(MustacheVariable)
    /// `{{#name}}…{{/name}}` or `{{^name}}…{{/name}}`.
    case section(MustacheSection)
    /// `{{>name}}` or `{{>*name}}`.
    indirect case partial(MustachePartial)
    /// `{{<name}}…{{/name}}` (inheritance).
    indirect case parent(MustacheParent)
    /// `{{$name}}…{{/name}}` (inheritance).
    indirect case block(MustacheBlock)
}

/// A tag's name: `.` (the implicit iterator, no components) or a dotted name split on `.`.
struct MustacheName: Sendable {
    /// The name as written, e.g. `person.name`.
    var text: String
    /// `["person", "name"]`; empty for `.`.
    var components: [String]
}

/// A partial or parent name: fixed (`{{>footer}}`) or looked up in the context
/// (`{{>*dynamic}}`, `specs/~dynamic-names.yml`).
enum MustacheTemplateName: Sendable {
    case fixed(String)
    case dynamic(MustacheName)
}

/// An interpolation tag. A class, as ``MustacheSection`` is: the renderer reaches it through one
/// reference.
final class MustacheVariable: Sendable {
    let name: MustacheName
    /// `false` for `{{{name}}}` and `{{&name}}`.
    let isEscaped: Bool

    init(name: MustacheName, isEscaped: Bool) {
        self.name = name
        self.isEscaped = isEscaped
    }
}

/// A section or inverted section. A class, immutable once parsed: rendering visits each node of a
/// template for every page, on every core at once, and binding a struct payload copied (retained
/// and released) each of its arrays, where a class is one reference.
final class MustacheSection: Sendable {
    let name: MustacheName
    let isInverted: Bool
    let children: [MustacheNode]
    /// 1-based line and column of the opening tag, for render-time errors.
    let line: Int
    let column: Int

    init(name: MustacheName, isInverted: Bool, children: [MustacheNode], line: Int, column: Int) {
        self.name = name
        self.isInverted = isInverted
        self.children = children
        self.line = line
        self.column = column
    }

    /// This section with other children.
    func with(children: [MustacheNode]) -> MustacheSection {
        MustacheSection(name: name, isInverted: isInverted, children: children, line: line, column: column)
    }
}

/// A partial tag.
struct MustachePartial: Sendable {
    var name: MustacheTemplateName
    /// The whitespace before a standalone tag (prepended to each line of the partial); `nil`
    /// when the tag is inline (the partial is then rendered without indentation).
    var indentation: String?
    /// 1-based source line and column of the tag.
    var line: Int
    var column: Int
}

/// A parent tag with its block arguments.
struct MustacheParent: Sendable {
    var name: MustacheTemplateName
    /// The `{{$block}}` tags directly inside the parent tag, by name (the first of a name wins);
    /// other content inside a parent tag is ignored, as the spec says.
    var blocks: [String: MustacheBlock]
    /// As for `MustachePartial.indentation`.
    var indentation: String?
    /// 1-based source line and column of the opening tag.
    var line: Int
    var column: Int
}

/// A block tag: a parameter of its template (or, inside a parent tag, an argument).
struct MustacheBlock: Sendable {
    var name: String
    /// The default content (or the argument). When the opening tag is standalone, the content's
    /// own common indentation has been removed ("removed at the site of definition").
    var children: [MustacheNode]
    /// Whether the opening tag is standalone; then the content is re-indented at expansion.
    var isStandalone: Bool
    /// For a standalone block, the indentation added at the site of expansion: the common
    /// indentation of the default content, or the whitespace before the tag when the content
    /// has no non-blank line (`specs/~inheritance.yml`, "Intrinsic indentation",
    /// "Standalone block").
    var siteIndentation: String
    /// 1-based line and column of the opening tag, for render-time errors.
    var line = 0
    var column = 0
}
