import Foundation
import RoadTripCore

/// What a public site may show of the people in `contacts.vcf` (private by default):
/// `contacts.publish` in `site.yaml` lists the personal fields the author opts in to; with none,
/// a page shows a contact's first name and city only.
public struct ContactPrivacy: Sendable, Hashable {
    /// A personal field that is published only when listed in `contacts.publish`.
    public enum Field: String, Sendable, Hashable, CaseIterable, Comparable {
        /// E-mail addresses, published as `mailto:` links.
        case email
        /// Telephone numbers.
        case phone
        /// Street addresses (and the exact `GEO` point on the map).
        case address
        /// Whether the card has a photo (the image itself is never extracted).
        case photo

        /// Declaration order: email, phone, address, photo.
        public static func < (left: Field, right: Field) -> Bool {
            allCases.firstIndex(of: left)! < allCases.firstIndex(of: right)!
        }
    }

    /// The fields opted in to (default none).
    public var published: Set<Field>
    /// Where `contacts.publish` is written in `site.yaml`, for the publishing warning; `nil` when
    /// it publishes nothing.
    public var location: SourceLocation?

    /// Settings publishing `published` (default: nothing personal).
    public init(published: Set<Field> = [], location: SourceLocation? = nil) {
        self.published = published
        self.location = location
    }

    /// Public coordinates that do not come from a town are rounded to this many degrees (0.1°,
    /// about 11 km of latitude: 1° is 110.6–111.7 km on WGS 84), so an exact `GEO` never shows.
    public static let roundingDegrees = 0.1

    /// The public view of `contact` placed at `position` (from `ContactLocator`, or `nil`):
    /// - `name`: `Contact.firstName`; `city`: the first address's locality, else the town of
    ///   `position` when it is within `Placemark.nearRadius`; never a street.
    /// - `coordinate`: with `address` published, `position.coordinate`; otherwise the town's point
    ///   (the exact `GEO` can be a front door), or the `GEO` rounded to `roundingDegrees` when no
    ///   town is known.
    /// - `emails` (with their `mailto:` URIs), `phones`, `addresses` (one line each) and `hasPhoto`
    ///   only for the fields in `published`; otherwise empty or false.
    public func publicView(of contact: Contact, position: ContactPosition?) -> PublicContact {
        let town = position?.town
        let nearTown = town.flatMap { $0.isNear || !(position?.isFromGEO ?? false) ? $0 : nil }
        let locality = contact.addresses.first { !$0.locality.isEmpty }?.locality ?? nearTown?.locality
        var coordinate: Coordinate?
        if let position {
            if published.contains(.address) || !position.isFromGEO {
                coordinate = position.coordinate
            } else if let town = nearTown {
                // On the town, when the GEO point is within 50 km of it; a GEO point far from any
                // listed town is rounded instead, so the pin is neither exact nor 35 km off.
                coordinate = town.coordinate
            } else {
                coordinate = Self.rounded(position.coordinate)
            }
        }
        return PublicContact(
            name: contact.firstName,
            city: locality,
            coordinate: coordinate,
            emails: published.contains(.email)
                ? contact.emails.map { PublicContact.Email(address: $0, mailto: Self.mailtoURI(to: $0)) } : [],
            phones: published.contains(.phone) ? contact.phones : [],
            addresses: published.contains(.address) ? contact.addresses.map(Self.line) : [],
            hasPhoto: published.contains(.photo) && contact.hasPhoto)
    }

    /// The build's one warning about publishing personal data, or `nil` when no contact has a
    /// field that `published` lets through. Call it once per build with every contact of the
    /// site; it is reported at `location` (else the first such contact's card) and names the
    /// fields and how many contacts each exposes.
    public func publishingWarning(for contacts: [Contact]) -> Diagnostic? {
        func has(_ field: Field, _ contact: Contact) -> Bool {
            switch field {
            case .email: !contact.emails.isEmpty
            case .phone: !contact.phones.isEmpty
            case .address: !contact.addresses.isEmpty || contact.coordinate != nil
            case .photo: contact.hasPhoto
            }
        }
        let exposed = published.sorted().compactMap { field -> (Field, Int)? in
            let count = contacts.filter { has(field, $0) }.count
            return count > 0 ? (field, count) : nil
        }
        guard !exposed.isEmpty else { return nil }
        let warningLocation = location ?? contacts.first { contact in exposed.contains { has($0.0, contact) } }!.location
        let fields = exposed.map { "\($0.0.rawValue) (\(CountText.counted($0.1, "contact")))" }
        return .warning(
            warningLocation,
            "contacts.publish makes personal fields public: \(fields.joined(separator: ", ")); remove them from contacts.publish to keep them private")
    }

    /// An RFC 6068 `mailto:` URI for one address (§2 `to`): the local part and the domain each
    /// percent-encoded as UTF-8 outside RFC 3986 "unreserved" (`Slug.percentEncodedPath`), the
    /// `@` kept; e.g. `anna+trip@example.no` → `mailto:anna%2Btrip@example.no`.
    public static func mailtoURI(to address: String) -> String {
        guard let at = address.lastIndex(of: "@") else { return "mailto:" + Slug.percentEncodedPath(address) }
        let local = Slug.percentEncodedPath(String(address[..<at]))
        let domain = Slug.percentEncodedPath(String(address[address.index(after: at)...]))
        return "mailto:\(local)@\(domain)"
    }

    /// One line for an address: its non-empty parts, postal code before locality
    /// ("Storgata 1, 9008 Tromsø, Troms, Norway").
    static func line(_ address: Contact.Address) -> String {
        let town = [address.postalCode, address.locality].filter { !$0.isEmpty }.joined(separator: " ")
        return [address.postOfficeBox, address.extendedAddress, address.street, town, address.region, address.country]
            .map { $0.replacingOccurrences(of: "\n", with: ", ") }
            .filter { !$0.isEmpty }.joined(separator: ", ")
    }

    /// `coordinate` rounded to `roundingDegrees`.
    static func rounded(_ coordinate: Coordinate) -> Coordinate {
        func round(_ degrees: Double) -> Double { (degrees / roundingDegrees).rounded() * roundingDegrees }
        return Coordinate(latitude: round(coordinate.latitude), longitude: round(coordinate.longitude))
    }
}
