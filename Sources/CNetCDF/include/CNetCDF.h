// roadtrip's entry points into libnetcdf (Unidata, Debian's libnetcdf-dev), which reads GMT's
// binned GSHHG coastline, border and river files (Debian's gmt-gshhg-low/-high/-full), the offline
// basemap's data. They are netCDF-4, that is HDF5, files. libnetcdf is opened with dlopen(3) by
// rt_nc_load, not linked: linking it loaded its ~30 libraries (HDF5, libcurl, GnuTLS, …) into
// every roadtrip process, though a rebuild whose tiles are all in the cache reads no GSHHG file
// (see Sources/CNetCDF/netcdf_loader.c). Each rt_nc_ function has the signature of the netcdf.h
// function without `rt_`; call rt_nc_load first.
#ifndef ROADTRIP_CNETCDF_H
#define ROADTRIP_CNETCDF_H

#include <netcdf.h>
#include <stddef.h>

/// Loads libnetcdf once per process (libnetcdf.so.19, netCDF 4.9 in Debian 12, else the
/// libnetcdf.so of libnetcdf-dev) and turns off HDF5's printing of its error stack for the calling
/// thread (netCDF probes attributes the GSHHG files lack; HDF5 would print each miss). Returns 0,
/// or -1 with the reason in `error` (`error_size` bytes).
int rt_nc_load(char *error, size_t error_size);

int rt_nc_open(const char *path, int mode, int *ncidp);
int rt_nc_close(int ncid);
int rt_nc_inq_nvars(int ncid, int *nvarsp);
int rt_nc_inq_varname(int ncid, int varid, char *name);
int rt_nc_get_var_int(int ncid, int varid, int *ip);
int rt_nc_get_vara_int(int ncid, int varid, const size_t *startp, const size_t *countp, int *ip);
int rt_nc_get_vara_short(int ncid, int varid, const size_t *startp, const size_t *countp, short *ip);
const char *rt_nc_strerror(int ncerr);

#endif
