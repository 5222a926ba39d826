// libzip (https://libzip.org, Debian's libzip-dev): reads the zip archive of a KMZ (a KML document
// and its images, zipped; Google's KML reference, "KMZ Files").
#include <zip.h>
