/*
 * The part of libgeonames 0.3 (Debian libgeonames-dev) that roadtrip calls, declared with plain C
 * types so that no GLib header (and no pkg-config `-pthread` flag) is needed; see
 * shared notes/glib-libraries.md, pattern 1.
 *
 * Checked against /usr/include/geonames/geonames.h (libgeonames-dev 0.3.0-1). On Linux the GLib
 * types are ABI-identical to the ones used here: gint = int, guint = unsigned int, gdouble = double,
 * gchar = char, GeonamesCity = GVariant (an opaque struct, only ever used through a pointer). The
 * header's declarations used here:
 *
 *   gint          geonames_get_n_cities (void);
 *   GeonamesCity *geonames_get_city (gint index);
 *   void          geonames_city_free (GeonamesCity *city);
 *   const gchar * geonames_city_get_name (GeonamesCity *city);
 *   const gchar * geonames_city_get_state (GeonamesCity *city);
 *   const gchar * geonames_city_get_country (GeonamesCity *city);
 *   const gchar * geonames_city_get_country_code (GeonamesCity *city);
 *   const gchar * geonames_city_get_timezone (GeonamesCity *city);
 *   gdouble       geonames_city_get_latitude (GeonamesCity *city);
 *   gdouble       geonames_city_get_longitude (GeonamesCity *city);
 *   guint         geonames_city_get_population (GeonamesCity *city);
 *
 * geonames_query_cities_sync (a name search) is left out: Gazetteer's forward lookup is its own
 * table, read once through geonames_get_city.
 */
#ifndef ROADTRIP_CGEONAMES_SHIM_H
#define ROADTRIP_CGEONAMES_SHIM_H

typedef struct GeonamesCity GeonamesCity;

int geonames_get_n_cities(void);
GeonamesCity *geonames_get_city(int index);
void geonames_city_free(GeonamesCity *city);
const char *geonames_city_get_name(GeonamesCity *city);
const char *geonames_city_get_state(GeonamesCity *city);
const char *geonames_city_get_country(GeonamesCity *city);
const char *geonames_city_get_country_code(GeonamesCity *city);
const char *geonames_city_get_timezone(GeonamesCity *city);
double geonames_city_get_latitude(GeonamesCity *city);
double geonames_city_get_longitude(GeonamesCity *city);
unsigned int geonames_city_get_population(GeonamesCity *city);

#endif
