import CLibFuzzer
import Foundation

// roadtrip-fuzz: every libFuzzer harness of roadtrip in one executable (see README.md, "Fuzzing").
//
//   roadtrip-fuzz <harness> [libFuzzer flags and corpus folders]
//   ROADTRIP_FUZZ_HARNESS=<harness> roadtrip-fuzz [libFuzzer flags and corpus folders]
//   roadtrip-fuzz list        prints the harness names, one a line
//
// The harness name is taken off the command line before libFuzzer reads it, and put into
// ROADTRIP_FUZZ_HARNESS, because libFuzzer starts this executable again with its own flags for
// -fork, -jobs and -minimize_crash: the children inherit the variable.

var arguments = CommandLine.arguments
if arguments.count > 1, arguments[1] == "list" {
    for harness in Harness.all { print(harness.name) }
    exit(0)
}
if arguments.count > 1, !arguments[1].hasPrefix("-"), Harness.named(arguments[1]) != nil {
    setenv(Harness.environmentVariable, arguments[1], 1)
    arguments.remove(at: 1)
}
guard let name = ProcessInfo.processInfo.environment[Harness.environmentVariable], Harness.named(name) != nil else {
    FileHandle.standardError.write(Data((
        "usage: roadtrip-fuzz <harness> [libFuzzer flags] [corpus folders]   (or set \(Harness.environmentVariable))\n"
        + "harnesses:\n" + Harness.all.map { "  \($0.name): \($0.summary)\n" }.joined()).utf8))
    exit(2)
}

// The harness's fixed state is built before the first input, with LeakSanitizer off: it lives
// until exit, and LeakSanitizer cannot follow every pointer to it (Swift keeps an indirect enum's
// box, such as a `TemplateValue`'s or a `MustacheNode`'s, with tag bits in the spare bits of the
// pointer), so libFuzzer's leak check would report it as leaked. Whatever an input allocates is
// still checked.
roadtrip_fuzz_leak_detection_off()
Harness.selected.prepare()
roadtrip_fuzz_leak_detection_on()

// libFuzzer's driver takes argc/argv as C strings; they live until exit.
var argc = CInt(arguments.count)
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = {
    let pointers = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: arguments.count + 1)
    for (index, argument) in arguments.enumerated() { pointers[index] = strdup(argument) }
    pointers[arguments.count] = nil
    return pointers
}()
exit(LLVMFuzzerRunDriver(&argc, &argv) { start, count in
    Harness.selected.run(Data(bytes: start!, count: count))
    return 0
})
