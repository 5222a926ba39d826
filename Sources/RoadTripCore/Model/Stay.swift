/// When a destination's stay begins and ends, as its front matter gives them: the arrival is
/// `date`, the departure `departure:`, or `nights:` nights after the arrival's day.
public struct Stay: Sendable, Hashable {
    /// The arrival, as written (a day, or a day and a time).
    public var arrival: CalendarDate
    /// The departure (a day, or a day and a time), or `nil` when the front matter gives neither
    /// `departure` nor `nights`: the itinerary then ends the stay when the next stop begins.
    public var departure: CalendarDate?
    /// Where the arrival is written (the `date` value in the destination's file), for the
    /// itinerary's warnings; `nil` when unknown.
    public var arrivalLocation: SourceLocation?
    /// `nights:` as written, when the departure comes from it rather than from `departure:`. The
    /// itinerary counts them from the arrival's day on the stop's own calendar, which differs from
    /// the written day for a time written with an offset; `departure` counts from the written day.
    public var nightsGiven: Int?

    /// Creates a stay.
    public init(
        arrival: CalendarDate, departure: CalendarDate? = nil, arrivalLocation: SourceLocation? = nil, nightsGiven: Int? = nil
    ) {
        self.arrival = arrival
        self.departure = departure
        self.arrivalLocation = arrivalLocation
        self.nightsGiven = nightsGiven
    }

    /// Nights between the arrival's day and the departure's day, or `nil` without a departure.
    public var nights: Int? {
        departure.map { $0.dayNumber - arrival.dayNumber }
    }
}
