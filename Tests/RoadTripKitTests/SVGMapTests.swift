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

@Suite struct SVGMapTests {
    /// The whole world at zoom 0 in a 256 × 256 viewport centred on 0°, 0°.
    private let worldView = MapView(
        region: CoordinateRegion(
            center: Coordinate(latitude: 0, longitude: 0),
            span: CoordinateSpan(latitudeDelta: 170, longitudeDelta: 360)),
        width: 256, height: 256, maximumZoom: 0)

    private func render(
        _ view: MapView, _ annotations: [Annotation], title: String = "Map",
        tileLayer: TileLayer? = .openStreetMap, declaration: Bool = true, idPrefix: String = ""
    ) throws -> (text: String, root: XMLTestElement) {
        let text = SVGMap.render(SVGMapInput(
            view: view, annotations: annotations, title: title, tileLayer: tileLayer,
            includeXMLDeclaration: declaration, idPrefix: idPrefix))
        let root = try #require(XMLTestElement.parse(text), "SVG is not well-formed XML")
        return (text, root)
    }

    /// `translate(x,y)` of a pin, parsed.
    private func translation(_ element: XMLTestElement) throws -> (x: Double, y: Double) {
        let transform = try #require(element.attributes["transform"])
        let numbers = transform.dropFirst("translate(".count).dropLast().split(separator: ",")
        return (try #require(Double(numbers[0])), try #require(Double(numbers[1])))
    }

    @Test func rootIsAnAccessibleSVG11Image() throws {
        let (text, root) = try render(worldView, [], title: "Map of the world")
        #expect(text.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>"))
        #expect(root.name == "svg")
        #expect(root.attributes["xmlns"] == "http://www.w3.org/2000/svg")
        #expect(root.attributes["xmlns:xlink"] == "http://www.w3.org/1999/xlink")
        #expect(root.attributes["version"] == "1.1")
        #expect(root.attributes["width"] == "256")
        #expect(root.attributes["height"] == "256")
        #expect(root.attributes["viewBox"] == "0 0 256 256")
        #expect(root.attributes["role"] == "img")
        #expect(root.attributes["data-zoom"] == "0")
        // The text alternative is the <title> and <desc>, which come first (SVG 1.1 §5.4); SVG 1.1
        // has no aria-labelledby, so the validator-clean map does not use it.
        #expect(root.attributes["aria-labelledby"] == nil)
        #expect(root.children.prefix(2).map(\.name) == ["title", "desc"])
        #expect(root.children[0].attributes["id"] == "map-title")
        #expect(root.children[0].text == "Map of the world")
        #expect(root.children[1].attributes["id"] == "map-desc")
        // The basemap group comes right after <desc>, under the pins; in it a plain background
        // comes before (under) the tiles.
        let names = root.children.map { $0.attributes["class"] ?? $0.name }
        #expect(names.firstIndex(of: "basemap") == 2)
        let basemap = root.children[2].children.map { $0.attributes["class"] ?? $0.name }
        let background = try #require(basemap.firstIndex(of: "map-background"))
        let tiles = try #require(basemap.firstIndex(of: "tiles"))
        #expect(background < tiles)
    }

    /// Zoom 0, 256-px world centred on 0°, 0°: by the Web Mercator formulas (OSM slippy map wiki)
    /// x = (lon + 180) / 360 · 256 and y = (1 − ln(tan φ + sec φ) / π) / 2 · 256, so
    /// (0°, 0°) → (128, 128); (0°, 90° E) → (192, 128); and y = 64 needs ln(tan φ + sec φ) = π/2,
    /// φ = atan(sinh(π/2)) = 66.51326044311186°, so (66.51326…°, 90° W) → (64, 64).
    @Test func pinTipsSitAtTheirCoordinates() throws {
        let annotations = [
            Annotation(id: "center", coordinate: Coordinate(latitude: 0, longitude: 0), title: "C", kind: .destination),
            Annotation(id: "east", coordinate: Coordinate(latitude: 0, longitude: 90), title: "E", kind: .pointOfInterest),
            Annotation(
                id: "north-west", coordinate: Coordinate(latitude: 66.51326044311186, longitude: -90),
                title: "NW", kind: .pointOfInterest),
        ]
        let (_, root) = try render(worldView, annotations)
        let pins = root.descendants(withClass: "pin")
        #expect(pins.map { $0.attributes["data-annotation-id"] } == ["center", "east", "north-west"])
        let points = try pins.map(translation)
        #expect(points[0].x == 128 && points[0].y == 128)
        #expect(points[1].x == 192 && points[1].y == 128)
        #expect(points[2].x == 64 && points[2].y == 64)
        // The teardrop's tip is the group's origin.
        for pin in pins {
            let shape = try #require(pin.descendants(withClass: "pin-shape").first)
            #expect(shape.attributes["d"]?.hasPrefix("M0,0L") == true)
        }
    }

    /// A pin across ±180° from the center is drawn the short way round: at zoom 2.5 the world is
    /// 256 · 2^2.5 = 1448.1547 px, so 1° of longitude is 4.0227 px; with the center on 180° a pin at
    /// −179° is 4.02 px right of the middle (181.02 + 4.02 = 185.04).
    @Test func pinsAcrossTheAntimeridianTakeTheShortWay() throws {
        let pin = Annotation(id: "p", coordinate: Coordinate(latitude: 0, longitude: -179), title: "P", kind: .waypoint)
        let (_, root) = try render(antimeridianView, [pin])
        let point = try translation(try #require(root.descendants(withClass: "pin").first))
        #expect(point.x == 185.04)
        #expect(point.y == 181.02)
    }

    /// Titles with & < > " ' and emoji reach the reader unchanged (escaped once), in the map title,
    /// the pin's <title>/<desc> and its data-annotation-id.
    @Test func escapesUserStrings() throws {
        let nasty = "Ben & Jerry's <Factory> \"Tour\" 🍦"
        let pin = Annotation(
            id: "a\"b<c>", coordinate: Coordinate(latitude: 0, longitude: 0), title: nasty,
            subtitle: "Waterbury, VT & <more>", kind: .pointOfInterest)
        let (text, root) = try render(worldView, [pin], title: nasty)
        #expect(root.child(named: "title")?.text == nasty)
        let group = try #require(root.descendants(withClass: "pin").first)
        #expect(group.attributes["data-annotation-id"] == "a\"b<c>")
        #expect(group.children.prefix(2).map(\.name) == ["title", "desc"])
        #expect(group.child(named: "title")?.text == nasty)
        #expect(group.child(named: "desc")?.text == "Waterbury, VT & <more>")
        #expect(!text.contains("<Factory>"))
        #expect(!text.contains("<more>"))
    }

    /// Pins differ by shape, not only colour: the destination is the larger pin with a star, POIs
    /// carry 1, 2, … in list order, other kinds a dot; each is filled with its marker colour.
    @Test func pinShapesTellKindsApart() throws {
        let annotations = [
            Annotation(id: "d", coordinate: Coordinate(latitude: 0, longitude: 0), title: "D", kind: .destination),
            Annotation(id: "p1", coordinate: Coordinate(latitude: 1, longitude: 1), title: "P1", kind: .pointOfInterest),
            Annotation(id: "w", coordinate: Coordinate(latitude: 2, longitude: 2), title: "W", kind: .waypoint),
            Annotation(
                id: "p2", coordinate: Coordinate(latitude: 3, longitude: 3), title: "P2", kind: .pointOfInterest,
                color: "#0000ff"),
        ]
        let (_, root) = try render(worldView, annotations)
        let pins = root.descendants(withClass: "pin")
        #expect(pins.map { $0.attributes["class"] } == [
            "pin pin-destination", "pin pin-pointOfInterest", "pin pin-waypoint", "pin pin-pointOfInterest",
        ])
        let fills = pins.map { $0.descendants(withClass: "pin-shape").first?.attributes["fill"] }
        #expect(fills == ["#d32f2f", "#2e7d32", "#7b1fa2", "#0000ff"])
        let marks = pins.map { $0.descendants(withClass: "pin-mark").first }
        #expect(marks.map { $0?.name } == ["path", "text", "circle", "text"])
        #expect(marks[1]?.text == "1")
        #expect(marks[3]?.text == "2")
        // The destination's head is larger: a 12-px radius arc instead of 9 px.
        #expect(pins[0].descendants(withClass: "pin-shape").first?.attributes["d"]?.contains("A12,12") == true)
        #expect(pins[1].descendants(withClass: "pin-shape").first?.attributes["d"]?.contains("A9,9") == true)
    }

