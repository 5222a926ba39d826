import Foundation
import RoadTripCore
import RoadTripFormats
import RoadTripGeo

/// The offline basemap as SVG: one tile of `BasemapPyramid` drawn from its `BasemapDrawing`, as
/// the file `assets/basemap/{z}/{x}-{y}.svg` the pages load as an image, and as the group a
/// standalone `map.svg` embeds.
///
/// A tile's **body** is one `<g class="basemap-tile">` in the tile's 256 × 256 pixels (1 decimal):
/// the rings by level — `<path class="basemap-land">` for land and islands in lakes,
/// `<path class="basemap-water">` for lakes and ponds, each stroked in its own fill so that
/// neighbouring GSHHG bins meet without a seam — then `<path class="basemap-river">` (major rivers)
/// and `<path class="basemap-border">` (borders, dashed). Paths reach a little past the tile's edges
/// (the drawing's margin), so that tiles placed side by side at fractional positions leave no gap.
///
/// In a tile file strokes do not scale (`vector-effect: non-scaling-stroke`, SVG 2 §13.5.5, set in
/// the style sheet, where an SVG 1.1 validator accepts it): a page showing a tile 2^k times larger
/// past the pyramid's deepest level keeps 1-pixel rivers and borders. A `map.svg` that embeds
/// scaled tiles sets the widths itself (`scaledStrokeStyle`), which librsvg also draws.
///
/// Colours are presentation attributes (the light palette, which every SVG reader draws); the
/// `style` sheet (`darkStyle`) recolours the same classes under `prefers-color-scheme: dark`, in
/// browsers that apply it to the image.
public enum BasemapTileSVG {
    /// Fills and strokes of the light palette: quiet, so pins, tracks and text stand out.
    public static let seaColour = "#cfe0ea", landColour = "#f3f1ea", riverColour = "#9fc0d6", borderColour = "#9a8c9e"

    /// A tile file's CSS: strokes that do not scale with the tile (for a page that shows it larger
    /// than 256 px), then `darkStyle`.
    public static let tileStyle = ".basemap-tile path{vector-effect:non-scaling-stroke}" + darkStyle

    /// The classes recoloured for a dark page (`prefers-color-scheme`, Media Queries Level 5 §11.5).
    public static let darkStyle =
        "@media (prefers-color-scheme: dark){"
        + ".basemap-sea,.basemap-water{fill:#1c2a33;stroke:#1c2a33}"
        + ".basemap-land{fill:#2e3032;stroke:#2e3032}"
        + ".basemap-river{stroke:#35566b}.basemap-border{stroke:#77707c}}"

    /// The tile's body (see the type) for `drawing`, a `BasemapPyramid.Tile.view`'s drawing.
    public static func body(_ drawing: BasemapDrawing) -> String {
        XMLDocumentWriter.document(includeDeclaration: false, indent: false) { writer in
            writer.element("g", attributes: [("class", "basemap-tile"), ("data-gshhg-resolution", drawing.resolution.rawValue)]) {
                var index = 0
                while index < drawing.rings.count {
                    let level = drawing.rings[index].level
                    var d = ""
                    while index < drawing.rings.count, drawing.rings[index].level == level {
                        appendPath(drawing.rings[index].points, closed: true, to: &d)
                        index += 1
                    }
                    let colour = level % 2 == 1 ? landColour : seaColour
                    writer.element("path", attributes: [
                        ("class", level % 2 == 1 ? "basemap-land" : "basemap-water"), ("data-level", String(level)), ("d", d),
                        ("fill", colour), ("stroke", colour), ("stroke-width", "0.5"), ("stroke-linejoin", "round"),
                    ])
                }
                writeLines(drawing.rivers, className: "basemap-river", attributes: [("stroke", riverColour), ("stroke-width", "1")], to: writer)
                writeLines(
                    drawing.borders, className: "basemap-border",
                    attributes: [("stroke", borderColour), ("stroke-width", "1"), ("stroke-dasharray", "4 3")], to: writer)
            }
        }
    }

    /// CSS for tile bodies drawn `scale` times their size (`map.svg`): the widths and dashes divided
    /// by `scale`, so that the lines keep their width in the map's pixels.
    public static func scaledStrokeStyle(scale: Double) -> String {
        func width(_ value: Double) -> String { DecimalText.string(value / scale, maximumFractionDigits: 4) }
        return ".basemap-vector .basemap-land,.basemap-vector .basemap-water{stroke-width:\(width(0.5))}"
            + ".basemap-vector .basemap-river,.basemap-vector .basemap-border{stroke-width:\(width(1))}"
            + ".basemap-vector .basemap-border{stroke-dasharray:\(width(4)) \(width(3))}"
    }

