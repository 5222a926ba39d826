import RoadTripKit
print("roadtrip")
