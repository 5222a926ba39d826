import Dispatch
import Synchronization
import RoadTripCore
import RoadTripFormats

/// Renders parsed templates against a context stack into a UTF-8 buffer (one pass over the
/// node tree, no re-parsing). Semantics follow the Mustache spec v1.4 (`specs/*.yml`) with the
/// optional inheritance and dynamic-names modules; missing partials and parents render as
/// the empty string, as the spec requires.
struct MustacheRenderer {
    /// Deepest nesting of partials and parents before rendering stops with an error (a
    /// recursive partial whose data never ends). Kept well within a 512 KiB thread stack.
    static let maximumDepth = 100

    /// Deepest nesting of sections, blocks, partials and parents being rendered at once, all
    /// templates together (each level is a recursive call): one template nests at most
    /// `MustacheParser.maximumNesting` (512) levels, but a partial that includes itself inside
    /// 511 sections would reach 51,200 before `maximumDepth` stopped it. A debug build overflowed
    /// its render thread's stack at about 1,800 levels (measured), so 1,024 leaves room.
    static let maximumNesting = 1_024

    /// The most bytes one rendering may produce: 128 MiB, hundreds of times a large real page (a
    /// home page of 4,000 destinations is a few MB). Partials that each include the next ten
    /// times grow the output tenfold per level, so twelve levels of small templates would
    /// render 10¹² bytes; the renderer stops at this size with an error instead of running until
    /// memory is gone.
    static let maximumOutputBytes = 128 * 1024 * 1024

    /// The most sections, blocks, partials and parents one rendering may enter: 10 million, fifty
    /// times what a home page of 4,000 destinations enters. Partials that each include the next
    /// ten times but render nothing never grow the output, so `maximumOutputBytes` cannot stop
    /// them: twelve levels would take days. Ten million entries take a few seconds.
    static let maximumEntries = 10_000_000

    /// A list section with at least this many elements renders in parts on every core
    /// (`renderInParts`): the home page's cards and its overview's list, thousands of elements on
    /// a large site, rendered after every other page.
    static let minimumPartedListCount = 256

    /// Into how many parts such a list is cut: enough to keep a few cores busy to the end.
    static let listPartCount = 16

    private let templates: [String: MustacheTemplate]
    /// Whether this renderer renders one part of a list (its parts do not split again).
    private var rendersPart = false
    /// The output built so far, as UTF-8.
    private(set) var output: [UInt8] = []
    /// The context stack; the innermost context is last.
    private var contexts: [TemplateValue]
    /// The partials and parents being rendered, outermost first: each one's name, and the
    /// template and line of the tag that included it.
    private var includes: [Include] = []
    /// Sections, blocks, partials and parents being rendered (see `maximumNesting`).
    private var nesting = 0
    /// Sections, blocks, partials and parents entered so far (see `maximumEntries`).
    private var entries = 0

    /// One partial or parent being rendered, and the tag that included it.
    struct Include: Sendable, Hashable {
        /// The included template.
        var name: String
        /// The template holding the tag.
        var includer: String
        /// The tag's 1-based line and column in `includer`.
        var line: Int
        var column: Int
        /// The tag's sigil: `>` for a partial, `<` for a parent (template inheritance).
        var sigil: Character
    }

    /// A block argument passed down by a parent tag, with the indentation in effect where it
    /// was written.
    private struct BlockArgument: Sendable {
        var block: MustacheBlock
        var indentation: String
    }

    /// What applies to the nodes being rendered: the indentation written at each line start,
    /// the block arguments in scope, and the template they come from (for errors).
    private struct Scope: Sendable {
        var indentation: String
        var arguments: [String: BlockArgument]
        var templateName: String
    }

    init(templates: [String: MustacheTemplate], context: TemplateValue) {
        self.templates = templates
        contexts = [context]
        output.reserveCapacity(16 * 1024)
    }

    /// Renders `template` at the top level.
    mutating func render(_ template: MustacheTemplate) throws(TemplateError) {
        try render(template.nodes, in: Scope(indentation: "", arguments: [:], templateName: template.name))
    }

    private mutating func render(_ nodes: [MustacheNode], in scope: Scope) throws(TemplateError) {
        for node in nodes {
            switch node {
            case .text(let text):
                output.appendUTF8(of: text)
            case .lineStart:
                output.appendUTF8(of: scope.indentation)
            case .variable(let variable):
                guard let value = resolve(variable.name) else { continue }
                append(value, escaped: variable.isEscaped)
            case .section(let section):
                try render(section, in: scope)
            case .partial(let partial):
                guard let template = template(named: partial.name) else { continue }
                let inner = Scope(indentation: partial.indentation.map { scope.indentation + $0 } ?? "",
                                  arguments: scope.arguments, templateName: template.name)
                try renderNested(template, in: inner, at: partial.line, partial.column, sigil: ">", from: scope)
            case .parent(let parent):
                guard let template = template(named: parent.name) else { continue }
                // Arguments given further out take precedence ("Multi-level inheritance").
                var arguments = scope.arguments
                for (name, block) in parent.blocks where arguments[name] == nil {
                    arguments[name] = BlockArgument(block: block, indentation: scope.indentation)
                }
                let inner = Scope(indentation: parent.indentation.map { scope.indentation + $0 } ?? "",
                                  arguments: arguments, templateName: template.name)
                try renderNested(template, in: inner, at: parent.line, parent.column, sigil: "<", from: scope)
            case .block(let block):
                try render(block, in: scope)
            }
        }
    }

