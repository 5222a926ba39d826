// roadtrip's entry points into PROJ's geodesic routines (Debian's libproj-dev, geodesic.h:
// C. F. F. Karney, "Algorithms for geodesics", J. Geodesy 87, 43–55, 2013). libproj is opened
// with dlopen(3) on the first call, not linked: linking it loaded its ~25 libraries (libcurl,
// libtiff, SQLite, Kerberos, …), which roadtrip never uses, into every roadtrip process — a third of
// the start-up time of a rebuild that computes no geodesic (see Sources/CProj/proj_loader.c).
// Each function has the signature of the geodesic.h function without `rt_`.
#ifndef ROADTRIP_CPROJ_H
#define ROADTRIP_CPROJ_H

#include <geodesic.h>

/// Opens libproj (and its libraries) if it is not open yet, and returns; never fails: a library
/// that cannot be opened is reported, and roadtrip exits, at the first geodesic call instead.
void rt_proj_preload(void);

void rt_geod_init(struct geod_geodesic *g, double a, double f);
void rt_geod_direct(const struct geod_geodesic *g, double lat1, double lon1, double azi1, double s12,
                    double *plat2, double *plon2, double *pazi2);
void rt_geod_inverse(const struct geod_geodesic *g, double lat1, double lon1, double lat2, double lon2,
                     double *ps12, double *pazi1, double *pazi2);
void rt_geod_inverseline(struct geod_geodesicline *l, const struct geod_geodesic *g, double lat1, double lon1,
                         double lat2, double lon2, unsigned caps);
void rt_geod_position(const struct geod_geodesicline *l, double s12, double *plat2, double *plon2, double *pazi2);

#endif
