import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// A parsed XML element for tests: built by Foundation's `XMLParser` (libxml2's SAX parser), an
/// independent reader of the XML the renderers write. `nil` from `parse` means "not well-formed".
final class XMLTestElement {
    let name: String
    let attributes: [String: String]
    var children: [XMLTestElement] = []
    /// Character data directly inside this element (not in children).
    var text = ""

    init(name: String, attributes: [String: String]) {
        self.name = name
        self.attributes = attributes
    }

    /// Every element below this one, depth first, in document order.
    var descendants: [XMLTestElement] { children.flatMap { [$0] + $0.descendants } }

    func descendants(named name: String) -> [XMLTestElement] { descendants.filter { $0.name == name } }

    func child(named name: String) -> XMLTestElement? { children.first { $0.name == name } }

    /// Elements whose `class` attribute contains `className` as a word.
    func descendants(withClass className: String) -> [XMLTestElement] {
        descendants.filter { ($0.attributes["class"] ?? "").split(separator: " ").contains(Substring(className)) }
    }

    /// The root element of `xml`, or `nil` when the parser reports an error.
    static func parse(_ xml: String) -> XMLTestElement? {
        let parser = XMLParser(data: Data(xml.utf8))
        let builder = Builder()
        parser.delegate = builder
        guard parser.parse(), builder.error == nil else { return nil }
        return builder.root
    }

    private final class Builder: NSObject, XMLParserDelegate {
        var root: XMLTestElement?
        var stack: [XMLTestElement] = []
        var error: Error?

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
            qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
        ) {
            let element = XMLTestElement(name: elementName, attributes: attributeDict)
            if let parent = stack.last { parent.children.append(element) } else { root = element }
            stack.append(element)
        }

        func parser(
            _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
            qualifiedName qName: String?
        ) {
            stack.removeLast()
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            stack.last?.text += string
        }

        func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
            error = parseError
        }
    }
}