    /// " (through the partials a → b → c)": the last three partials or parents being rendered,
    /// for the messages of the limits below; "" at the top level.
    private var throughPartials: String {
        includes.isEmpty ? "" : " (through the partials " + includes.suffix(3).map(\.name).joined(separator: " → ") + ")"
    }

    /// Enters one more level of nesting, or throws at the tag (`line`, `column` in the scope's
    /// template) that would go deeper than `maximumNesting`; call `nesting -= 1` on leaving.
    /// Also throws there when the output has grown past `maximumOutputBytes` (every inclusion and
    /// section passes here, so output can only grow by one template's text between checks), or
    /// when more than `maximumEntries` have been entered.
    private mutating func enterNesting(at line: Int, _ column: Int, in scope: Scope) throws(TemplateError) {
        guard output.count <= Self.maximumOutputBytes else {
            throw TemplateError(templateName: scope.templateName, line: line, column: column,
                message: "the page being rendered is larger than \(Self.maximumOutputBytes / 1024 / 1024) MiB here"
                    + throughPartials
                    + "; do partials include each other many times over?")
        }
        entries += 1
        guard entries <= Self.maximumEntries else {
            throw TemplateError(templateName: scope.templateName, line: line, column: column,
                message: "rendering this page enters more than \(CountText.grouped(Self.maximumEntries)) sections and partials here"
                    + throughPartials
                    + "; do partials include each other many times over?")
        }
        guard nesting < Self.maximumNesting else {
            throw TemplateError(templateName: scope.templateName, line: line, column: column,
                message: "sections, blocks and partials nest deeper than \(Self.maximumNesting) levels when rendered"
                    + throughPartials)
        }
        nesting += 1
    }

    private mutating func render(_ section: MustacheSection, in scope: Scope) throws(TemplateError) {
        try enterNesting(at: section.line, section.column, in: scope)
        defer { nesting -= 1 }
        let value = resolve(section.name) ?? .null
        if section.isInverted {
            if !value.isTruthy { try render(section.children, in: scope) }
            return
        }
        guard value.isTruthy else { return }
        if case .list(let elements) = value {
            if elements.count >= Self.minimumPartedListCount && !rendersPart {
                try renderInParts(elements, children: section.children, in: scope, at: section.line, section.column)
                return
            }
            for element in elements {
                contexts.append(element)
                defer { contexts.removeLast() }
                try render(section.children, in: scope)
            }
        } else {
            contexts.append(value)
            defer { contexts.removeLast() }
            try render(section.children, in: scope)
        }
    }

    /// Renders `children` once per element of `elements` as the loop in `render(_:in:)` does,
    /// in `listPartCount` runs of consecutive elements on every core, each by a copy of this
    /// renderer (the same context stack, partials and limits so far), then appends their outputs
    /// in order: the same bytes. The first error in element order is the one thrown; the size and
    /// entry limits are checked again for the whole list at the section's tag (`line`, `column`).
    private mutating func renderInParts(
        _ elements: [TemplateValue], children: [MustacheNode], in scope: Scope, at line: Int, _ column: Int
    ) throws(TemplateError) {
        var part = self
        part.output = []
        part.rendersPart = true
        let first = part
        let partCount = Self.listPartCount
        let parts = Mutex<[Int: Result<MustacheRenderer, TemplateError>]>([:])
        DispatchQueue.concurrentPerform(iterations: partCount) { index in
            var renderer = first
            let range = (elements.count * index / partCount)..<(elements.count * (index + 1) / partCount)
            let result = Result { () throws(TemplateError) -> MustacheRenderer in
                for element in elements[range] {
                    renderer.contexts.append(element)
                    defer { renderer.contexts.removeLast() }
                    try renderer.render(children, in: scope)
                }
                return renderer
            }
            parts.withLock { $0[index] = result }
        }
        let rendered = parts.withLock { $0 }
        // One allocation for the joined list (the home page's 4,000 cards are ~16 MB), not a doubling per part.
        output.reserveCapacity(output.count + rendered.values.reduce(0) { $0 + ((try? $1.get())?.output.count ?? 0) })
        for index in 0..<partCount {
            guard let result = rendered[index] else { continue }
            let part = try result.get()
            output.append(contentsOf: part.output)
            entries += part.entries - first.entries
        }
        try enterNesting(at: line, column, in: scope)
        nesting -= 1
        entries -= 1
    }

