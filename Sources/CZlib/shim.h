// zlib (https://zlib.net, Debian's zlib1g-dev): CRC-32 (ISO 3309 / ITU-T V.42, crc32_z) for the
// checksums that end the stored build's files.
#include <zlib.h>
