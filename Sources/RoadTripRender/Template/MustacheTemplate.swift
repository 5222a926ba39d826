/// One Mustache template, parsed once (Mustache spec v1.4 with the optional inheritance and
/// dynamic-names modules; lambdas are not supported because `TemplateValue` is plain data).
/// Render it through a `TemplateLibrary`, which supplies partials and parents by name.
public struct MustacheTemplate: Sendable {
    /// The template's name in its library, e.g. `base` or `partials/pin` (used in errors).
    public let name: String
    let nodes: [MustacheNode]
    /// Partials (`{{>name}}`) and parents (`{{<name}}`) with fixed names, and their lines.
    let references: [MustacheTemplateReference]

    /// Parses `source`. Throws `TemplateError` (with `templateName == name` and the 1-based
    /// line and column of the offending tag) for an unclosed tag (`{{` without `}}`), a
    /// section, inverted section, parent or block that is never closed, a closing tag that
    /// does not match, a tag without a valid name, or an invalid Set Delimiter tag.
    public init(source: String, name: String) throws(TemplateError) {
        self.name = name
        (nodes, references) = try MustacheParser(source: MustacheSource(text: source, name: name)).parse()
    }
}