    /// Teardrop geometry by hand: head radius r = 9 centred c = 22 above the tip; the tangent points
    /// from the tip are at α = acos(9/22) = 65.85°, (±9 sin α, −22 + 9 cos α) = (±8.21, −18.32).
    @Test func teardropTangentsAreHandComputed() {
        #expect(PinShape.regular.path == "M0,0L-8.21,-18.32A9,9 0 1 1 8.21,-18.32Z")
    }

    /// A view that needs tiles across the antimeridian at a fractional zoom:
    /// W = H = 256·√2 = 362.04 px, span 90° of longitude, center (0°, 180°). regionThatFits gives
    /// zoom = log2((W/2) / (45/360 · 256)) = log2(4√2) = 2.5.
    private var antimeridianView: MapView {
        MapView(
            region: CoordinateRegion(
                center: Coordinate(latitude: 0, longitude: 180),
                span: CoordinateSpan(latitudeDelta: 1, longitudeDelta: 90)),
            width: 256 * 2.0.squareRoot(), height: 256 * 2.0.squareRoot())
    }

    /// Tiles for the view above, by the OSM slippy formula at z = floor(2.5) = 2:
    /// the view spans longitudes 135° … −135° (180 ± 45), xtile = floor((lon + 180) / 360 · 4):
    /// 135° → 3, −135° → floor(0.5) = 0, so columns 3 then 0 (4 mod 4, wrapped).
    /// Vertically the view is ±181.02 px = ±half a z2 tile (362.04 px at scale 2^0.5) around the
    /// equator (row boundary 2), so rows 1 and 2. Each tile is drawn 256·√2 = 362.04 px wide, the
    /// first at −181.02 and the second at +181.02 px.
    @Test func tilesCoverTheViewAndWrapAcross180() throws {
        let view = antimeridianView
        #expect(abs(view.zoom - 2.5) < 1e-12)
        let (_, root) = try render(view, [])
        let group = try #require(root.descendants(withClass: "tiles").first)
        #expect(group.attributes["data-tile-zoom"] == "2")
        let images = group.children
        #expect(images.map { $0.attributes["href"] } == [
            "https://tile.openstreetmap.org/2/3/1.png", "https://tile.openstreetmap.org/2/0/1.png",
            "https://tile.openstreetmap.org/2/3/2.png", "https://tile.openstreetmap.org/2/0/2.png",
        ])
        #expect(images.map { $0.attributes["x"] } == ["-181.02", "181.02", "-181.02", "181.02"])
        #expect(images.map { $0.attributes["y"] } == ["-181.02", "-181.02", "181.02", "181.02"])
        for image in images {
            #expect(image.name == "image")
            #expect(image.attributes["width"] == "362.04")
            #expect(image.attributes["height"] == "362.04")
            #expect(image.attributes["xlink:href"] == image.attributes["href"])
        }
    }

    /// A 256 × 512 viewport of the zoom-0 world: world pixels y −128 … 384, i.e. tile rows −1, 0, 1;
    /// only row 0 exists, drawn at y = 128.
    @Test func tilesOutsideTheWorldRowsAreSkipped() throws {
        let tall = MapView(
            region: CoordinateRegion(
                center: Coordinate(latitude: 0, longitude: 0),
                span: CoordinateSpan(latitudeDelta: 170, longitudeDelta: 360)),
            width: 256, height: 512, maximumZoom: 0)
        let tiles = MapTile.covering(tall)
        #expect(tiles == [MapTile(zoom: 0, x: 0, y: 0, left: 0, top: 128, width: 256, height: 256)])
    }

    /// The hybrid layer draws its overlay tiles in a second group over the imagery.
    @Test func overlayTilesFollowTheBaseTiles() throws {
        let (_, root) = try render(worldView, [], tileLayer: .esriHybrid)
        let groups = root.descendants(withClass: "tiles")
        #expect(groups.count == 2)
        #expect(groups[1].attributes["class"] == "tiles tiles-overlay")
        #expect(groups[0].children.first?.attributes["href"]
            == "https://server.arcgisonline.com/ArcGIS/rest/services/World_Imagery/MapServer/tile/0/0/0")
        #expect(groups[1].children.first?.attributes["href"]?.hasSuffix("World_Boundaries_and_Places/MapServer/tile/0/0/0") == true)
    }

    /// Zoom 10 at 60° N: metresPerPixel = 2π · 6,378,137 · cos 60° / (256 · 2^10) = 76.437028 m.
    /// 100 px = 7,643.70 m → metric 5 km, drawn 5000 / 76.437028 = 65.41 px;
    /// 7,643.70 m = 4.7496 mi → imperial 2 mi = 3,218.688 m, drawn 42.11 px.
    @Test func scaleBarUsesRoundLengthsAtTheMapScale() throws {
        let view = MapView(
            region: CoordinateRegion(
                center: Coordinate(latitude: 60, longitude: 10),
                span: CoordinateSpan(latitudeDelta: 0.001, longitudeDelta: 0.001)),
            width: 400, height: 300, maximumZoom: 10)
        #expect(view.zoom == 10)
        let scaleBar = ScaleBar(metresPerPixel: view.metresPerPixel)
        #expect(scaleBar.metric.label == "5 km")
        #expect(abs(scaleBar.metric.length - 65.41332) < 1e-4)
        #expect(scaleBar.imperial.label == "2 mi")
        #expect(abs(scaleBar.imperial.length - 42.10902) < 1e-4)

        let (_, root) = try render(view, [])
        let metric = try #require(root.descendants(withClass: "scale-metric").first)
        #expect(metric.descendants(named: "path").first?.attributes["d"] == "M0,4V10H65.41V4")
        #expect(metric.child(named: "text")?.text == "5 km")
        let imperial = try #require(root.descendants(withClass: "scale-imperial").first)
        #expect(imperial.descendants(named: "path").first?.attributes["d"] == "M0,20V14H42.11V20")
        #expect(imperial.child(named: "text")?.text == "2 mi")
    }

    /// 1 m/px: 100 px = 100 m → "100 m", 100 px; 328.08 ft → 200 ft = 60.96 m → 60.96 px.
    /// 0.07 m/px: 7 m → "5 m"; 22.97 ft → "20 ft" = 6.096 m → 87.09 px.
    @Test func scaleBarSmallScales() {
        let metre = ScaleBar(metresPerPixel: 1)
        #expect(metre.metric.label == "100 m" && metre.metric.length == 100)
        #expect(metre.imperial.label == "200 ft" && abs(metre.imperial.length - 60.96) < 1e-9)
        let fine = ScaleBar(metresPerPixel: 0.07)
        #expect(fine.metric.label == "5 m")
        #expect(fine.imperial.label == "20 ft" && abs(fine.imperial.length - 6.096 / 0.07) < 1e-9)
        // A round 1,000 m exactly at the limit stays 1 km (log10(1000) rounding must not give 500 m).
        #expect(ScaleBar(metresPerPixel: 10).metric.label == "1 km")
    }

    @Test func attributionComesFromTheTileLayer() throws {
        let (_, withTiles) = try render(worldView, [])
        #expect(withTiles.descendants(withClass: "attribution").first?.text == "© OpenStreetMap contributors")
        let (_, plain) = try render(worldView, [], tileLayer: nil)
        #expect(plain.descendants(withClass: "attribution").first?.text == "roadtrip")
        #expect(plain.descendants(withClass: "tiles").isEmpty)
        #expect(plain.descendants(named: "image").isEmpty)
    }

    /// Inline maps: no XML declaration, and two maps with different prefixes share no id.
    @Test func inlineMapsHaveNoDeclarationAndDistinctIDs() throws {
        let first = try render(worldView, [], declaration: false, idPrefix: "nyc-")
        let second = try render(worldView, [], declaration: false, idPrefix: "sf-")
        #expect(!first.text.contains("<?xml"))
        #expect(first.text.hasPrefix("<svg"))
        #expect(first.root.children.first?.attributes["id"] == "nyc-map-title")
        let ids = { (root: XMLTestElement) in Set(root.descendants.compactMap { $0.attributes["id"] }) }
        #expect(ids(first.root) == ["nyc-map-title", "nyc-map-desc"])
        #expect(ids(first.root).isDisjoint(with: ids(second.root)))
    }

    /// All pixel values in the output have at most 2 decimals (the center here is 0°, 180° and data-zoom
    /// is 2.5, so no other number in the text has more either).
    @Test func pixelValuesHaveAtMostTwoDecimals() throws {
        let pin = Annotation(id: "p", coordinate: Coordinate(latitude: 12.3456789, longitude: 98.7654321), title: "P", kind: .photo)
        let (text, _) = try render(antimeridianView, [pin])
        let longFractions = try Regex(#"[0-9]\.[0-9]{3,}"#)
        let offending = text.matches(of: longFractions).map { String(text[$0.range]) }
        #expect(offending.isEmpty)
        #expect(text.matches(of: try Regex(#"[0-9][eE][-+][0-9]"#)).isEmpty)  // no exponent notation
    }

    /// One drawing for both forms: `renderInlineAndStandalone` must give exactly what two separate
    /// `render` calls give (inline: no declaration, no basemap; standalone: both).
    @Test func inlineAndStandaloneMatchSeparateRenders() throws {
        let region = CoordinateRegion(
            center: Coordinate(latitude: 60.39299, longitude: 5.32415),
            span: CoordinateSpan(latitudeDelta: 0.05, longitudeDelta: 0.05))
        let view = MapView(region: region, width: 800, height: 500)
        let pins = [
            Annotation(id: "destination", coordinate: region.center, title: "Bergen & <Bryggen>", kind: .destination),
            Annotation(id: "poi-1", coordinate: Coordinate(latitude: 60.39745, longitude: 5.32386),
                       title: "Bryggen", subtitle: "Wharf", kind: .pointOfInterest),
        ]
        for layer in [TileLayer.openStreetMap, .esriHybrid] {
            let input = SVGMapInput(view: view, annotations: pins, title: "Bergen", tileLayer: layer, idPrefix: "p-")
            var inlineInput = input
            inlineInput.includeXMLDeclaration = false
            inlineInput.drawsTiles = false
            let both = SVGMap.renderInlineAndStandalone(input)
            #expect(both.inline == SVGMap.render(inlineInput))
            // map.svg's bytes are written as they are: valid UTF-8, and the very text `render` gives.
            #expect(String(validating: both.standalone, as: UTF8.self) == SVGMap.render(input))
            #expect(SVGMap.standaloneDocument(splicing: both.inline, of: inlineInput, into: input) != nil)
        }
        // On the offline basemap: the inline map keeps the raster layer's attribution under
        // GSHHG's credit; map.svg has the basemap's tiles, no raster tiles, the credit alone.
        var input = SVGMapInput(view: view, annotations: pins, title: "Bergen", tileLayer: .openStreetMap, idPrefix: "p-",
                                tracks: [[region.center, pins[1].coordinate]], offlineBasemap: [])
        var standalone = input
        standalone.tileLayer = nil
        standalone.offlineBasemap = [
            OfflineBasemapTile(left: -40, top: -12.5, scale: 2.5, body: #"<g class="basemap-tile"><path d="M0,0L9,9Z"/></g>"#),
        ]
        var inlineInput = input
        inlineInput.includeXMLDeclaration = false
        inlineInput.drawsTiles = false
        let both = SVGMap.renderInlineAndStandalone(input, standalone: standalone)
        let standaloneText = try #require(String(validating: both.standalone, as: UTF8.self))
        #expect(both.inline == SVGMap.render(inlineInput))
        #expect(standaloneText == SVGMap.render(standalone))
        #expect(SVGMap.standaloneDocument(splicing: both.inline, of: inlineInput, into: standalone) != nil)
        #expect(both.inline.contains("© OpenStreetMap contributors") && both.inline.contains("basemap-credit"))
        #expect(!standaloneText.contains("OpenStreetMap") && standaloneText.contains(#"translate(-40,-12.5) scale(2.5)"#))
        // A map without the offline basemap keeps roadtrip's own credit line in both forms.
        input.tileLayer = nil
        input.offlineBasemap = nil
        #expect(String(validating: SVGMap.renderInlineAndStandalone(input).standalone, as: UTF8.self) == SVGMap.render(input))
    }
}
