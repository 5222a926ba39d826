// dladdr(3) and Dl_info are GNU extensions of <dlfcn.h>.
#define _GNU_SOURCE
#include "CLibraryLoader.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

void *rt_library_open(const char *const names[], size_t count, const char *package, char *failure, size_t failure_size) {
    // The reason given is the first name's (the soname a runtime package installs), not the
    // -dev package's unversioned link tried last.
    char first_reason[384] = "no library name given";
    for (size_t index = 0; index < count; index++) {
        void *handle = dlopen(names[index], RTLD_NOW | RTLD_LOCAL);
        if (handle != NULL) return handle;
        const char *reason = dlerror();
        if (index == 0) snprintf(first_reason, sizeof first_reason, "%s", reason != NULL ? reason : "unknown");
    }
    snprintf(failure, failure_size, "cannot load %s (%s; ./run installs it): %s", count > 0 ? names[0] : "?", package,
             first_reason);
    return NULL;
}

int rt_library_outcome(const char *failure, char *error, size_t error_size) {
    if (failure[0] == '\0') return 0;
    if (error != NULL && error_size > 0) snprintf(error, error_size, "%s", failure);
    return -1;
}

char *rt_library_path_of(const void *address) {
    Dl_info info;
    if (dladdr(address, &info) == 0 || info.dli_fname == NULL || info.dli_fname[0] == '\0') return NULL;
    return realpath(info.dli_fname, NULL);
}
