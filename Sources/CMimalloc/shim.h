/*
 * mimalloc (Debian libmimalloc-dev, Microsoft's allocator, MIT): the roadtrip executable links it,
 * and, linked before libc, its malloc, free, realloc, calloc, posix_memalign and
 * malloc_usable_size replace glibc's for the whole process (glibc supports replacing malloc so:
 * https://www.gnu.org/software/libc/manual/html_node/Replacing-malloc.html). The command-line tool
 * links it (and so does the test bundle, which holds the tool's module); the benchmarks and fuzz
 * harnesses keep the system allocator.
 *
 * Why (README, "Tests and benchmarks", against Hugo): a clean build spent 7 % of its samples in
 * glibc's malloc and free (`_int_malloc`, `_int_free`, `malloc_consolidate`, `unlink_chunk`) on
 * its many small, short-lived blocks made on two threads; with mimalloc a clean build of 1,000 or
 * 4,000 destinations takes 5–6 % less time (measured side by side, medians of 21 and 11), for a
 * higher peak: +5 to +7 MB at 250 and 1,000 destinations, +6 to +13 MB at 4,000.
 */
#ifndef ROADTRIP_CMIMALLOC_SHIM_H
#define ROADTRIP_CMIMALLOC_SHIM_H

#include <mimalloc.h>

/*
 * mimalloc gives freed memory back to the system (decommits it) 25 ms after it is no longer used,
 * by default; a build frees and allocates again within that time, so its peak resident memory
 * grew by ~10 MB at 250 destinations (71 MB against glibc's 62). 3 ms keeps ~6 MB of that (68)
 * with the speed; 0 gave the speed back to the page faults of memory used again.
 * mimalloc 2.0's option, an alias of `mi_option_purge_delay` from 2.1 on.
 */
static inline void roadtrip_configure_allocator(void) {
    mi_option_set(mi_option_decommit_delay, 3);
}

#endif