    /// A block renders its argument if one is in scope, else its default content. A standalone
    /// block re-indents that content with the indentation of its site.
    private mutating func render(_ block: MustacheBlock, in scope: Scope) throws(TemplateError) {
        try enterNesting(at: block.line, block.column, in: scope)
        defer { nesting -= 1 }
        let argument = scope.arguments[block.name]
        let content = argument?.block.children ?? block.children
        var inner = scope
        if block.isStandalone {
            inner.indentation = scope.indentation + block.siteIndentation
            if let first = content.first, case .lineStart = first {} else if !content.isEmpty {
                output.appendUTF8(of: inner.indentation)
            }
        } else if let argument {
            inner.indentation = argument.indentation
        }
        try render(content, in: inner)
    }

    private mutating func renderNested(
        _ template: MustacheTemplate, in scope: Scope, at line: Int, _ column: Int, sigil: Character, from outer: Scope
    ) throws(TemplateError) {
        let include = Include(name: template.name, includer: outer.templateName, line: line, column: column, sigil: sigil)
        guard includes.count < Self.maximumDepth else { throw Self.endlessInclusion(includes + [include]) }
        try enterNesting(at: line, column, in: outer)
        defer { nesting -= 1 }
        includes.append(include)
        defer { includes.removeLast() }
        try render(template.nodes, in: scope)
    }

    /// The error for partials nested `maximumDepth` deep, at the tag that closes the repeating
    /// cycle of the chain `includes` (outermost first) and naming that cycle: the shortest run of
    /// names that the chain ends with twice in a row — "partial 'partials/card' includes itself"
    /// or "partials include each other without end: partials/a → partials/b → partials/a". The
    /// last include (the one refused) is left out when it is not part of the cycle (a partial
    /// that includes another before including itself).
    static func endlessInclusion(_ includes: [Include]) -> TemplateError {
        let advice = "; a partial may include itself only inside a section whose data ends"
        for chain in [includes, Array(includes.dropLast())] {
            let names = chain.map(\.name)
            guard let period = (1...max(1, names.count / 2)).first(where: { period in
                names.count >= 2 * period && names.suffix(period).elementsEqual(names.dropLast(period).suffix(period))
            }) else { continue }
            let closing = chain[chain.count - 1]
            let cycle = Array(names.suffix(period))
            // Name the cycle from the member the chain entered first.
            let first = names.firstIndex { cycle.contains($0) } ?? names.count - period
            let ordered = Array(names[first..<(first + period)])
            let message = period == 1
                ? "partial '\(ordered[0])' includes itself without end (at its tag {{\(closing.sigil)\(ordered[0])}})" + advice
                : "partials include each other without end: " + (ordered + [ordered[0]]).joined(separator: " → ") + advice
            return TemplateError(templateName: closing.includer, line: closing.line, column: closing.column, message: message)
        }
        let last = includes[includes.count - 1]
        return TemplateError(templateName: last.includer, line: last.line, column: last.column,
            message: "partials nested more than \(maximumDepth) deep: "
                + includes.suffix(5).map(\.name).joined(separator: " → "))
    }

    private func template(named name: MustacheTemplateName) -> MustacheTemplate? {
        switch name {
        case .fixed(let fixed):
            return templates[fixed]
        case .dynamic(let dynamic):
            guard case .string(let resolved)? = resolve(dynamic) else { return nil }
            return templates[resolved]
        }
    }

    /// Looks `name` up on the context stack (`specs/interpolation.yml`, "Dotted Names"): the
    /// first part in the innermost context that has it, each further part in the value found.
    private func resolve(_ name: MustacheName) -> TemplateValue? {
        let components = name.components
        guard let first = components.first else { return contexts.last }
        // By position, innermost first: iterating `contexts.reversed()` copied (retained and
        // released) every context it passed.
        var position = contexts.count
        var found: TemplateValue?
        while position > 0 {
            position -= 1
            if let value = contexts[position].member(first) {
                found = value
                break
            }
        }
        guard components.count > 1 else { return found }
        for component in components.dropFirst() {
            found = found?.member(component)
        }
        return found
    }

    private mutating func append(_ value: TemplateValue, escaped: Bool) {
        switch value {
        case .string(let text):
            if escaped { HTMLEscaping.escape(text, into: &output) } else { output.appendUTF8(of: text) }
        case .null, .object:
            break
        case .bool, .integer, .double:
            output.appendUTF8(of: value.interpolatedText)
        case .list:
            let text = value.interpolatedText
            if escaped { HTMLEscaping.escape(text, into: &output) } else { output.appendUTF8(of: text) }
        }
    }
}
