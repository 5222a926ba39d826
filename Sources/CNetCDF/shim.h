// libnetcdf (Unidata, Debian's libnetcdf-dev): reads GMT's binned GSHHG coastline, border and
// river files (Debian's gmt-gshhg-low/-high/-full), the offline basemap's data.
#include <netcdf.h>
