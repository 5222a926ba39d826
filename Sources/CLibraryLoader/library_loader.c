#include "CLibraryLoader.h"

void *rt_library_open(const char *const names[], size_t count, const char *package, char *failure, size_t failure_size) {
    for (size_t index = 0; index < count; index++) {
        void *handle = dlopen(names[index], RTLD_NOW | RTLD_LOCAL);
        if (handle != NULL) return handle;
    }
    snprintf(failure, failure_size, "cannot load %s (%s; ./run installs it): %s", count > 0 ? names[0] : "?", package,
             dlerror());
    return NULL;
}

int rt_library_outcome(const char *failure, char *error, size_t error_size) {
    if (failure[0] == '\0') return 0;
    if (error != NULL && error_size > 0) snprintf(error, error_size, "%s", failure);
    return -1;
}
