// roadtrip's entry points into libzip (https://libzip.org, Debian's libzip-dev), which reads the
// zip archive of a KMZ (a KML document and its images, zipped; Google's KML reference, "KMZ
// Files"). libzip is opened with dlopen(3) by rt_zip_load, not linked (see
// Sources/CLibraryLoader): only a build with a KMZ trip log needs it. Each rt_zip_ function has
// the signature of the zip.h function without `rt_`; call rt_zip_load first.
#ifndef ROADTRIP_CZIP_H
#define ROADTRIP_CZIP_H

#include <stddef.h>
#include <zip.h>

/// Loads libzip once per process (libzip.so.4, libzip 1.7 in Debian 12, else the libzip.so of
/// libzip-dev). Returns 0, or -1 with the reason in `error` (`error_size` bytes).
int rt_zip_load(char *error, size_t error_size);

zip_t *rt_zip_open(const char *path, int flags, int *errorp);
void rt_zip_discard(zip_t *archive);
zip_int64_t rt_zip_get_num_entries(zip_t *archive, zip_flags_t flags);
const char *rt_zip_get_name(zip_t *archive, zip_uint64_t index, zip_flags_t flags);
void rt_zip_stat_init(zip_stat_t *status);
int rt_zip_stat_index(zip_t *archive, zip_uint64_t index, zip_flags_t flags, zip_stat_t *status);
zip_file_t *rt_zip_fopen_index(zip_t *archive, zip_uint64_t index, zip_flags_t flags);
zip_int64_t rt_zip_fread(zip_file_t *file, void *buffer, zip_uint64_t count);
int rt_zip_fclose(zip_file_t *file);
const char *rt_zip_strerror(zip_t *archive);
const char *rt_zip_file_strerror(zip_file_t *file);
void rt_zip_error_init_with_code(zip_error_t *error, int code);
void rt_zip_error_fini(zip_error_t *error);
const char *rt_zip_error_strerror(zip_error_t *error);

#endif
