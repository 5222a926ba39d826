// Opens libproj once (pthread_once) and calls its geodesic routines through pointers of their own
// declared types (__typeof__ of the geodesic.h declarations). The library is libproj.so.25
// (PROJ 9.1, Debian 12), else the libproj.so of libproj-dev; when neither loads, roadtrip cannot
// compute a distance: it says why on standard error and exits with status 1, as the loader would
// have refused to start it when libproj was linked.
#include "CProj.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#include "CLibraryLoader.h"

#define RT_PROJ_FUNCTIONS(X) X(geod_init) X(geod_direct) X(geod_inverse) X(geod_inverseline) X(geod_position)

#define RT_PROJ_FIELD(name) __typeof__(&name) name;
static struct {
    RT_PROJ_FUNCTIONS(RT_PROJ_FIELD)
} libproj;

static pthread_once_t rt_proj_once = PTHREAD_ONCE_INIT;

/* Fills `libproj` from `handle`; the first missing function is named in `failure`. */
static void rt_proj_resolve(void *handle, char *failure, size_t failure_size) {
#define RT_PROJ_RESOLVE(name) RT_LIBRARY_RESOLVE(libproj, handle, name, "libproj", failure, failure_size)
    RT_PROJ_FUNCTIONS(RT_PROJ_RESOLVE)
#undef RT_PROJ_RESOLVE
}

/* Why libproj could not be opened, or empty: set once by rt_proj_open. */
static char rt_proj_failure[512];

static void rt_proj_open(void) {
    const char *names[] = {"libproj.so.25", "libproj.so"};
    void *handle = rt_library_open(names, 2, "Debian's libproj25", rt_proj_failure, sizeof rt_proj_failure);
    if (handle != NULL) rt_proj_resolve(handle, rt_proj_failure, sizeof rt_proj_failure);
}

/* Opens libproj on the first call; exits with its message when it could not be opened. */
static void rt_proj_ready(void) {
    pthread_once(&rt_proj_once, rt_proj_open);
    if (rt_proj_failure[0] != '\0') {
        fprintf(stderr, "roadtrip: error: %s\n", rt_proj_failure);
        exit(1);
    }
}

void rt_proj_preload(void) {
    pthread_once(&rt_proj_once, rt_proj_open);
}

void rt_geod_init(struct geod_geodesic *g, double a, double f) {
    rt_proj_ready();
    libproj.geod_init(g, a, f);
}

void rt_geod_direct(const struct geod_geodesic *g, double lat1, double lon1, double azi1, double s12,
                    double *plat2, double *plon2, double *pazi2) {
    rt_proj_ready();
    libproj.geod_direct(g, lat1, lon1, azi1, s12, plat2, plon2, pazi2);
}

void rt_geod_inverse(const struct geod_geodesic *g, double lat1, double lon1, double lat2, double lon2,
                     double *ps12, double *pazi1, double *pazi2) {
    rt_proj_ready();
    libproj.geod_inverse(g, lat1, lon1, lat2, lon2, ps12, pazi1, pazi2);
}

void rt_geod_inverseline(struct geod_geodesicline *l, const struct geod_geodesic *g, double lat1, double lon1,
                         double lat2, double lon2, unsigned caps) {
    rt_proj_ready();
    libproj.geod_inverseline(l, g, lat1, lon1, lat2, lon2, caps);
}

void rt_geod_position(const struct geod_geodesicline *l, double s12, double *plat2, double *plon2, double *pazi2) {
    rt_proj_ready();
    libproj.geod_position(l, s12, plat2, plon2, pazi2);
}
