import RoadTripFormats

/// The frame every chart's SVG shares: the `<svg>` root (SVG 1.1, `role="img"`, sized in pixels
/// with a matching `viewBox`, sans-serif 11 px text), then `<title>` and `<desc>` first for screen
/// readers (SVG 1.1 §5.4), then a white background the size of the chart. The chart draws the
/// rest in `body`.
enum ChartDocument {
    /// The SVG text (no XML declaration, to inline it in a page) of a chart of the class
    /// `roadtrip-chart <kind>`, `width` × `height` pixels; `titleID` and `descriptionID` are the
    /// ids of its `<title>` and `<desc>` (a page with several charts prefixes them);
    /// `dataAttributes` (`data-*` names and their values) go on the root after the others.
    static func svg(
        kind: String, width: Double, height: Double, title: String, titleID: String, description: String,
        descriptionID: String, dataAttributes: [(String, String)] = [], body: (XMLDocumentWriter) -> Void
    ) -> String {
        XMLDocumentWriter.document(includeDeclaration: false) { writer in
            writer.element("svg", attributes: [
                ("xmlns", "http://www.w3.org/2000/svg"), ("version", "1.1"),
                ("width", SVGPixels.text(width)), ("height", SVGPixels.text(height)),
                ("viewBox", "0 0 \(SVGPixels.text(width)) \(SVGPixels.text(height))"),
                ("class", "roadtrip-chart \(kind)"), ("role", "img"),
                ("font-family", "sans-serif"), ("font-size", "11"),
            ] + dataAttributes) {
                writer.element("title", attributes: [("id", titleID)], text: title)
                writer.element("desc", attributes: [("id", descriptionID)], text: description)
                writer.element("rect", attributes: [
                    ("class", "chart-background"), ("x", "0"), ("y", "0"),
                    ("width", SVGPixels.text(width)), ("height", SVGPixels.text(height)), ("fill", "#ffffff"),
                ])
                body(writer)
            }
        }
    }
}
