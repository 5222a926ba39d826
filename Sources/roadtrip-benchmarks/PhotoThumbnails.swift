// `roadtrip-benchmarks photo-thumbnails FOLDER`: the thumbnail and web copies of every JPEG in FOLDER
// through ThumbnailMaker (Benchmarks/photo-thumbnails.sh makes the photos and runs it).
import Foundation
import RoadTripKit

/// Encodes every `*.jpg` in `folder` (sorted by name) with default settings into a fresh cache, then
/// runs the same photos again (all from the cache), and prints photos/s, ms/photo and peak RSS.
func runPhotoThumbnails(folder: String) {
    let folderURL = URL(fileURLWithPath: folder)
    let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
        .filter { $0.lowercased().hasSuffix(".jpg") }.sorted()
    guard !names.isEmpty else {
        FileHandle.standardError.write(Data("roadtrip-benchmarks: no .jpg files in \(folder)\n".utf8))
        exit(2)
    }
    let source = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-photo-bench-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: source) }
    let maker = ThumbnailMaker(sourceFolder: source)
    let clock = ContinuousClock()
    let residentBefore = residentBytes()
    var failures = 0
    func pass() -> (duration: Duration, cached: Int) {
        var cached = 0
        let duration = clock.measure {
            for name in names {
                do {
                    if try maker.copies(of: folderURL.appendingPathComponent(name)).wasCached { cached += 1 }
                } catch {
                    failures += 1
                    FileHandle.standardError.write(Data("roadtrip-benchmarks: \(name): \(error)\n".utf8))
                }
            }
        }
        return (duration, cached)
    }
    let cold = pass()
    let warm = pass()
    let inputBytes = names.reduce(0) { total, name in
        total + ((try? FileManager.default.attributesOfItem(atPath: folder + "/" + name)[.size] as? Int) ?? 0)
    }
    let outputBytes = ((try? FileManager.default.contentsOfDirectory(atPath: maker.cacheFolder.path)) ?? [])
        .reduce(0) { total, name in
            total + ((try? FileManager.default.attributesOfItem(atPath: maker.cacheFolder.path + "/" + name)[.size] as? Int) ?? 0)
        }
    let settings = maker.settings
    print("photo-thumbnails: \(names.count) JPEGs, \(inputBytes / 1_048_576) MiB; thumbnail \(settings.thumbnailEdge) px + web \(settings.webEdge) px, Q\(settings.quality), metadata stripped")
    print(String(format: "encode (no cache)  %8.2f s   %6.2f photos/s   %7.1f ms/photo (both copies)   output %d MiB",
        seconds(cold.duration), Double(names.count) / seconds(cold.duration), seconds(cold.duration) * 1000 / Double(names.count), outputBytes / 1_048_576))
    print(String(format: "second run (cache) %8.2f s   %6.0f photos/s   %d of %d from the cache (SHA-256 of each file)",
        seconds(warm.duration), Double(names.count) / seconds(warm.duration), warm.cached, names.count))
    print("peak RSS \(residentBytes("VmHWM") / 1_048_576) MiB (at start \(residentBefore / 1_048_576) MiB)   failures \(failures)")
    if failures > 0 { exit(1) }
}
