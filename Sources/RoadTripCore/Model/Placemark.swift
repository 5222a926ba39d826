import Foundation

/// A named place near a coordinate, like Core Location's `CLPlacemark` as returned by
/// `CLGeocoder.reverseGeocodeLocation` and `geocodeAddressString`: a GeoNames city
/// (`cities15000`: every city of at least 15,000 inhabitants, as shipped by libgeonames) and how
/// far the queried coordinate is from it.
public struct Placemark: Sendable, Hashable, Codable {
    /// The city's name as GeoNames spells it ("Tromsø", "Portland").
    public var locality: String
    /// The first-order administrative division ("Oregon", "State of Maine"); empty when GeoNames
    /// gives none.
    public var state: String
    /// The country's English name ("Norway", "United States of America").
    public var country: String
    /// ISO 3166-1 alpha-2 country code ("NO", "US").
    public var countryCode: String
    /// IANA time zone identifier ("Europe/Oslo"), usable with Foundation's `TimeZone(identifier:)`.
    public var timeZone: String
    /// Where the locality is (GeoNames' point for the city), degrees on WGS 84.
    public var coordinate: Coordinate
    /// Inhabitants, as GeoNames records them.
    public var population: Int
    /// Metres along the WGS 84 geodesic from the queried coordinate to `coordinate`; 0 for a
    /// forward-geocoding result (the locality itself was asked for).
    public var distance: Double
    /// The coordinate that was reverse-geocoded (degrees); nil for a forward-geocoding result.
    public var queriedCoordinate: Coordinate?

    /// Creates a placemark from its parts (units as documented on each property).
    public init(
        locality: String, state: String, country: String, countryCode: String, timeZone: String,
        coordinate: Coordinate, population: Int, distance: Double = 0,
        queriedCoordinate: Coordinate? = nil
    ) {
        self.locality = locality
        self.state = state
        self.country = country
        self.countryCode = countryCode
        self.timeZone = timeZone
        self.coordinate = coordinate
        self.population = population
        self.distance = distance
        self.queriedCoordinate = queriedCoordinate
    }

    /// Within this many metres (50 km) the queried point is "near" the locality. 50 km is about
    /// the radius of a large metropolitan area and a half-hour drive: a trip stop that far out
    /// still reads naturally as "near Tromsø".
    public static let nearRadius = 50_000.0

    /// Up to this many metres (1,500 km) the page gives the distance to the locality; beyond it,
    /// between 60° S and 60° N, the point is called "open water". Measured on libgeonames' 24,361
    /// cities (every place of 15,000 inhabitants) with a 1° world grid and 0.5° grids over the
    /// remote interiors: the farthest land between 60° S and 60° N is Western Australia's Great
    /// Sandy Desert, 1,173 km from Geraldton (other far cases: central Sahara 654 km, Tibet 533 km,
    /// the Amazon 673 km); 1,500 km keeps a margin above that, so "open water" is honest there
    /// (small remote islands without such a town, e.g. Easter Island, are the exception).
    public static let farRadius = 1_500_000.0

    /// Beyond `farRadius` and at or north of 60° N a point is "the far north" (Greenland's ice
    /// sheet, the Canadian Arctic, Chukotka and the Arctic Ocean are all there), not "open water".
    public static let farNorthLatitude = 60.0
    /// Beyond `farRadius` and at or south of 60° S (the Antarctic Treaty area, Article VI) a point
    /// is "the Antarctic" (the continent and the Southern Ocean around it).
    public static let antarcticLatitude = -60.0

    /// `true` when the queried point is within `nearRadius` of the locality, so that naming the
    /// town alone ("From Kingman to Barstow", "I'm currently in Barstow!") is honest.
    public var isNear: Bool { distance <= Self.nearRadius }

    /// The locality's IANA time zone when the queried point is within `farRadius` of it — the
    /// zone where a time recorded there is shown — else `nil` (open water, the poles: the site's
    /// zone is used). Near a zone border the nearest town can lie on the other side; the
    /// gazetteer has towns, not zone boundaries.
    public var localTimeZone: TimeZone? {
        distance <= Self.farRadius ? TimeZone(identifier: timeZone) : nil
    }

    /// "Locality, Country" ("Tromsø, Norway"), the short name pages use.
    public var localityAndCountry: String {
        country.isEmpty ? locality : "\(locality), \(country)"
    }

    /// "Locality, State, Country" with empty or repeated parts left out ("Oslo, Norway",
    /// "Portland, Oregon, United States of America"): unambiguous enough for a warning that lists
    /// alternatives.
    public var fullName: String {
        var parts = [locality]
        if !state.isEmpty && state != locality { parts.append(state) }
        if !country.isEmpty && country != state { parts.append(country) }
        return parts.joined(separator: ", ")
    }

    /// The honest one-line description of where a reverse-geocoded point is, from `distance`
    /// (and `queriedCoordinate`'s latitude for the remote wording):
    /// - within `nearRadius`: "near Tromsø, Norway";
    /// - up to `farRadius`: "312 km from Tromsø, Norway" (whole kilometres, rounded, with thousands
    ///   separators: `CountText.grouped`);
    /// - beyond: "open water, 1,634 km from the nearest town (Hilo, United States of America)", or
    ///   "the far north, …"/"the Antarctic, …" when the queried point lies at or beyond
    ///   `farNorthLatitude` / `antarcticLatitude`.
    public var nearText: String {
        let queryLatitude = queriedCoordinate?.latitude ?? coordinate.latitude
        let kilometres = CountText.grouped(Int((distance / 1000).rounded()))
        if distance <= Self.nearRadius { return "near \(localityAndCountry)" }
        if distance <= Self.farRadius { return "\(kilometres) km from \(localityAndCountry)" }
        let region: String
        if queryLatitude >= Self.farNorthLatitude {
            region = "the far north"
        } else if queryLatitude <= Self.antarcticLatitude {
            region = "the Antarctic"
        } else {
            region = "open water"
        }
        return "\(region), \(kilometres) km from the nearest town (\(localityAndCountry))"
    }
}
