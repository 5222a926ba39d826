// Opening a C library on first use with dlopen(3) rather than linking it, for the libraries only
// some commands need (libproj, libnetcdf, libzip, libmicrohttpd, libcurl): a linked library and
// every library it needs are loaded and relocated at the start of every roadtrip process, whether
// or not it is used (libcurl alone brought 27 more, ~3 ms of every start-up on this project's VM).
// Each loader declares a table of pointers of the library's own declared function types
// (__typeof__ of its header's declarations), opens the library once (pthread_once) with
// rt_library_open and fills the table with RT_LIBRARY_RESOLVE.
#ifndef ROADTRIP_CLIBRARYLOADER_H
#define ROADTRIP_CLIBRARYLOADER_H

#include <dlfcn.h>
#include <stddef.h>
#include <stdio.h>

/// The first of the `count` file names of `names` (sonames first, then the -dev package's
/// unversioned link) that dlopen(3) loads (RTLD_NOW | RTLD_LOCAL); NULL when none does, with
/// "cannot load <names[0]> (<package>; ./run installs it): <dlerror>" in `failure`
/// (`failure_size` bytes).
void *rt_library_open(const char *const names[], size_t count, const char *package, char *failure, size_t failure_size);

/// What a loader's rt_*_load returns once the library is opened or not: 0 when `failure` (the
/// loader's own, filled while opening) is empty, else -1 with `failure` copied into `error`
/// (`error_size` bytes; none when `error` is NULL).
int rt_library_outcome(const char *failure, char *error, size_t error_size);

/// The canonical path (realpath(3): no symbolic link, no `.` or `..`) of the loaded file — the
/// executable or a shared library — that holds `address` (a function of it), found with dladdr(3);
/// NULL when no loaded file holds it. The caller frees the result with free(3).
char *rt_library_path_of(const void *address);

/// Sets `table.name` (a pointer of the function's own type: `__typeof__(&name)` where its header is
/// included) to the library's `name`; on failure writes "<library> has no <name>: <dlerror>" into
/// `failure` and returns from the calling function.
#define RT_LIBRARY_RESOLVE(table, handle, name, library, failure, failure_size) \
    table.name = (__typeof__(table.name))dlsym(handle, #name); \
    if (table.name == NULL) { \
        snprintf(failure, failure_size, "%s has no %s: %s", library, #name, dlerror()); \
        return; \
    }

#endif
