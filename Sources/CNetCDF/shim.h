// libnetcdf (Unidata, Debian's libnetcdf-dev): reads GMT's binned GSHHG coastline, border and
// river files (Debian's gmt-gshhg-low/-high/-full), the offline basemap's data. They are
// netCDF-4, that is HDF5, files: HDF5's error stack printer is turned off through H5Eset_auto2
// (HDF5 reports, on standard error, attributes netCDF only probes for).
#include <netcdf.h>
#include <H5Epublic.h>