    /// The tile file: an SVG 1.1 document of 256 × 256 pixels — the XML declaration, a comment with
    /// GSHHG's credit, what the drawing is (`name`: "tile 12/2108/1180") and the XXH3-64 hash
    /// (``ContentHash``) of `body`, then the dark style, the sea, and `body` over it. (A clean build
    /// of 4,000 destinations checks ~4,300 tiles, ~20 MB: ~1 ms with XXH3, ~26 ms with the byte-wise
    /// FNV-1a tiles named before, at ~1.3 ns a byte.) Name and checksum let a reader of the file (`body(ofDocument:name:)`) tell the tile exactly as a build
    /// wrote it from one cut short or edited since, or another tile's file copied in its place.
    public static func document(body: String, name: String) -> String {
        declaration + checksumPrefix + name + checksumLabel + ContentHash.hex64(body) + checksumSuffix + svgHeader + body + documentEnd
    }

    /// The body of `document` (a file's bytes) when they are exactly `document(body:name:)` of some
    /// body whose checksum matches the one the document names, under `name`; `nil` for anything
    /// else (cut short, edited, another drawing's, another format). Compares bytes: a cached tile
    /// is read on every build.
    public static func body(ofDocument document: Data, name: String) -> String? {
        let documentHead = Array((declaration + checksumPrefix + name + checksumLabel).utf8)
        return document.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> String? in
            let checksumStart = documentHead.count, checksumEnd = checksumStart + 16
            let bodyStart = checksumEnd + documentMiddle.count, bodyEnd = bytes.count - documentTail.count
            func holds(_ expected: [UInt8], at offset: Int) -> Bool {
                expected.withUnsafeBytes { memcmp(bytes.baseAddress! + offset, $0.baseAddress!, expected.count) == 0 }
            }
            guard bodyStart <= bodyEnd, holds(documentHead, at: 0), holds(documentMiddle, at: checksumEnd),
                  holds(documentTail, at: bodyEnd)
            else { return nil }
            let body = UnsafeRawBufferPointer(rebasing: bytes[bodyStart..<bodyEnd])
            guard ContentHash.hex64(bytes: body).utf8.elementsEqual(bytes[checksumStart..<checksumEnd]) else { return nil }
            return String(validating: body, as: UTF8.self)
        }
    }

    /// The bytes of a tile file between the checksum and the body, and after the body.
    private static let documentMiddle = Array((checksumSuffix + svgHeader).utf8)
    private static let documentTail = Array(documentEnd.utf8)

    private static let declaration = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
    private static let checksumPrefix = "<!-- Coastlines © GSHHG (Wessel & Smith), LGPL; drawn by roadtrip as "
    private static let checksumLabel = ", XXH3 64 "
    private static let checksumSuffix = " -->\n"
    private static let documentEnd = "\n</svg>\n"

    /// `<svg …><style>…</style><rect class="basemap-sea" …/>` and a line break.
    private static let svgHeader = XMLDocumentWriter.document(includeDeclaration: false, indent: false) { writer in
        writer.element("svg", attributes: [
            ("xmlns", "http://www.w3.org/2000/svg"), ("version", "1.1"), ("width", "256"), ("height", "256"),
            ("viewBox", "0 0 256 256"),
        ]) {
            writer.element("style", attributes: [("type", "text/css")], text: tileStyle)
            writer.element("rect", attributes: [
                ("class", "basemap-sea"), ("width", "256"), ("height", "256"), ("fill", seaColour),
            ])
        }
    }.replacingOccurrences(of: "</svg>", with: "").trimmingWhitespacesAndNewlines + "\n"

    /// Appends `points` to a path's `d` as `M x,y L x,y …` (1 decimal), with `Z` when `closed`.
    private static func appendPath(_ points: [BasemapDrawing.Point], closed: Bool, to d: inout String) {
        for (position, point) in points.enumerated() {
            d += position == 0 ? "M" : "L"
            d += DecimalText.string(point.x, maximumFractionDigits: 1) + "," + DecimalText.string(point.y, maximumFractionDigits: 1)
        }
        if closed { d += "Z" }
    }

    /// Open lines (rivers, borders) as one `<path class=…>` without fill, or nothing when there are none.
    private static func writeLines(
        _ lines: [[BasemapDrawing.Point]], className: String, attributes: [(String, String)], to writer: XMLDocumentWriter
    ) {
        guard !lines.isEmpty else { return }
        var d = ""
        for line in lines { appendPath(line, closed: false, to: &d) }
        writer.element("path", attributes: [
            ("class", className), ("d", d), ("fill", "none"), ("stroke-linejoin", "round"),
        ] + attributes)
    }
}
