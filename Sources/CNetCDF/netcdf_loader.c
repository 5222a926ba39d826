// Opens libnetcdf once (pthread_once) and calls it through pointers of the netcdf.h functions'
// own declared types (__typeof__), as Sources/CVips does with libvips.
#include "CNetCDF.h"

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "CLibraryLoader.h"

#define RT_NC_FUNCTIONS(X) \
    X(nc_open) X(nc_close) X(nc_inq_nvars) X(nc_inq_varname) X(nc_get_var_int) X(nc_get_vara_int) \
    X(nc_get_vara_short) X(nc_strerror)

#define RT_NC_FIELD(name) __typeof__(&name) name;
static struct {
    RT_NC_FUNCTIONS(RT_NC_FIELD)
    // HDF5's H5Eset_auto2(hid_t stack, H5E_auto2_t func, void *data), hid_t a 64-bit integer
    // (HDF5 1.10 and later); found through libnetcdf's dependencies.
    int (*H5Eset_auto2)(int64_t, void *, void *);
} libnetcdf;

static pthread_once_t rt_nc_once = PTHREAD_ONCE_INIT;
static char rt_nc_failure[512];

static void rt_nc_open_library(void) {
    const char *names[] = {"libnetcdf.so.19", "libnetcdf.so"};
    void *handle = rt_library_open(names, 2, "Debian's libnetcdf19", rt_nc_failure, sizeof rt_nc_failure);
    if (handle == NULL) return;
#define RT_NC_RESOLVE(name) RT_LIBRARY_RESOLVE(libnetcdf, handle, name, "libnetcdf", rt_nc_failure, sizeof rt_nc_failure)
    RT_NC_FUNCTIONS(RT_NC_RESOLVE)
#undef RT_NC_RESOLVE
    libnetcdf.H5Eset_auto2 = (int (*)(int64_t, void *, void *))dlsym(handle, "H5Eset_auto2");
}

int rt_nc_load(char *error, size_t error_size) {
    pthread_once(&rt_nc_once, rt_nc_open_library);
    if (rt_nc_failure[0] != '\0') {
        if (error != NULL && error_size > 0) {
            snprintf(error, error_size, "%s", rt_nc_failure);
        }
        return -1;
    }
    // H5E_DEFAULT, the calling thread's error stack, is 0 (H5Epublic.h).
    if (libnetcdf.H5Eset_auto2 != NULL) {
        libnetcdf.H5Eset_auto2(0, NULL, NULL);
    }
    return 0;
}

int rt_nc_open(const char *path, int mode, int *ncidp) { return libnetcdf.nc_open(path, mode, ncidp); }
int rt_nc_close(int ncid) { return libnetcdf.nc_close(ncid); }
int rt_nc_inq_nvars(int ncid, int *nvarsp) { return libnetcdf.nc_inq_nvars(ncid, nvarsp); }
int rt_nc_inq_varname(int ncid, int varid, char *name) { return libnetcdf.nc_inq_varname(ncid, varid, name); }
int rt_nc_get_var_int(int ncid, int varid, int *ip) { return libnetcdf.nc_get_var_int(ncid, varid, ip); }
int rt_nc_get_vara_int(int ncid, int varid, const size_t *startp, const size_t *countp, int *ip) {
    return libnetcdf.nc_get_vara_int(ncid, varid, startp, countp, ip);
}
int rt_nc_get_vara_short(int ncid, int varid, const size_t *startp, const size_t *countp, short *ip) {
    return libnetcdf.nc_get_vara_short(ncid, varid, startp, countp, ip);
}
const char *rt_nc_strerror(int ncerr) { return libnetcdf.nc_strerror(ncerr); }
