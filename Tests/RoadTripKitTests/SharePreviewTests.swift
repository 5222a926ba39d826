import Foundation
import Synchronization
import Testing
import TestTools
@testable import RoadTripKit
@testable import RoadTripCore
@testable import RoadTripFormats
@testable import RoadTripGeo
@testable import RoadTripRender
@testable import RoadTripSite

/// A page's share preview (`og:image`): its view, its drawing, its PNG's header and size, and the
/// key its cached PNG is kept under.
@Suite struct SharePreviewTests {
    /// Bergen at the default span in the default 800 × 500 viewport.
    private let bergen = MapView(
        region: CoordinateRegion(
            center: Coordinate(latitude: 60.3913, longitude: 5.3221), span: CoordinateSpan(latitudeDelta: 0.05, longitudeDelta: 0.05)),
        width: 800, height: 500)

    /// 800 × 500 is narrower than 1200 : 630, so the preview keeps the height and widens:
    /// 500 × 1200 / 630 = 952.381 CSS px; the zoom and centre are the page's, so the page's view
    /// is the preview's middle, (952.381 − 800) / 2 = 76.19 px from either side.
    @Test func thePreviewHoldsThePageViewAtItsZoom() {
        let preview = SharePreview.view(showing: bergen)
        #expect(abs(preview.width - 952.380_952) < 1e-6 && preview.height == 500)
        #expect(preview.zoom == bergen.zoom)
        #expect(preview.center == bergen.center)
        let corner = preview.point(for: bergen.coordinate(atX: 0, y: 0))
        #expect(abs(corner.x - 76.190_476) < 1e-6 && abs(corner.y) < 1e-6)
        let centre = preview.point(for: bergen.center)
        #expect(abs(centre.x - 476.190_476) < 1e-6 && abs(centre.y - 250) < 1e-6)
        // 1200 device pixels across 952.381 CSS pixels: 1.26, as 630 / 500.
        #expect(abs(Double(SharePreview.pixelWidth) / preview.width - 1.26) < 1e-12)

        // A viewport wider than 1.91 : 1 keeps its width and gains height: 1000 / (1200 / 630) = 525.
        let wide = MapView(region: bergen.requestedRegion, width: 1000, height: 400)
        let widePreview = SharePreview.view(showing: wide)
        #expect(widePreview.width == 1000 && abs(widePreview.height - 525) < 1e-9 && widePreview.zoom == wide.zoom)
    }

    /// The preview is the map drawn again: the pins and title of the page's map, in the wider view,
    /// without raster tiles, with the declaration of a standalone file; its text alternative is the
    /// title and the `<desc>`, cut at 420 characters (X's limit).
    @Test func thePreviewDrawsThePageMapWithoutRasterTiles() throws {
        let pin = Annotation(id: "destination", coordinate: bergen.center, title: "Bergen", kind: .destination)
        let input = SVGMapInput(view: bergen, annotations: [pin], title: "Bergen", tileLayer: .openStreetMap, idPrefix: "roadtrip-")
        let preview = SharePreview(folder: "bergen/", input: input, basemap: nil)
        #expect(preview.path == "bergen/og.png")
        #expect(abs(preview.scale - 1.26) < 1e-12)
        #expect(preview.svg.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>"))
        let root = try #require(XMLTestElement.parse(preview.svg))
        #expect(root.attributes["width"] == "952.38" && root.attributes["height"] == "500")
        #expect(root.descendants(named: "image").isEmpty, "no raster tiles")
        let pins = root.descendants(withClass: "pin")
        #expect(pins.count == 1)
        // The pin's tip at the preview's centre (476.19, 250), as SVGPixels writes it.
        #expect(pins.first?.attributes["transform"] == "translate(476.19,250)")
        #expect(preview.alt == "Bergen. Map centred on 60.3913, 5.3221 showing 1 place: Bergen.")

        let many = (1...60).map { number in
            Annotation(id: "poi-\(number)", coordinate: bergen.center, title: "Point of interest number \(number)", kind: .pointOfInterest)
        }
        var crowded = input
        crowded.annotations = many
        let long = SharePreview(folder: "", input: crowded, basemap: nil)
        #expect(long.path == "og.png")
        #expect(long.alt.count == 420 && long.alt.hasSuffix("…") && long.alt.hasPrefix("Bergen. Map centred on 60.3913, 5.3221 showing 60 places: "))
    }

