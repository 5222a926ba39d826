// libexif (https://libexif.github.io, Debian's libexif-dev): the loader that finds the EXIF block
// in a JPEG file, and the parser of that block into IFDs and entries.
#include <libexif/exif-data.h>
#include <libexif/exif-loader.h>
#include <libexif/exif-utils.h>
