import RoadTripCore

/// Turns a place name into a coordinate and a coordinate into the nearest town, offline. The
/// build asks the one its environment gives: `Gazetteer` (GeoNames cities of 15,000 people or
/// more, through libgeonames); tests give a small table of their own, so the loaders and steps
/// that place things run without the data package.
public protocol Geocoder: Sendable {
    /// Every place it knows (empty when it has no data).
    var places: [Placemark] { get }
    /// The nearest place to `coordinate` (degrees), or `nil` when it knows none.
    func reverse(_ coordinate: Coordinate) -> Placemark?
    /// The places whose name matches `query` ("Tromsø", "Portland, Oregon"), the most populous
    /// first, or the nearest names when none does.
    func forward(_ query: String) -> ForwardResult
    /// Starts loading its data in the background, when loading it takes a while, so that the first
    /// question (a build's fit-maps step) finds it ready; returns at once. The default does nothing.
    func prepareInBackground()
    /// What its answers depend on besides the questions, when it can tell: an identity of its
    /// data that changes whenever the data does. A build keeps the answers of a geocoder that has
    /// one for the next build (`StoredPlacemarks`). The default, `nil`, keeps nothing.
    var dataIdentity: String? { get }
}

extension Geocoder {
    public func prepareInBackground() {}

    public var dataIdentity: String? { nil }

    /// Whether it knows no place at all (the data package is missing).
    public var hasNoPlaces: Bool { places.isEmpty }
}

extension Gazetteer: Geocoder {
    /// The cities of GeoNames.
    public var places: [Placemark] { cities }

    /// ``Gazetteer/libraryIdentity``: libgeonames holds its cities inside its own library file.
    public var dataIdentity: String? { Self.libraryIdentity }
}
