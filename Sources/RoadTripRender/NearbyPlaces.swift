import RoadTripCore
import RoadTripFormats

/// `Output/assets/places.json` for the page's "You are near <locality>" after Locate
/// (written only when site config says `share.nearbyPlaces: true`): a compact extract of the
/// gazetteer, `[["Tromsø","NO",69.65,18.96], …]` — name, ISO country code, latitude and longitude
/// in degrees to 2 decimals (about 1.1 km, plenty to name the nearest town) — within
/// `byteBudget`. The theme's `nearby.js` fetches it only when the reader presses Locate.
///
/// Which towns: first the most populous town of every 1° × 1° cell that has one (so that a
/// reader anywhere, Tromsø as much as Tokyo, gets a town of their own region), most populous
/// first; then the rest by population until the budget is spent.
enum NearbyPlaces {
    /// Largest file written, in bytes: 200,000 (6,296 of libgeonames' 24,361 towns; gzip on
    /// the wire makes it about a third).
    static let byteBudget = 200_000

    /// The JSON text, from `cities` (any order), within `byteBudget`.
    static func json(_ cities: [Placemark]) -> String {
        let byPopulation = cities.indices.sorted {
            cities[$0].population != cities[$1].population
                ? cities[$0].population > cities[$1].population : cities[$0].locality < cities[$1].locality
        }
        var seenCells = Set<Int>()
        var regional: [Int] = []
        var others: [Int] = []
        for index in byPopulation {
            let coordinate = cities[index].coordinate
            let cell = Int((coordinate.latitude + 90).rounded(.down)) * 360 + Int((coordinate.longitude + 180).rounded(.down))
            if seenCells.insert(cell).inserted { regional.append(index) } else { others.append(index) }
        }
        var text = "["
        for index in regional + others {
            let city = cities[index]
            let entry = "[" + JSONText.string(city.locality) + "," + JSONText.string(city.countryCode) + ","
                + JSONText.number(city.coordinate.latitude, maximumFractionDigits: 2) + ","
                + JSONText.number(city.coordinate.longitude, maximumFractionDigits: 2) + "]"
            let separator = text.utf8.count > 1 ? ",\n" : ""
            if text.utf8.count + separator.utf8.count + entry.utf8.count + 2 > byteBudget { break }
            text += separator + entry
        }
        return text + "]\n"
    }
}
