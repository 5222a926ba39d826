extension TemplateLibrary {
    /// Whether the template `name`, with every partial, parent and block it can reach, names a
    /// context value whose last name component is `key` (`destination.bodyHTML` for
    /// `bodyHTML`) only in unescaped interpolations (`{{{…}}}`, `{{&…}}`): never escaped, never as
    /// a section or an inverted section. Such a value then shows in the output byte for byte
    /// wherever it is inserted — the renderer indents template lines, never a value
    /// (`specs/partials.yml`, "Standalone Indentation") — and nothing else the template writes
    /// depends on it. `false` when `name` is not in the library, or when a dynamic partial or
    /// parent name (`{{>*name}}`) hides what it includes.
    public func insertsOnlyVerbatim(_ key: String, from name: String) -> Bool {
        guard self[name] != nil else { return false }
        var visited: Set<String> = []
        var pending = [name]
        func names(_ tagName: MustacheName) -> Bool { tagName.components.last == key }
        func check(_ nodes: [MustacheNode]) -> Bool {
            for node in nodes {
                switch node {
                case .text, .lineStart:
                    continue
                case .variable(let variable):
                    if names(variable.name) && variable.isEscaped { return false }
                case .section(let section):
                    if names(section.name) || !check(section.children) { return false }
                case .partial(let partial):
                    guard case .fixed(let included) = partial.name else { return false }
                    pending.append(included)
                case .parent(let parent):
                    guard case .fixed(let included) = parent.name else { return false }
                    pending.append(included)
                    for block in parent.blocks.values where !check(block.children) { return false }
                case .block(let block):
                    if !check(block.children) { return false }
                }
            }
            return true
        }
        while let next = pending.popLast() {
            guard visited.insert(next).inserted else { continue }
            // A missing partial renders as nothing.
            guard let template = self[next] else { continue }
            if !check(template.nodes) { return false }
        }
        return true
    }
}
