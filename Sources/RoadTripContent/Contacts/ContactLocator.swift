import Synchronization
import RoadTripCore
import RoadTripGeo

/// Where a contact is, as far as the site may know it.
public struct ContactPosition: Sendable, Hashable {
    /// The best coordinate (degrees, WGS 84): the card's `GEO`, else the point of the first
    /// address's locality. Private when it comes from `GEO` (it can be a front door).
    public var coordinate: Coordinate
    /// The town: the forward-geocoded locality of the address, or for a `GEO` without an address
    /// locality, the nearest town (`Gazetteer.reverse`); `nil` when none is known.
    public var town: Placemark?
    /// `true` when `coordinate` is the card's `GEO`.
    public var isFromGEO: Bool

    /// Creates a position (units as documented on each property).
    public init(coordinate: Coordinate, town: Placemark?, isFromGEO: Bool) {
        self.coordinate = coordinate
        self.town = town
        self.isFromGEO = isFromGEO
    }
}

/// Places contacts on the map: `GEO` first, else the first address with a locality through the
/// gazetteer's forward geocoder (`Gazetteer.forward`, GeoNames cities of 15,000 inhabitants).
public struct ContactLocator: Sendable {
    /// Forward geocoding ("Tromsø, Troms, Norway" → placemark).
    public var forward: @Sendable (String) -> ForwardResult
    /// Reverse geocoding (coordinate → nearest town).
    public var reverse: @Sendable (Coordinate) -> Placemark?

    /// A locator using `geocoder` that asks it about each distinct address once (an address book
    /// repeats towns; a name the gazetteer does not know costs an edit-distance search over every
    /// town for its suggestions).
    public static func remembering(_ geocoder: any Geocoder) -> ContactLocator {
        let answers = Mutex<[String: ForwardResult]>([:])
        return ContactLocator(forward: { query in
            if let known = answers.withLock({ $0[query] }) { return known }
            let result = geocoder.forward(query)
            answers.withLock { $0[query] = result }
            return result
        }, reverse: { geocoder.reverse($0) })
    }

    /// A locator using `geocoder`'s lookups.
    public init(_ geocoder: any Geocoder) {
        self.init(forward: { geocoder.forward($0) }, reverse: { geocoder.reverse($0) })
    }

    /// A locator using these lookups (tests).
    public init(
        forward: @escaping @Sendable (String) -> ForwardResult, reverse: @escaping @Sendable (Coordinate) -> Placemark?
    ) {
        self.forward = forward
        self.reverse = reverse
    }

    /// Where `contact` is, or `nil` with a warning at the card's `BEGIN:VCARD` line when it cannot
    /// be placed (no `GEO` and no address locality, or a locality the gazetteer does not know;
    /// the warning names the gazetteer's suggestions).
    ///
    /// The address is asked as "locality, region, country"; when that finds nothing, as
    /// "locality, country", then as "locality" alone (address books write regions and countries
    /// as abbreviations the gazetteer may not know, "OR", "USA"), with a warning naming the town
    /// chosen when the country was dropped.
    public func position(of contact: Contact, log: DiagnosticLog) -> ContactPosition? {
        let address = contact.addresses.first { !$0.locality.isEmpty }
        if let coordinate = contact.coordinate {
            let town = address.flatMap { lookUp($0, contact: contact, log: log) } ?? reverse(coordinate)
            return ContactPosition(coordinate: coordinate, town: town, isFromGEO: true)
        }
        guard let address else {
            log.warning(
                contact.location,
                "contact '\(contact.fullName)' has no GEO and no address with a city; it is not on the map")
            return nil
        }
        guard let town = lookUp(address, contact: contact, log: log) else { return nil }
        return ContactPosition(coordinate: town.coordinate, town: town, isFromGEO: false)
    }

    /// The town of `address` (see `position(of:log:)`), warning when it cannot be found.
    private func lookUp(_ address: Contact.Address, contact: Contact, log: DiagnosticLog) -> Placemark? {
        let queries = [
            address.placeQuery,
            Contact.Address(locality: address.locality, country: address.country).placeQuery,
            address.locality,
        ]
        var firstResult: ForwardResult?
        for (index, query) in queries.enumerated() where index == 0 || query != queries[index - 1] {
            let result = forward(query)
            firstResult = firstResult ?? result
            guard let placemark = result.placemark else { continue }
            if index == 2 && !address.country.isEmpty {
                log.warning(
                    contact.location,
                    "contact '\(contact.fullName)': '\(address.placeQuery)' is not known as such; placed at \(placemark.fullName)")
            }
            return placemark
        }
        let suggestions = firstResult?.suggestions.map(\.fullName) ?? []
        let hint = suggestions.isEmpty ? "" : " (did you mean \(suggestions.joined(separator: " or "))?)"
        log.warning(
            contact.location,
            "contact '\(contact.fullName)' cannot be placed: '\(address.placeQuery)' is not a town the gazetteer knows\(hint)")
        return nil
    }
}
