import Foundation
import RoadTripKit

/// What the content loaders promise about what they return (DESIGN §2.2–2.4): places that can be
/// drawn, slugs that are safe folder names, links that are absolute http(s) URLs, and colours in
/// one spelling.
enum DestinationChecks {
    /// A destination from any source.
    static func check(_ destination: Destination) {
        checkSlug(destination.slug)
        require(destination.coordinate.isValid, "destination \(destination.slug) at \(destination.coordinate)")
        if case .span(let span?) = destination.regionRequest {
            require(
                span.latitudeDelta.isFinite && span.longitudeDelta.isFinite && span.latitudeDelta > 0
                    && span.longitudeDelta > 0 && span.latitudeDelta <= 180 && span.longitudeDelta <= 360,
                "destination \(destination.slug) has the span \(span)")
        }
        for poi in destination.pointsOfInterest { check(poi) }
        for event in destination.events { checkHTTPURL(event.url, "event \(event.title)") }
        if let weather = destination.weatherURL { checkHTTPURL(weather, "weather") }
    }

    /// A point of interest from any source.
    static func check(_ poi: PointOfInterest) {
        require(poi.coordinate.isValid, "POI \(String(reflecting: poi.title)) at \(poi.coordinate)")
        if let color = poi.color {
            require(
                color.utf8.count == 7 && color.hasPrefix("#")
                    && color.utf8.dropFirst().allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) },
                "POI colour \(String(reflecting: color)) is not lowercase #rrggbb")
        }
        if let url = poi.url { checkHTTPURL(url, "POI \(poi.title)") }
    }

    /// `Slug.make`'s promises: never empty, at most `Slug.maximumByteCount` UTF-8 bytes, no `/`,
    /// no white space, no ASCII punctuation other than `-`, no leading or trailing `-`.
    static func checkSlug(_ slug: String) {
        require(!slug.isEmpty, "an empty slug")
        require(slug.utf8.count <= Slug.maximumByteCount, "slug \(slug) is \(slug.utf8.count) bytes")
        require(!slug.hasPrefix("-") && !slug.hasSuffix("-"), "slug \(slug) starts or ends with -")
        require(
            !slug.unicodeScalars.contains { $0.properties.isWhitespace || ($0.isASCII && $0 != "-" && !$0.properties.isAlphabetic && !("0"..."9").contains($0)) },
            "slug \(String(reflecting: slug)) has white space or punctuation")
    }

    /// An absolute `http` or `https` URL with a host, as the loaders keep links.
    static func checkHTTPURL(_ text: String, _ what: String) {
        let components = URLComponents(string: text)
        let scheme = components?.scheme?.lowercased()
        require(
            (scheme == "http" || scheme == "https") && !(components?.host ?? "").isEmpty,
            "\(what): \(String(reflecting: text)) is not an absolute http(s) URL")
    }
}
