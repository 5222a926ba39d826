import RoadTripCore
import RoadTripFormats
import RoadTripGeo

/// Reads typed values out of a parsed YAML tree for `site.yaml` and front matter, reporting a wrong
/// type at the value's own line and column. Each reader calls its closure only with a
/// usable value; otherwise it reports and leaves the caller's default alone.
struct ConfigReader {
    /// The file being read, relative to the project root.
    let path: String
    /// Where diagnostics go.
    let log: DiagnosticLog
    /// How a wrong type is reported: a warning for site configuration, an error for front matter.
    var severity: Diagnostic.Severity = .warning

    func location(_ node: YAMLNode) -> SourceLocation {
        SourceLocation(path: path, line: node.line, column: node.column)
    }

    func warn(_ node: YAMLNode, _ message: String) {
        log.warning(location(node), message)
    }

    func fail(_ node: YAMLNode, _ message: String) {
        log.report(Diagnostic(severity, location(node), message))
    }

    /// The warning for a key a mapping does not have, at the key: "unknown key 'timezone' is
    /// ignored; did you mean 'timeZone'?" when one of `known` (the mapping's keys) is close
    /// (`KeySuggestion`). `mapping` is the dotted name of a nested mapping ('map'), so that the
    /// message names the key in full ('map.defaultspan').
    func unknown(_ node: YAMLNode, _ key: String, in mapping: String? = nil, known: some Collection<String>) {
        let name = mapping.map { "\($0).\(key)" } ?? key
        log.warning(location(node), "unknown key '\(name)' is ignored" + KeySuggestion.didYouMean(key, among: known))
    }

    /// A short rendering of a node for messages: its scalar text (`the text '2'` when it was quoted,
    /// so that `nights: "2"` reads as the mistake it is), or its kind.
    static func describe(_ node: YAMLNode) -> String {
        switch node.content {
        // A quoted "2" or "false" is text, not the number or boolean it reads as: say so.
        case .scalar(let text, let isPlain): return (isPlain ? "" : "the text ") + QuotedText.singleQuoted(text)
        case .sequence: return "a list"
        case .mapping: return "a mapping"
        }
    }

    func mapping(_ node: YAMLNode, name: String) -> [YAMLNode.Pair]? {
        if case .mapping(let pairs) = node.content { return pairs }
        if node.isNull { return [] }
        fail(node, "\(name) must be a mapping of keys to values, not \(Self.describe(node))")
        return nil
    }

    /// Calls `body` for each key of the mapping `node` that is in `known`; any other key is a
    /// warning at the key's own position ("unknown key 'name.key'", with the known key it may
    /// misspell).
    func forEachKey(_ node: YAMLNode, _ name: String, known: Set<String>, _ body: (String, YAMLNode) -> Void) {
        guard let pairs = mapping(node, name: name) else { return }
        for pair in pairs {
            let key = pair.key.stringValue ?? ""
            if known.contains(key) { body(key, pair.value) } else { unknown(pair.key, key, in: name, known: known) }
        }
    }

    func string(_ node: YAMLNode, _ key: String, _ assign: (String) -> Void) {
        if case .scalar(let text, _) = node.content, !node.isNull {
            assign(text)
        } else {
            fail(node, "\(key) must be text, not \(Self.describe(node))")
        }
    }

    func bool(_ node: YAMLNode, _ key: String, _ assign: (Bool) -> Void) {
        if let value = node.boolValue {
            assign(value)
        } else {
            fail(node, "\(key) must be true or false, not \(Self.describe(node))")
        }
    }

    func number(_ node: YAMLNode, _ key: String, _ assign: (Double) -> Void) {
        if let value = node.doubleValue, value.isFinite {
            assign(value)
        } else {
            fail(node, "\(key) must be a number, not \(Self.describe(node))")
        }
    }

    func positiveNumber(_ node: YAMLNode, _ key: String, _ assign: (Double) -> Void) {
        number(node, key) { value in
            // The value as the author wrote it (`-5`, not Swift's `-5.0`).
            guard value > 0 else {
                let written = if case .scalar(let text, _) = node.content { text } else { "\(value)" }
                return fail(node, "\(key) must be greater than 0, not \(written)")
            }
            assign(value)
        }
    }

    func stringList(_ node: YAMLNode, _ key: String, _ assign: ([String]) -> Void) {
        switch node.content {
        case .sequence(let items):
            var strings: [String] = []
            for item in items {
                string(item, "each item of \(key)") { strings.append($0) }
            }
            assign(strings)
        case .scalar(let text, _) where !node.isNull:
            assign([text])
        default:
            fail(node, "\(key) must be a list of text, not \(Self.describe(node))")
        }
    }

