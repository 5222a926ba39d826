import Testing
@testable import RoadTripGeo

/// How a tile layer's URL template is filled in (`TileLayer.tileURL`): `{z}`, `{x}` and `{y}`
/// become the tile's numbers in decimal, anything else stays as written.
@Suite struct TileLayerURLTests {
    /// OpenStreetMap's `{z}/{x}/{y}` and Esri's `{z}/{y}/{x}` order; zoom 0's single tile; a
    /// zoom-12 tile with four- and five-digit numbers (2108, 1180 as in the basemap test above;
    /// 4095 is the last column at zoom 12: 2^12 − 1).
    @Test func placeholdersBecomeTheTileNumbers() {
        #expect(TileLayer.tileURL("https://tile.openstreetmap.org/{z}/{x}/{y}.png", zoom: 12, x: 2108, y: 1180)
            == "https://tile.openstreetmap.org/12/2108/1180.png")
        #expect(TileLayer.tileURL("https://server.arcgisonline.com/tile/{z}/{y}/{x}", zoom: 12, x: 4095, y: 10)
            == "https://server.arcgisonline.com/tile/12/10/4095")
        #expect(TileLayer.tileURL("{z}-{x}-{y}", zoom: 0, x: 0, y: 0) == "0-0-0")
    }

    /// Other braces are text: a subdomain placeholder `{s}` (not filled in), a lone `{`, a
    /// placeholder cut off at the end, and non-ASCII text around the numbers.
    @Test func otherTextIsKept() {
        #expect(TileLayer.tileURL("https://{s}.tiles.example/{z}/{x}/{y}.png", zoom: 3, x: 4, y: 5)
            == "https://{s}.tiles.example/3/4/5.png")
        #expect(TileLayer.tileURL("a{b{z}c{y", zoom: 7, x: 1, y: 2) == "a{b7c{y")
        #expect(TileLayer.tileURL("/kart/Ålesund/{z}/{x}-{y}.svg", zoom: 9, x: 270, y: 143) == "/kart/Ålesund/9/270-143.svg")
        // A brace before a placeholder, one at the very end, an empty template, no placeholder.
        #expect(TileLayer.tileURL("{{z}}{", zoom: 12, x: 1, y: 2) == "{12}{")
        #expect(TileLayer.tileURL("", zoom: 1, x: 1, y: 1) == "")
        #expect(TileLayer.tileURL("https://tiles.example/static.png", zoom: 1, x: 1, y: 1) == "https://tiles.example/static.png")
    }
}
