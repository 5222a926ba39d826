extension TemplateLibrary {
    /// Whether every rendering of the template `name` inserts the root context's value at the
    /// dotted `path` (`destination.bodyHTML`) exactly once, unescaped (`{{{…}}}`, `{{&…}}`), spelled
    /// as `path` (outside any section the context stack is the root alone: the name resolves to
    /// that value), and names nothing else ending like it (`{{{bodyHTML}}}`, `page.bodyHTML`: they
    /// resolve elsewhere or to nothing, so they disqualify): never escaped, never as a section, never
    /// inside a section (which may render it no time or many), counting partials, parents and
    /// blocks as the renderer expands them (a block renders the argument in scope, else its
    /// default). Such a value shows in the output once, byte for byte — the renderer indents
    /// template lines, never a value (`specs/partials.yml`, "Standalone Indentation") — and nothing
    /// else the template writes depends on it. `false` when `name` is not in the library, for a
    /// dynamic partial or parent name (`{{>*name}}`: what it includes is only known when
    /// rendering), and past 100 levels of nesting (the renderer's own limit).
    public func insertsOnceVerbatim(_ path: String, from name: String) -> Bool {
        let components = path.split(separator: ".").map(String.init)
        guard let template = self[name], !components.isEmpty else { return false }
        return verbatimInsertions(of: components, in: template.nodes, arguments: [:], inSection: false, depth: 0) == 1
    }

    /// How many times `nodes` insert the value at `path` unescaped outside any section, with the
    /// block `arguments` in scope; `nil` when a tag names anything ending as `path` does in any
    /// other way, or inside a section.
    private func verbatimInsertions(
        of path: [String], in nodes: [MustacheNode], arguments: [String: [MustacheNode]], inSection: Bool, depth: Int
    ) -> Int? {
        guard depth <= 100 else { return nil }
        func names(_ tagName: MustacheName) -> Bool { tagName.components.last == path.last }
        var count = 0
        for node in nodes {
            var inner: Int? = 0
            switch node {
            case .text, .lineStart:
                continue
            case .variable(let variable):
                guard names(variable.name) else { continue }
                guard variable.name.components == path, !variable.isEscaped, !inSection else { return nil }
                inner = 1
            case .section(let section):
                guard !names(section.name) else { return nil }
                inner = verbatimInsertions(of: path, in: section.children, arguments: arguments, inSection: true, depth: depth + 1)
            case .partial(let partial):
                guard case .fixed(let included) = partial.name else { return nil }
                // A missing partial renders as nothing.
                guard let template = self[included] else { continue }
                inner = verbatimInsertions(of: path, in: template.nodes, arguments: arguments, inSection: inSection, depth: depth + 1)
            case .parent(let parent):
                guard case .fixed(let included) = parent.name else { return nil }
                guard let template = self[included] else { continue }
                // Arguments given further out take precedence, as the renderer has them.
                var passed = arguments
                for (blockName, block) in parent.blocks where passed[blockName] == nil { passed[blockName] = block.children }
                inner = verbatimInsertions(of: path, in: template.nodes, arguments: passed, inSection: inSection, depth: depth + 1)
            case .block(let block):
                inner = verbatimInsertions(
                    of: path, in: arguments[block.name] ?? block.children, arguments: arguments, inSection: inSection, depth: depth + 1)
            }
            guard let inner else { return nil }
            count += inner
        }
        return count
    }
}
