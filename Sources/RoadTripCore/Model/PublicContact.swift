/// What a public page may show of one contact: what the loading step's privacy rules
/// (`ContactPrivacy.publicView(of:position:)`) let through of a vCard.
public struct PublicContact: Sendable, Hashable {
    /// A published e-mail address and its link.
    public struct Email: Sendable, Hashable {
        /// The address as written on the card.
        public var address: String
        /// Its RFC 6068 `mailto:` URI (`ContactPrivacy.mailtoURI(to:)`).
        public var mailto: String

        /// The address `address` with its `mailto:` URI.
        package init(address: String, mailto: String) {
            self.address = address
            self.mailto = mailto
        }
    }

    /// The first name ("Anna"): the annotation's title.
    public var name: String
    /// The city (locality), or `nil` when unknown.
    public var city: String?
    /// Where the pin goes (degrees), or `nil` when the contact is not on the map.
    public var coordinate: Coordinate?
    /// E-mail addresses, only with `email` published.
    public var emails: [Email]
    /// Telephone numbers as written, only with `phone` published.
    public var phones: [String]
    /// Postal addresses, one line each, only with `address` published.
    public var addresses: [String]
    /// `true` only with `photo` published and a `PHOTO` on the card.
    public var hasPhoto: Bool

    /// A contact's public view (see the properties).
    package init(
        name: String, city: String?, coordinate: Coordinate?, emails: [Email], phones: [String], addresses: [String],
        hasPhoto: Bool
    ) {
        self.name = name
        self.city = city
        self.coordinate = coordinate
        self.emails = emails
        self.phones = phones
        self.addresses = addresses
        self.hasPhoto = hasPhoto
    }
}
