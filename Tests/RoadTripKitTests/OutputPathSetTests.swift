import Foundation
import Testing
@testable import RoadTripSite

/// `OutputPathSet`: the count and the two sums of the paths' seeded XXH3-64 hashes.
@Suite struct OutputPathSetTests {
    /// Worked out with Python's `xxhash` 4.1.0: for "bergen/index.html", "bergen/map.svg" and
    /// "index.html", `sum(xxh3_64_intdigest(p, seed=0)) % 2**64` = 0xd262b24f14f77202 and with
    /// `seed=0x5EED` 0x08881465339f9589; the count 3 first.
    @Test func digestIsTheCountAndTheSumsOfTheHashes() {
        let paths = ["bergen/index.html", "bergen/map.svg", "index.html"]
        #expect(OutputPathSet.digest(of: paths) == "0000000000000003" + "d262b24f14f77202" + "08881465339f9589")
    }

    /// The order does not count (a path rendered in one build is kept in the next); a path more,
    /// less or renamed changes the digest.
    @Test func orderDoesNotCountButEveryPathDoes() {
        let paths = ["bergen/index.html", "bergen/map.svg", "index.html", "alesund/index.html"]
        let digest = OutputPathSet.digest(of: paths)
        #expect(OutputPathSet.digest(of: paths.reversed()) == digest)
        #expect(OutputPathSet.digest(of: [paths[3], paths[1], paths[0], paths[2]]) == digest)
        #expect(OutputPathSet.digest(of: Array(paths.dropLast())) != digest)
        #expect(OutputPathSet.digest(of: paths + ["tromso/index.html"]) != digest)
        #expect(OutputPathSet.digest(of: ["bergen/index.html", "bergen/map.svg", "index.html", "alesund/index.htm"]) != digest)
        #expect(OutputPathSet.digest(of: []) == String(repeating: "0", count: 48))
    }

    /// A manifest's lines digest as the paths they list (the same Python sums as above), blank
    /// lines aside; a line more — a path twice — or a line less does not, where a set of the
    /// parsed paths would have dropped the second copy.
    @Test func aManifestsLinesDigestAsItsPaths() {
        let manifest = Data("bergen/index.html\nbergen/map.svg\nindex.html\n".utf8)
        #expect(OutputPathSet.digest(ofLines: manifest) == "0000000000000003" + "d262b24f14f77202" + "08881465339f9589")
        #expect(OutputPathSet.digest(ofLines: Data("\nbergen/index.html\n\nbergen/map.svg\nindex.html".utf8))
            == OutputPathSet.digest(ofLines: manifest))
        #expect(OutputPathSet.digest(ofLines: manifest + Data("index.html\n".utf8)) != OutputPathSet.digest(ofLines: manifest))
        #expect(OutputPathSet.digest(ofLines: Data("bergen/index.html\nbergen/map.svg\n".utf8))
            != OutputPathSet.digest(ofLines: manifest))
        #expect(OutputPathSet.digest(ofLines: Data()) == String(repeating: "0", count: 48))
    }
}
