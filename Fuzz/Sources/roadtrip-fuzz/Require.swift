import Foundation

/// A promise of a reader that a fuzzed input broke: printed, then the process aborts so that
/// libFuzzer saves the input as a crash (`crash-<sha1>` in the artifact folder).
func require(
    _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
    file: StaticString = #fileID, line: UInt = #line
) {
    guard !condition() else { return }
    FileHandle.standardError.write(Data("roadtrip-fuzz: broken promise (\(file):\(line)): \(message())\n".utf8))
    abort()
}

/// `a` and `b` equal up to floating-point rounding of sums (relative 1e-9, absolute `slack`).
func roughlyAtMost(_ a: Double, _ b: Double, slack: Double = 1e-6) -> Bool {
    a <= b + slack + 1e-9 * Swift.max(abs(a), abs(b))
}
