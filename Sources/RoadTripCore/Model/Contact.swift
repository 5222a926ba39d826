/// A person from a destination's `contacts.vcf`, as read by `VCardReader`: one vCard (RFC 6350,
/// or RFC 2426 for vCard 3.0) reduced to what a road-trip site can use. Everything here is
/// **private** by default; `ContactPrivacy.publicView(of:position:)` decides what a page shows.
public struct Contact: Sendable, Hashable {
    /// One postal address (`ADR`, RFC 6350 §6.3.1; RFC 2426 §3.2.1): the seven components in
    /// their order, each unescaped, empty when absent.
    public struct Address: Sendable, Hashable {
        /// 1st component: post office box (RFC 6350 says SHOULD be empty).
        public var postOfficeBox: String
        /// 2nd component: extended address, e.g. an apartment number (SHOULD be empty).
        public var extendedAddress: String
        /// 3rd component: street address ("Storgata 1").
        public var street: String
        /// 4th component: locality, the city ("Tromsø").
        public var locality: String
        /// 5th component: region, the state or province ("Troms", "OR").
        public var region: String
        /// 6th component: postal code ("9008").
        public var postalCode: String
        /// 7th component: country name ("Norway").
        public var country: String

        /// Creates an address from its components (all default to empty).
        public init(
            postOfficeBox: String = "", extendedAddress: String = "", street: String = "", locality: String = "",
            region: String = "", postalCode: String = "", country: String = ""
        ) {
            self.postOfficeBox = postOfficeBox
            self.extendedAddress = extendedAddress
            self.street = street
            self.locality = locality
            self.region = region
            self.postalCode = postalCode
            self.country = country
        }

        /// "locality, region, country" with empty parts left out ("Tromsø, Troms, Norway"): the
        /// forward-geocoding query for this address, and no street. Empty without a locality.
        public var placeQuery: String {
            guard !locality.isEmpty else { return "" }
            return [locality, region, country].filter { !$0.isEmpty }.joined(separator: ", ")
        }
    }

    /// `FN`, the formatted name ("Anna Berg"); empty when the card has only `N`.
    public var formattedName: String
    /// `N` 1st component, the family name(s) ("Berg"); empty when absent.
    public var familyName: String
    /// `N` 2nd component, the given name(s) ("Anna"); empty when absent.
    public var givenName: String
    /// `EMAIL` values in card order (addresses, as written).
    public var emails: [String]
    /// `TEL` values in card order (as written: "+47 912 34 567", or a 4.0 `tel:` URI).
    public var phones: [String]
    /// `ADR` values in card order.
    public var addresses: [Address]
    /// `GEO`, degrees on WGS 84 (RFC 6350 §6.5.2 `geo:` URI, RFC 5870; 3.0's `lat;lon`); always
    /// valid (a card with a bad GEO is skipped).
    public var coordinate: Coordinate?
    /// `true` when the card has a `PHOTO` (only its presence is kept, never the image).
    public var hasPhoto: Bool
    /// `NOTE` values joined by blank lines; empty when absent.
    public var note: String
    /// Where the card begins (its `BEGIN:VCARD` line) in the file, for diagnostics.
    public var location: SourceLocation

    /// Creates a contact (the reader fills it; tests build them directly).
    public init(
        formattedName: String = "", familyName: String = "", givenName: String = "", emails: [String] = [],
        phones: [String] = [], addresses: [Address] = [], coordinate: Coordinate? = nil, hasPhoto: Bool = false,
        note: String = "", location: SourceLocation
    ) {
        self.formattedName = formattedName
        self.familyName = familyName
        self.givenName = givenName
        self.emails = emails
        self.phones = phones
        self.addresses = addresses
        self.coordinate = coordinate
        self.hasPhoto = hasPhoto
        self.note = note
        self.location = location
    }

    /// The first name a public page may show: the first given name of `N` ("Anna" of
    /// "Anna,Maria" or "Anna Maria"), else the first word of `FN`, else the family name.
    public var firstName: String {
        if let given = Self.firstWord(givenName) { return given }
        if let first = Self.firstWord(formattedName) { return first }
        return familyName
    }

    /// The full name for the author's own diagnostics: `FN`, else "given family" from `N`.
    public var fullName: String {
        formattedName.isEmpty ? [givenName, familyName].filter { !$0.isEmpty }.joined(separator: " ") : formattedName
    }

    /// The first word of `text`, split at white space and commas (a vCard list separator).
    private static func firstWord(_ text: String) -> String? {
        text.split(whereSeparator: { $0.isWhitespace || $0 == "," }).first.map(String.init)
    }
}
