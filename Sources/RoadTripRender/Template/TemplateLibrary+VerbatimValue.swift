extension TemplateLibrary {
    /// Whether every rendering of the template `name` inserts the context value whose last name
    /// component is `key` (`destination.bodyHTML` for `bodyHTML`) exactly once, unescaped
    /// (`{{{…}}}`, `{{&…}}`), and names it nowhere else: never escaped, never as a section, never
    /// inside a section (which may render it no time or many), counting partials, parents and
    /// blocks as the renderer expands them (a block renders the argument in scope, else its
    /// default). Such a value shows in the output once, byte for byte — the renderer indents
    /// template lines, never a value (`specs/partials.yml`, "Standalone Indentation") — and nothing
    /// else the template writes depends on it. `false` when `name` is not in the library, for a
    /// dynamic partial or parent name (`{{>*name}}`: what it includes is only known when
    /// rendering), and past 100 levels of nesting (the renderer's own limit).
    public func insertsOnceVerbatim(_ key: String, from name: String) -> Bool {
        guard let template = self[name] else { return false }
        return verbatimInsertions(of: key, in: template.nodes, arguments: [:], inSection: false, depth: 0) == 1
    }

    /// How many times `nodes` insert `key` unescaped outside any section, with the block
    /// `arguments` in scope; `nil` when `key` is named any other way, or inside a section.
    private func verbatimInsertions(
        of key: String, in nodes: [MustacheNode], arguments: [String: [MustacheNode]], inSection: Bool, depth: Int
    ) -> Int? {
        guard depth <= 100 else { return nil }
        func names(_ tagName: MustacheName) -> Bool { tagName.components.last == key }
        var count = 0
        for node in nodes {
            var inner: Int? = 0
            switch node {
            case .text, .lineStart:
                continue
            case .variable(let variable):
                guard names(variable.name) else { continue }
                guard !variable.isEscaped, !inSection else { return nil }
                inner = 1
            case .section(let section):
                guard !names(section.name) else { return nil }
                inner = verbatimInsertions(of: key, in: section.children, arguments: arguments, inSection: true, depth: depth + 1)
            case .partial(let partial):
                guard case .fixed(let included) = partial.name else { return nil }
                // A missing partial renders as nothing.
                guard let template = self[included] else { continue }
                inner = verbatimInsertions(of: key, in: template.nodes, arguments: arguments, inSection: inSection, depth: depth + 1)
            case .parent(let parent):
                guard case .fixed(let included) = parent.name else { return nil }
                guard let template = self[included] else { continue }
                // Arguments given further out take precedence, as the renderer has them.
                var passed = arguments
                for (blockName, block) in parent.blocks where passed[blockName] == nil { passed[blockName] = block.children }
                inner = verbatimInsertions(of: key, in: template.nodes, arguments: passed, inSection: inSection, depth: depth + 1)
            case .block(let block):
                inner = verbatimInsertions(
                    of: key, in: arguments[block.name] ?? block.children, arguments: arguments, inSection: inSection, depth: depth + 1)
            }
            guard let inner else { return nil }
            count += inner
        }
        return count
    }
}
