#include "CLibFuzzer.h"

// LeakSanitizer's interface, weak so that a build without it still links (the calls are skipped).
void __lsan_disable(void) __attribute__((weak));
void __lsan_enable(void) __attribute__((weak));

void roadtrip_fuzz_leak_detection_off(void) {
    if (__lsan_disable) __lsan_disable();
}

void roadtrip_fuzz_leak_detection_on(void) {
    if (__lsan_enable) __lsan_enable();
}
