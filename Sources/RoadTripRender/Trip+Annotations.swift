import RoadTripCore
import RoadTripCompute

/// A trip's map pins as the pages, the GeoJSON and the SVG map show them.
extension Trip {
    /// The map's pins: the destination first (id `destination`), then the POIs in source order
    /// (ids `poi-1`, `poi-2`, … — 1-based, matching diagnostics' "POI n").
    /// (Then each contact of `destination.publicContacts` that could be placed, kind `.contact`,
    /// titled with the name the site may show and its town.)
    public func annotations() -> [Annotation] {
        var pins = [
            Annotation(
                id: "destination", coordinate: destination.coordinate, title: destination.title,
                subtitle: destination.subtitle, kind: .destination)
        ]
        for (index, poi) in destination.pointsOfInterest.enumerated() {
            pins.append(
                Annotation(
                    id: "poi-\(index + 1)", coordinate: poi.coordinate, title: poi.title,
                    subtitle: poi.subtitle, kind: .pointOfInterest, category: poi.category,
                    color: poi.color, url: poi.url))
        }
        for (index, photo) in photos.enumerated() {
            guard let coordinate = photo.coordinate else { continue }
            var pin = Annotation(
                id: Self.photoAnnotationID(index), coordinate: coordinate, title: photo.title,
                subtitle: photo.coordinateSource == .trackLog ? "placed from the trip log" : "", kind: .photo)
            pin.thumbnail = "photos/" + PhotoFiles.thumbnailName(photo)
            pin.time = photo.time.map(ISO8601Time.format)
            pins.append(pin)
        }
        for (index, contact) in destination.publicContacts.enumerated() {
            guard let coordinate = contact.coordinate else { continue }
            pins.append(
                Annotation(
                    id: "contact-\(index + 1)", coordinate: coordinate, title: contact.name,
                    subtitle: contact.city ?? "", kind: .contact))
        }
        return pins
    }

    /// The id of the map pin of `photos[index]` (0-based): `photo-1`, `photo-2`, … — 1-based over
    /// every photo of the trip, placed or not, so that the gallery's item and the pin share it.
    static func photoAnnotationID(_ index: Int) -> String { "photo-\(index + 1)" }
}
