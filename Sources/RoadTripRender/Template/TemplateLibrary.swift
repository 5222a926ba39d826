import Foundation

/// A set of named, parsed templates that can include one another: partials (`{{>name}}`) and
/// parents (`{{<name}}`) share this one namespace. Names have no extension and may contain
/// `/` (`base`, `partials/pin`).
public struct TemplateLibrary: Sendable {
    private let templates: [String: MustacheTemplate]

    /// Parses every template in `templates` (name → source). Throws the error of the first
    /// template, in name order, that does not parse (see `MustacheTemplate.init`).
    public init(templates: [String: String]) throws(TemplateError) {
        let (library, errors) = Self.parseAll(templates: templates)
        if let error = errors.first { throw error }
        self = library ?? TemplateLibrary([])
    }

    /// A library of already parsed templates, by their `name` (for a repeated name the last
    /// template wins).
    public init(_ templates: [MustacheTemplate]) {
        self.templates = Dictionary(templates.map { ($0.name, $0) }, uniquingKeysWith: { _, last in last })
    }

    /// Parses every template and reports every template that does not parse: the library
    /// (`nil` if any failed) and the errors, one per failing template, in name order.
    public static func parseAll(templates: [String: String]) -> (TemplateLibrary?, [TemplateError]) {
        var parsed: [MustacheTemplate] = []
        var errors: [TemplateError] = []
        for name in templates.keys.sorted() {
            do throws(TemplateError) {
                parsed.append(try MustacheTemplate(source: templates[name] ?? "", name: name))
            } catch {
                errors.append(error)
            }
        }
        return (errors.isEmpty ? TemplateLibrary(parsed) : nil, errors)
    }

    /// The names of the templates, sorted.
    public var names: [String] { templates.keys.sorted() }

    /// The template called `name`, if any.
    public subscript(name: String) -> MustacheTemplate? { templates[name] }

    /// Whether the library has a template called `name`: one lookup (``names`` sorts them all,
    /// which every page asking whether the theme makes tag pages paid for: ~30,000 instructions).
    public func contains(_ name: String) -> Bool { templates[name] != nil }

    /// Renders the template `name` with `context` as the root of the context stack. A partial
    /// or parent that is not in the library renders as the empty string (spec behaviour; see
    /// `missingPartials()`). Throws `TemplateError` if there is no template `name` (line 0) or
    /// if partials nest more than 100 deep.
    public func render(_ name: String, context: TemplateValue) throws(TemplateError) -> String {
        String(decoding: try renderUTF8(name, context: context), as: UTF8.self)
    }

    /// The template `name` rendered as in ``render(_:context:)``, as a file's contents: the
    /// rendered UTF-8 bytes (`.data`), not checked again as making a `String` of them would (every
    /// piece the renderer writes comes from a `String`, so they are valid UTF-8; checking a
    /// 4,000-destination site's 100 MB of pages was 2 % of its build).
    public func renderFile(_ name: String, context: TemplateValue) throws(TemplateError) -> OutputFile.Contents {
        .data(Data(try renderUTF8(name, context: context)))
    }

    private func renderUTF8(_ name: String, context: TemplateValue) throws(TemplateError) -> [UInt8] {
        guard let template = templates[name] else {
            throw TemplateError(templateName: name, line: 0, column: 0, message: "no template named '\(name)'")
        }
        var renderer = MustacheRenderer(templates: templates, context: context)
        try renderer.render(template)
        return renderer.output
    }

    /// Partials and parents named by fixed-name tags that are not in the library, with the
    /// template that uses each and the 1-based line of the tag; sorted by template name, then
    /// line. (Dynamic names, `{{>*name}}`, are only known when rendering.)
    public func missingPartials() -> [(templateName: String, partialName: String, line: Int)] {
        var missing: [(templateName: String, partialName: String, line: Int)] = []
        for name in templates.keys.sorted() {
            for reference in templates[name]?.references ?? [] where templates[reference.name] == nil {
                missing.append((name, reference.name, reference.line))
            }
        }
        return missing
    }
}
