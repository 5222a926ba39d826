// Opens libzip once (pthread_once) and calls it through pointers of the zip.h functions' own
// declared types (Sources/CLibraryLoader).
#include "CZip.h"

#include <pthread.h>
#include <string.h>

#include "CLibraryLoader.h"

#define RT_ZIP_FUNCTIONS(X) \
    X(zip_open) X(zip_discard) X(zip_get_num_entries) X(zip_get_name) X(zip_stat_init) X(zip_stat_index) \
    X(zip_fopen_index) X(zip_fread) X(zip_fclose) X(zip_strerror) X(zip_file_strerror) \
    X(zip_error_init_with_code) X(zip_error_fini) X(zip_error_strerror)

#define RT_ZIP_FIELD(name) __typeof__(&name) name;
static struct {
    RT_ZIP_FUNCTIONS(RT_ZIP_FIELD)
} libzip;

static pthread_once_t rt_zip_once = PTHREAD_ONCE_INIT;
static char rt_zip_failure[512];

static void rt_zip_open_library(void) {
    const char *names[] = {"libzip.so.4", "libzip.so"};
    void *handle = rt_library_open(names, 2, "Debian's libzip4", rt_zip_failure, sizeof rt_zip_failure);
    if (handle == NULL) return;
#define RT_ZIP_RESOLVE(name) RT_LIBRARY_RESOLVE(libzip, handle, name, "libzip", rt_zip_failure, sizeof rt_zip_failure)
    RT_ZIP_FUNCTIONS(RT_ZIP_RESOLVE)
#undef RT_ZIP_RESOLVE
}

int rt_zip_load(char *error, size_t error_size) {
    pthread_once(&rt_zip_once, rt_zip_open_library);
    return rt_library_outcome(rt_zip_failure, error, error_size);
}

zip_t *rt_zip_open(const char *path, int flags, int *errorp) { return libzip.zip_open(path, flags, errorp); }
void rt_zip_discard(zip_t *archive) { libzip.zip_discard(archive); }
zip_int64_t rt_zip_get_num_entries(zip_t *archive, zip_flags_t flags) { return libzip.zip_get_num_entries(archive, flags); }
const char *rt_zip_get_name(zip_t *archive, zip_uint64_t index, zip_flags_t flags) {
    return libzip.zip_get_name(archive, index, flags);
}
void rt_zip_stat_init(zip_stat_t *status) { libzip.zip_stat_init(status); }
int rt_zip_stat_index(zip_t *archive, zip_uint64_t index, zip_flags_t flags, zip_stat_t *status) {
    return libzip.zip_stat_index(archive, index, flags, status);
}
zip_file_t *rt_zip_fopen_index(zip_t *archive, zip_uint64_t index, zip_flags_t flags) {
    return libzip.zip_fopen_index(archive, index, flags);
}
zip_int64_t rt_zip_fread(zip_file_t *file, void *buffer, zip_uint64_t count) { return libzip.zip_fread(file, buffer, count); }
int rt_zip_fclose(zip_file_t *file) { return libzip.zip_fclose(file); }
const char *rt_zip_strerror(zip_t *archive) { return libzip.zip_strerror(archive); }
const char *rt_zip_file_strerror(zip_file_t *file) { return libzip.zip_file_strerror(file); }
void rt_zip_error_init_with_code(zip_error_t *error, int code) { libzip.zip_error_init_with_code(error, code); }
void rt_zip_error_fini(zip_error_t *error) { libzip.zip_error_fini(error); }
const char *rt_zip_error_strerror(zip_error_t *error) { return libzip.zip_error_strerror(error); }