    /// A `{latitudeDelta, longitudeDelta}` mapping in degrees, each in (0, 180] and (0, 360].
    func span(_ node: YAMLNode, _ key: String) -> CoordinateSpan? {
        guard let pairs = mapping(node, name: key) else { return nil }
        var latitudeDelta: Double?
        var longitudeDelta: Double?
        for pair in pairs {
            switch pair.key.stringValue ?? "" {
            case "latitudeDelta":
                number(pair.value, "\(key).latitudeDelta") { value in
                    if value > 0 && value <= 180 { latitudeDelta = value } else {
                        fail(pair.value, "\(key).latitudeDelta must be more than 0 and at most 180 degrees, not \(value)")
                    }
                }
            case "longitudeDelta":
                number(pair.value, "\(key).longitudeDelta") { value in
                    if value > 0 && value <= 360 { longitudeDelta = value } else {
                        fail(pair.value, "\(key).longitudeDelta must be more than 0 and at most 360 degrees, not \(value)")
                    }
                }
            default: unknown(pair.key, pair.key.stringValue ?? "", in: key, known: ["latitudeDelta", "longitudeDelta"])
            }
        }
        guard let latitudeDelta, let longitudeDelta else {
            if pairs.isEmpty || (latitudeDelta == nil) != (longitudeDelta == nil) {
                fail(node, "\(key) needs both latitudeDelta and longitudeDelta (degrees)")
            }
            return nil
        }
        return CoordinateSpan(latitudeDelta: latitudeDelta, longitudeDelta: longitudeDelta)
    }

    /// A tile layer `{url, overlay?, attribution?, maxZoom?}`; missing keys come from `base`. A
    /// `url` or `overlay` that is neither an http(s) template (`TileLayer.isHTTPTemplate`) nor a
    /// path from the site root (`TileLayer.isSitePathTemplate`) is an error at its value, whatever
    /// `severity` says: a page must never load a `javascript:` or `data:` URL, or tiles from the
    /// host a protocol-relative `//host/…` names.
    func tileLayer(_ node: YAMLNode, _ key: String, base: TileLayer?) -> TileLayer? {
        var layer = base ?? TileLayer(url: "", overlay: nil, attribution: "", maxZoom: 19)
        var unsafe = false
        var urlValue: YAMLNode?  // where a bad url is reported: at its value, not at the key
        var overlayValue: YAMLNode?
        func httpTemplate(_ value: YAMLNode, _ name: String, _ assign: (String) -> Void) {
            string(value, name) { template in
                if TileLayer.isUsableTemplate(template) { return assign(template) }
                log.error(
                    location(value),
                    "\(name) must be an http(s) URL template such as \"https://tile.openstreetmap.org/{z}/{x}/{y}.png\" "
                        + "or a path from the site root such as \"/tiles/{z}/{x}/{y}.png\", not '\(template)'")
                unsafe = true
            }
        }
        forEachKey(node, key, known: ["url", "overlay", "attribution", "maxZoom"]) { sub, value in
            switch sub {
            case "url":
                urlValue = value
                httpTemplate(value, "\(key).url") { layer.url = $0 }
            case "overlay":
                overlayValue = value
                httpTemplate(value, "\(key).overlay") { layer.overlay = $0 }
            case "attribution": string(value, "\(key).attribution") { layer.attribution = $0 }
            case "maxZoom":
                number(value, "\(key).maxZoom") { zoom in
                    if (0...24).contains(zoom) { layer.maxZoom = zoom } else {
                        fail(value, "\(key).maxZoom \(zoom) is outside 0…24")
                    }
                }
            default: break
            }
        }
        guard !unsafe else { return nil }
        guard !layer.url.isEmpty else {
            fail(node, "\(key) needs a url with {z}, {x} and {y}")
            return nil
        }
        // The overlay is drawn over every tile of the url, so it needs the same three numbers: a
        // template without them would load one image for every tile of the map.
        for (name, template, value) in [("url", layer.url, urlValue), ("overlay", layer.overlay, overlayValue)] {
            guard let template else { continue }
            if !(template.contains("{z}") && template.contains("{x}") && template.contains("{y}")) {
                fail(value ?? node, "\(key).\(name) must contain {z}, {x} and {y}: '\(template)'")
                return nil
            }
            // `{s}` (Leaflet's subdomain) and `{r}` (its retina suffix) would reach the server as written.
            let placeholders = template.matches(of: /\{[^{}\/]*\}/).map { String(template[$0.range]) }
            if let unknown = placeholders.first(where: { !["{z}", "{x}", "{y}"].contains($0) }) {
                let advice = unknown == "{s}" ? "; write one of the server's subdomains instead (a, b or c for most)" : ""
                fail(value ?? node, "\(key).\(name) has the placeholder \(unknown), which roadtrip does not fill (it fills {z}, "
                    + "{x} and {y})\(advice): '\(template)'")
                return nil
            }
        }
        return layer
    }
}