    /// The first 24 bytes of a PNG, written out by hand (PNG §5.2, §11.2.2): the signature, IHDR's
    /// length 13 and type, width 1200 = 0x04B0 and height 630 = 0x0276.
    @Test func aPNGHeaderGivesTheSize() {
        let header: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
                               0, 0, 0x04, 0xB0, 0, 0, 0x02, 0x76]
        #expect(PNGHeader(header) == PNGHeader(width: 1200, height: 630))
        var notPNG = header
        notPNG[1] = 0x51
        #expect(PNGHeader(notPNG).width == nil)
        #expect(PNGHeader(Array(header.prefix(20))).width == nil)
    }

    /// libvips draws an SVG of 952.38 × 500 CSS pixels at 1.26 into exactly 1200 × 630 pixels
    /// (952.38 × 1.26 = 1199.9988: the size is set, not left to rounding), and one of 951 × 500
    /// (1198.26 px) too, its last column repeated.
    @Test(.enabled(if: Vips.canLoadSVG, "this libvips cannot load SVG")) func anSVGIsRasterisedToTheExactSize() throws {
        for width in ["952.38", "951"] {
            let svg = ##"<svg xmlns="http://www.w3.org/2000/svg" width="\##(width)" height="500"><rect width="100%" height="100%" fill="#cfe0ea"/></svg>"##
            let png = try Vips.png(ofSVG: svg, scale: 1.26, width: 1200, height: 630)
            #expect(PNGHeader(Array(png.prefix(24))) == PNGHeader(width: 1200, height: 630), "\(width)")
            #expect(Array(png.suffix(12)) == PNGHeader.endChunk)
        }
        #expect(throws: Vips.Failure.self) { try Vips.png(ofSVG: "<svg", scale: 1, width: 10, height: 10) }
    }

    /// The cache key covers the whole drawing and the scale: one changed character gives another key.
    @Test func theCacheKeyFollowsTheDrawing() {
        let pin = Annotation(id: "destination", coordinate: bergen.center, title: "Bergen", kind: .destination)
        let input = SVGMapInput(view: bergen, annotations: [pin], title: "Bergen")
        let preview = SharePreview(folder: "bergen/", input: input, basemap: nil)
        var renamed = input
        renamed.annotations[0].title = "Bergem"
        let key = SharePreviewCache.key(of: preview)
        #expect(key.count == 64 && key.allSatisfy(\.isHexDigit))
        #expect(key == SharePreviewCache.key(of: SharePreview(folder: "elsewhere/", input: input, basemap: nil)))
        #expect(key != SharePreviewCache.key(of: SharePreview(folder: "bergen/", input: renamed, basemap: nil)))
    }

    /// A named pipe where a cached preview was is not a cached file, and is not waited on: opening
    /// it without O_NONBLOCK waited for a writer for ever (a build hung, found by a tester).
    @Test func aNamedPipeInTheCacheIsNotWaitedFor() throws {
        let cache = SharePreviewCache(projectRoot: TestScratch.folder("og-fifo"))
        try FileManager.default.createDirectory(at: cache.folder, withIntermediateDirectories: true)
        let key = String(repeating: "a", count: 64)
        let path = cache.file(ofKey: key).path
        #expect(mkfifo(path, 0o644) == 0)
        let done = DispatchSemaphore(value: 0)
        let found = Mutex<URL?>(URL(fileURLWithPath: "/unset"))
        Thread.detachNewThread {
            let file = cache.cachedFile(ofKey: key)
            found.withLock { $0 = file }
            done.signal()
        }
        let finished = done.wait(timeout: .now() + 10) == .success
        if !finished {
            // Lets a reader that waits go: a writer opens the pipe and leaves.
            let writer = open(path, O_WRONLY | O_NONBLOCK)
            if writer >= 0 { close(writer) }
            _ = done.wait(timeout: .now() + 5)
        }
        #expect(finished, "cachedFile(ofKey:) waited on a named pipe")
        #expect(found.withLock { $0 } == nil)
    }
}
