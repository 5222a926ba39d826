#include <stddef.h>
#include <stdint.h>
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

/// Turns LeakSanitizer off for this thread: what is allocated until
/// roadtrip_fuzz_leak_detection_on() is never reported as leaked (LeakSanitizer's __lsan_disable,
/// compiler-rt's sanitizer/lsan_interface.h). Does nothing in a build without LeakSanitizer.
void roadtrip_fuzz_leak_detection_off(void);

/// Turns LeakSanitizer back on for this thread (__lsan_enable).
void roadtrip_fuzz_leak_detection_on(void);
