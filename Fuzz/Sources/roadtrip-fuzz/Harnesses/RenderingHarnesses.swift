import Foundation
import RoadTripKit

extension Harness {
    /// A theme's Mustache template (`MustacheTemplate`, then `TemplateLibrary.render` against a
    /// small fixed context with two partials and a parent). A template without `{{` renders as
    /// itself; an error points inside the template.
    static let mustache = Harness(
        name: "mustache", summary: "a theme layout: MustacheTemplate, TemplateLibrary.render",
        prepare: { _ = (fixedTemplates, context) }
    ) { data in
        let source = String(decoding: data, as: UTF8.self)
        let template: MustacheTemplate
        do throws(TemplateError) {
            template = try MustacheTemplate(source: source, name: "fuzz")
        } catch {
            checkPosition(error, in: data)
            return
        }
        let library = TemplateLibrary([template] + fixedTemplates)
        do throws(TemplateError) {
            let output = try library.render("fuzz", context: context)
            // Searched as scalars: `String.contains` compares Characters, and "{" followed by a
            // combining mark (U+0351) is one Character, so "{{͑" would not contain "{{" at all.
            if source.utf8.firstRange(of: Array("{{".utf8)) == nil {
                require(output == source, "a template without tags renders as \(String(reflecting: output.prefix(200)))")
            }
        } catch {
            require(error.templateName == "fuzz" || fixedTemplates.contains { $0.name == error.templateName },
                "an error in an unknown template: \(error)")
            if error.templateName == "fuzz" { checkPosition(error, in: data) }
        }
    }

    /// A template error's line and column lie in the template.
    private static func checkPosition(_ error: TemplateError, in data: Data) {
        require(error.templateName == "fuzz", "the error names \(error.templateName)")
        DiagnosticChecks.check(
            [Diagnostic.error(SourceLocation(path: "fuzz", line: error.line, column: error.column), error.message)],
            inputs: ["fuzz": data])
    }

    /// The partials and the parent the fuzzed template may use (`{{>item}}`, `{{<page}}…{{/page}}`).
    private static let fixedTemplates: [MustacheTemplate] = [
        try! MustacheTemplate(source: "<li>{{title}}{{#subtitle}} – {{.}}{{/subtitle}}</li>\n", name: "item"),
        try! MustacheTemplate(
            source: "<main>{{$content}}default{{/content}}</main>{{$footer}}{{site.title}}{{/footer}}", name: "page"),
    ]

    /// The data: every kind of value, lists of one element (so nested sections cannot multiply the
    /// output), text with HTML's special characters, and names that are the partials' names.
    private static let context: TemplateValue = [
        "title": "Tromsø <b>&</b> \"north\"", "subtitle": "Arctic 'city'", "count": 3, "ratio": 0.25,
        "draft": false, "visible": true, "empty": "", "none": nil, "noItems": [],
        "items": [["title": "Fjellheisen", "subtitle": nil, "url": "https://example.org/?a=1&b=2"]],
        "site": ["title": "Road Trip", "baseURL": "/trips/", "partial": "item"],
        "template": "item", "numbers": [1.5],
    ]
}
