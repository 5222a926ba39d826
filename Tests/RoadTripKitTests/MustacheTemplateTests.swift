import Foundation
import Testing
@testable import RoadTripKit
@testable import RoadTripCore
@testable import RoadTripFormats
@testable import RoadTripGeo
@testable import RoadTripContent
@testable import RoadTripCompute
@testable import RoadTripRender
@testable import RoadTripSite
@testable import RoadTripServe

/// Errors, missing partials and site-style layouts. Expected lines and columns are counted by
/// hand from the template text shown in each test (1-based, columns in characters).
@Suite struct MustacheTemplateTests {
    static func fixture(_ name: String) throws -> String {
        let url = try #require(Bundle.module.url(forResource: "Fixtures/bad-inputs/\(name)", withExtension: nil))
        return try String(contentsOf: url, encoding: .utf8)
    }

    static func parseError(_ source: String, name: String = "page") -> TemplateError? {
        do throws(TemplateError) {
            _ = try MustacheTemplate(source: source, name: name)
            return nil
        } catch {
            return error
        }
    }

    /// bad-inputs/template-unclosed-section.mustache is
    ///   line 1: `{{#destinations}}`
    ///   line 2: `<li>{{title}}</li>`
    /// and nothing closes the section, so the error points at line 1, column 1.
    @Test func unclosedSectionBadInput() throws {
        let error = try #require(Self.parseError(try Self.fixture("template-unclosed-section.mustache"),
                                                 name: "template-unclosed-section"))
        #expect(error.templateName == "template-unclosed-section")
        #expect(error.line == 1)
        #expect(error.column == 1)
        #expect(error.message == "section 'destinations' opened at line 1 is never closed")
        #expect(error.diagnostic(path: "layouts/template-unclosed-section.mustache").description
            == "layouts/template-unclosed-section.mustache:1:1: error: section 'destinations' opened at line 1 is never closed")
    }

    /// bad-inputs/template-missing-partial.mustache is the single line `{{> no-such-partial}}`:
    /// the partial is reported as missing at line 1; rendering (spec mode) gives "" because the
    /// standalone line is removed and a missing partial renders as the empty string.
    @Test func missingPartialBadInput() throws {
        let library = try TemplateLibrary(templates: [
            "template-missing-partial": try Self.fixture("template-missing-partial.mustache"),
        ])
        let missing = library.missingPartials()
        #expect(missing.count == 1)
        #expect(missing.first?.templateName == "template-missing-partial")
        #expect(missing.first?.partialName == "no-such-partial")
        #expect(missing.first?.line == 1)
        #expect(try library.render("template-missing-partial", context: [:]) == "")
    }

    /// Parents count as partials; present partials are not reported; dynamic names are not.
    @Test func missingPartialsListsParentsWithLines() throws {
        let library = try TemplateLibrary(templates: [
            "page": "{{>header}}\n{{>*dynamic}}\n{{<layouts/base}}{{/layouts/base}}\n{{>footer}}\n",
            "header": "<header></header>",
        ])
        let missing = library.missingPartials().map { "\($0.templateName) \($0.partialName) \($0.line)" }
        #expect(missing == ["page layouts/base 3", "page footer 4"])
    }

    /// Line 3 is `  {{#b}}x{{/a}}`: the closing tag starts at column 10 and section 'b' (line 3)
    /// is the one open.
    @Test func mismatchedClosingTag() throws {
        let error = try #require(Self.parseError("<ul>\n{{#a}}\n  {{#b}}x{{/a}}\n{{/b}}\n"))
        #expect(error.line == 3)
        #expect(error.column == 10)
        #expect(error.message == "closing tag 'a' does not match section 'b' opened at line 3")
    }

    @Test func closingTagWithoutOpening() throws {
        let error = try #require(Self.parseError("x\n{{/a}}"))
        #expect((error.line, error.column) == (2, 1))
        #expect(error.message.contains("no matching opening tag"))
    }

    /// `b {{name` on line 2: the tag starts at column 3 and has no `}}`.
    @Test func unclosedTag() throws {
        let error = try #require(Self.parseError("a\nb {{name\nc\n"))
        #expect((error.line, error.column) == (2, 3))
        #expect(error.message == "tag '{{' is never closed (no '}}' follows)")
    }

    /// Columns count characters, not bytes: `é` is one column (two UTF-8 bytes).
    @Test func columnCountsCharacters() throws {
        let error = try #require(Self.parseError("é {{#x}}"))
        #expect((error.line, error.column) == (1, 3))
    }

    @Test func unclosedTagWithCustomDelimiters() throws {
        let error = try #require(Self.parseError("{{=<% %>=}}\n<% name\n"))
        #expect((error.line, error.column) == (2, 1))
        #expect(error.message == "tag '<%' is never closed (no '%>' follows)")
    }

    @Test(arguments: ["{{=<%=}}", "{{a b}}", "{{#}}{{/}}", "{{a..b}}", "{{$block}}x"])
    func invalidTemplates(_ source: String) {
        #expect(Self.parseError(source) != nil)
    }

    @Test func parseAllReportsEveryBadTemplate() {
        let (library, errors) = TemplateLibrary.parseAll(templates: [
            "b": "{{#x}}", "a": "{{/y}}", "good": "{{z}}",
        ])
        #expect(library == nil)
        #expect(errors.map(\.templateName) == ["a", "b"])
    }

    /// A partial that includes itself is named, at the line and column of its own tag (2:1 here;
    /// `x{{>self}}` puts the tag at 1:2) — also when it includes another partial first (`tile`
    /// on line 1 is not blamed).
    @Test func recursivePartialStopsWithError() throws {
        let library = try TemplateLibrary(templates: [
            "page": "{{>card}}", "card": "{{>tile}}\n{{>card}}", "tile": "t", "self": "x{{>self}}",
        ])
        let error = #expect(throws: TemplateError.self) { try library.render("page", context: nil) }
        #expect(error?.templateName == "card")
        #expect(error?.line == 2 && error?.column == 1)
        #expect(error?.message.hasPrefix("partial 'card' includes itself without end") == true)
        let direct = #expect(throws: TemplateError.self) { try library.render("self", context: nil) }
        #expect(direct?.templateName == "self" && direct?.line == 1 && direct?.column == 2)
        #expect(direct?.message.hasPrefix("partial 'self' includes itself without end") == true)
        // A parent tag that includes its own template is quoted as written, `{{<…}}` (a
        // fresh-clone tester saw it quoted as a partial, `{{>…}}`), at its own place, 1:2.
        let parent = try TemplateLibrary(templates: ["base": "x{{<base}}{{/base}}"])
        let inherited = #expect(throws: TemplateError.self) { try parent.render("base", context: nil) }
        #expect(inherited?.templateName == "base" && inherited?.line == 1 && inherited?.column == 2)
        #expect(inherited?.message.hasPrefix("partial 'base' includes itself without end (at its tag {{<base}})") == true,
                "\(inherited?.message ?? "")")
        #expect(direct?.message.hasPrefix("partial 'self' includes itself without end (at its tag {{>self}})") == true)
    }

    /// A cycle of three partials names all three in the order they include each other, starting
    /// with the one the page included first, at the line and column of the tag in the template
    /// blamed (each tag is at its own place: `a` 1:2, `b` 1:3, `c` 3:4).
    @Test func partialCycleIsNamed() throws {
        let library = try TemplateLibrary(templates: [
            "page": "{{>b}}", "a": " {{>b}}", "b": "  {{>c}}", "c": "\n\n   {{>a}}",
        ])
        let error = #expect(throws: TemplateError.self) { try library.render("page", context: nil) }
        #expect(error?.message.hasPrefix("partials include each other without end: b → c → a → b") == true)
        let tags = ["a": [1, 2], "b": [1, 3], "c": [3, 4]]
        let blamed = try #require(error.flatMap { tags[$0.templateName] })
        #expect(error.map { [$0.line, $0.column] } == blamed)
    }

    /// A recursive partial whose data ends renders fine just below the depth limit: a chain of
    /// 90 nested nodes gives 90 × "X<" then 90 × ">" (built independently by repetition).
    @Test func deepFiniteRecursionRenders() throws {
        var tree: TemplateValue = ["nodes": []]
        for _ in 0..<89 { tree = ["nodes": [tree]] }
        let library = try TemplateLibrary(templates: ["node": "X<{{#nodes}}{{>node}}{{/nodes}}>"])
        let expected = String(repeating: "X<", count: 90) + String(repeating: ">", count: 90)
        #expect(try library.render("node", context: tree) == expected)
    }

    /// One template nests at most 512 sections, parents and blocks (`MustacheParser.maximumNesting`):
    /// 512 `{{#a}}` on line 1 parse and render (the innermost "x" shows, as `a` is true at every
    /// level); a 513th opening tag, the `{{^b}}` after two spaces on line 2, is the error, at
    /// line 2, column 3.
    @Test func sectionsNestAtMost512Deep() throws {
        let open = String(repeating: "{{#a}}", count: 512), close = String(repeating: "{{/a}}", count: 512)
        let library = try TemplateLibrary(templates: ["page": open + "x" + close])
        #expect(try library.render("page", context: ["a": true]) == "x")
        let error = try #require(Self.parseError(open + "\n  {{^b}}x{{/b}}" + close))
        #expect(error.line == 2)
        #expect(error.column == 3)
        #expect(error.message == "inverted section 'b' nests deeper than 512 levels of sections, parents and blocks")
    }

    /// Rendering nests at most 1,024 sections, blocks and partials in all (`MustacheRenderer.maximumNesting`),
    /// before a self-including partial reaches its 100 includes: `p` is 11 `{{#a}}`, `{{>p}}`,
    /// 11 `{{/a}}`, so each copy adds 12 levels. Entering the j-th section of copy c (c = 0 for the
    /// first) starts from 12c + j − 1 levels; that reaches 1,024 at c = 85, j = 5 (1,020 + 4), with
    /// 85 includes open. The 5th `{{#a}}` of line 1 starts at column 4 × 6 + 1 = 25.
    @Test func renderingNestsAtMost1024Deep() throws {
        let sections = 11
        let library = try TemplateLibrary(templates: [
            "p": String(repeating: "{{#a}}", count: sections) + "{{>p}}" + String(repeating: "{{/a}}", count: sections)
        ])
        let error = #expect(throws: TemplateError.self) { try library.render("p", context: ["a": true]) }
        #expect(error?.templateName == "p")
        #expect(error?.line == 1)
        #expect(error?.column == 25)
        #expect(error?.message == "sections, blocks and partials nest deeper than 1024 levels when rendered "
            + "(through the partials p → p → p)")
    }

    /// Partials that each include the next ten times grow the page tenfold per level: `p1` to
    /// `p12` of 10 inclusions each and a leaf `x` would be 10¹² bytes (a fresh-clone tester's theme
    /// ran a build until memory was gone). Rendering stops once the page passes 128 MiB: with a
    /// 4,096-byte leaf, each p9 renders 10⁴ leaves (p9 → p10 → p11 → p12 → x: four levels of
    /// ten), 40,960,000 bytes; three p9s are 122,880,000 bytes, under 128 MiB = 134,217,728, and
    /// the fourth crosses it, so rendering stops inside p8, at a `{{>pN}}` tag on line 1 of a `p`
    /// template.
    @Test func renderedPageSizeIsBounded() throws {
        var templates = ["x": String(repeating: "y", count: 4096)]
        for level in 1...12 {
            templates["p\(level)"] = String(repeating: level == 12 ? "{{>x}}" : "{{>p\(level + 1)}}", count: 10)
        }
        let library = try TemplateLibrary(templates: templates)
        let error = #expect(throws: TemplateError.self) { try library.render("p1", context: nil) }
        #expect(error?.templateName.hasPrefix("p") == true)
        #expect(error?.line == 1)
        #expect(error?.message.hasPrefix("the page being rendered is larger than 128 MiB here (through the partials ") == true)
        #expect(error?.message.hasSuffix("; do partials include each other many times over?") == true)
    }

    /// The same twelve levels with an empty leaf render nothing, so the size limit never stops
    /// them; 10¹² inclusions would take days (a second fresh-clone tester's theme hung a build and
    /// `serve`). Rendering stops after 10,000,000 sections and partials entered: the inclusions
    /// down to the eighth level alone number 10 + 10² + … + 10⁷ = 11,111,110.
    @Test func renderingWorkIsBounded() throws {
        var templates = ["x": ""]
        for level in 1...12 {
            templates["p\(level)"] = String(repeating: level == 12 ? "{{>x}}" : "{{>p\(level + 1)}}", count: 10)
        }
        let library = try TemplateLibrary(templates: templates)
        let error = #expect(throws: TemplateError.self) { try library.render("p1", context: nil) }
        #expect(error?.message.hasPrefix("rendering this page enters more than 10,000,000 sections and partials here") == true)
    }

    @Test func unknownTemplateName() throws {
        let library = try TemplateLibrary(templates: [:])
        #expect(throws: TemplateError.self) { try library.render("nope", context: nil) }
        #expect(throws: TemplateError.self) { try library.renderFile("nope", context: nil) }
    }

    /// A page file holds the rendered bytes: the UTF-8 of what `render` returns, byte for byte —
    /// escaped and verbatim values, non-ASCII text (2-, 3- and 4-byte sequences) in the template
    /// and in values, a partial, a list.
    @Test func aPageFileIsTheRenderedUTF8() throws {
        let library = try TemplateLibrary(templates: [
            "page": "<h1>{{title}}</h1> – {{{raw}}}\n{{#stops}}<li>{{.}}</li>{{/stops}}{{>footer}}\n",
            "footer": "<footer>© {{year}} · ★ 𝄞</footer>",
        ])
        let context: TemplateValue = [
            "title": "Å & <Ø>", "raw": "<b>Ünïcode</b> 🇳🇴", "stops": ["Bergen", "Ålesund", "Tromsø"], "year": 2026,
        ]
        let text = try library.render("page", context: context)
        #expect(text == "<h1>Å &amp; &lt;Ø&gt;</h1> – <b>Ünïcode</b> 🇳🇴\n<li>Bergen</li><li>Ålesund</li><li>Tromsø</li><footer>© 2026 · ★ 𝄞</footer>\n")
        #expect(try library.renderFile("page", context: context) == .data(Data(text.utf8)))
    }

    /// A site layout: the page overrides an inline block and a standalone block. The standalone
    /// `{{$content}}` site in `base` is indented by four spaces, so each line of the page's
    /// content gets four spaces (spec ~inheritance "Block reindentation"); standalone section
    /// lines vanish; `{{name}}` is HTML-escaped.
    @Test func layoutWithBlocks() throws {
        let library = try TemplateLibrary(templates: [
            "base": """
                <html>
                  <head>
                    <title>{{$title}}RoadTrip{{/title}}</title>
                  </head>
                  <body>
                    {{$content}}
                    {{/content}}
                  </body>
                </html>

                """,
            "page": """
                {{<base}}
                {{$title}}{{name}} – RoadTrip{{/title}}
                {{$content}}
                <h1>{{name}}</h1>
                {{#pins}}
                <p>{{.}}</p>
                {{/pins}}
                {{/content}}
                {{/base}}

                """,
        ])
        let output = try library.render("page", context: ["name": "Oslo & Bergen", "pins": ["A<", "B"]])
        #expect(output == """
            <html>
              <head>
                <title>Oslo &amp; Bergen – RoadTrip</title>
              </head>
              <body>
                <h1>Oslo &amp; Bergen</h1>
                <p>A&lt;</p>
                <p>B</p>
              </body>
            </html>

            """)
        // Without the page's arguments the layout shows its defaults.
        #expect(try library.render("base", context: [:]).contains("<title>RoadTrip</title>\n  </head>\n  <body>\n  </body>"))
    }

    /// Block arguments reach blocks inside partials of the layout (a partial is a parent
    /// without arguments).
    @Test func blockArgumentsReachPartialsOfTheLayout() throws {
        let library = try TemplateLibrary(templates: [
            "base": "<head>{{>head}}</head>",
            "head": "<title>{{$title}}default{{/title}}</title>",
            "page": "{{<base}}{{$title}}Page{{/title}}{{/base}}",
        ])
        #expect(try library.render("page", context: nil) == "<head><title>Page</title></head>")
    }

    /// Lists can be indexed by dotted names (`pins.1.title`); an out-of-range index is missing.
    @Test func listIndexInDottedName() throws {
        let library = try TemplateLibrary(templates: ["t": "{{pins.1.title}}|{{pins.5.title}}|{{pins.x}}"])
        let context: TemplateValue = ["pins": [["title": "A"], ["title": "B"]]]
        #expect(try library.render("t", context: context) == "B||")
    }

    /// Truthiness as documented on `TemplateValue`: "" and 0 are truthy (as in the spec's
    /// reference implementation, Ruby), null/false/[] are falsy.
    @Test func truthiness() throws {
        let library = try TemplateLibrary(templates: [
            "t": "{{#empty}}E{{/empty}}{{#zero}}Z{{/zero}}{{^none}}N{{/none}}{{^no}}F{{/no}}{{^list}}L{{/list}}{{^missing}}M{{/missing}}",
        ])
        let context: TemplateValue = ["empty": "", "zero": 0, "none": nil, "no": false, "list": []]
        #expect(try library.render("t", context: context) == "EZNFLM")
    }

    /// A list long enough to render in parts (1,000 cards, `MustacheRenderer.minimumPartedListCount`
    /// is 256) gives the bytes of the element-by-element loop: each card through a partial, with
    /// its index, a dotted name from the outer context and an inner section, in order (the
    /// standalone partial tag is indented and its line break dropped, the partial having none:
    /// the spec's "Standalone Indentation"). The expected text is built independently by repetition.
    @Test func longListRendersAsOneLoopWould() throws {
        let cards: [TemplateValue] = (0..<1_000).map { index in
            ["n": .integer(index), "pins": index % 3 == 0 ? ["a", "b"] : []]
        }
        let library = try TemplateLibrary(templates: [
            "page": "<ul>\n{{#cards}}\n  {{>card}}\n{{/cards}}\n</ul>",
            "card": "<li>{{n}} of {{site.title}}{{#pins}}[{{.}}]{{/pins}}</li>",
        ])
        let html = try library.render("page", context: ["site": ["title": "T & U"], "cards": .list(cards)])
        let expected = "<ul>\n" + (0..<1_000).map { index in
            "  <li>\(index) of T &amp; U" + (index % 3 == 0 ? "[a][b]" : "") + "</li>"
        }.joined() + "</ul>"
        #expect(html == expected)
    }

    /// An error inside one part of a long list stops the rendering as in the loop: elements 700
    /// and 900 of 1,000 include a partial that includes itself without end; the error names `rec`
    /// at its tag, 1:2.
    @Test func longListStopsAtAnErrorInAPart() throws {
        let items: [TemplateValue] = (0..<1_000).map { index in ["loops": .bool(index == 700 || index == 900)] }
        let library = try TemplateLibrary(templates: [
            "page": "{{#items}}{{#loops}}{{>rec}}{{/loops}}.{{/items}}", "rec": "r{{>rec}}",
        ])
        let error = #expect(throws: TemplateError.self) { try library.render("page", context: ["items": .list(items)]) }
        #expect(error?.templateName == "rec" && error?.line == 1 && error?.column == 2)
        #expect(error?.message.hasPrefix("partial 'rec' includes itself without end") == true)
    }
}
