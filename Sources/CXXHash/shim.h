// xxHash (https://xxhash.com, Debian's libxxhash-dev): XXH3, the 64-bit hash of the build's cache
// keys (RoadTripCore's ContentHash). Compiled into roadtrip from the header (XXH_INLINE_ALL), so
// nothing is linked and nothing is needed at run time.
#define XXH_INLINE_ALL
#include <xxhash.h>
