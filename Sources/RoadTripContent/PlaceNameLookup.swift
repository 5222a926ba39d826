import RoadTripCore
import RoadTripGeo

/// Front matter `location: "Tromsø"` or `"Portland, Oregon"` (a place name in place of
/// coordinates) → a coordinate, through `Gazetteer.forward`, with diagnostics at the value's line
/// and column:
/// - several cities match: the most populous is used, and a warning lists it and the others with
///   their coordinates, so the author can add a qualifier or pin the coordinate;
/// - none matches: an error naming the nearest names found;
/// - the gazetteer has no data: an error saying which Debian package brings it.
enum PlaceNameLookup {
    /// The coordinate (degrees) of the place `name`, or `nil` after an error at `location`.
    static func coordinate(
        of name: String, at location: SourceLocation, geocoder gazetteer: any Geocoder, log: DiagnosticLog
    ) -> Coordinate? {
        guard !gazetteer.hasNoPlaces else {
            log.error(location, "cannot look up the place \"\(name)\": " + Gazetteer.missingDataMessage)
            return nil
        }
        let result = gazetteer.forward(name)
        guard let place = result.placemark else {
            let nearest = result.suggestions.map(described).joined(separator: "; ")
            log.error(
                location,
                "no place named \"\(name)\" in the gazetteer (GeoNames towns of 15,000 people or more)"
                    + (nearest.isEmpty ? "" : "; nearest names: " + nearest)
                    + "; give latitude and longitude instead")
            return nil
        }
        if result.isAmbiguous {
            let shown = result.alternatives.prefix(5).map(described).joined(separator: "; ")
            let more = result.alternatives.count > 5 ? " and \(result.alternatives.count - 5) more" : ""
            log.warning(
                location,
                "\"\(name)\" matches \(result.alternatives.count + 1) places; using \(described(place)), the most populous; "
                    + "others: \(shown)\(more) (add a state or country, e.g. \"\(place.locality), \(place.countryCode)\", "
                    + "or give latitude and longitude)")
        }
        return place.coordinate
    }

    /// "Portland, Oregon, United States (45.5234, −122.6762)".
    static func described(_ place: Placemark) -> String {
        "\(place.fullName) (\(DecimalText.string(place.coordinate.latitude, maximumFractionDigits: 4)), "
            + "\(DecimalText.string(place.coordinate.longitude, maximumFractionDigits: 4)))"
    }
}
