// Non-variadic wrappers around libvips 8.14 (declared in include/CVips.h). Every function copies
// libvips' error buffer into the caller's `error` and clears it, so messages do not accumulate.
//
// libvips is opened with dlopen(3) when the first photo or share preview needs it, not linked:
// linking it loaded 44 shared libraries only libvips uses (librsvg, cairo, pango, OpenEXR, fftw,
// cfitsio, matio, …) into every roadtrip process, ~7.9 MB resident and their relocations, though
// most builds never touch an image. Its header still gives every type and signature: each function
// called through `libvips` below has the declared type of the libvips function of the same name
// (`__typeof__`), resolved with dlsym(3). GLib and GObject stay linked (libgeonames loads them
// anyway; SHA-256 and g_free need no libvips).
#include "CVips.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <vips/vips.h>

// The libvips functions this file calls, each through a field of `libvips` of its own name.
#define RT_VIPS_FUNCTIONS(X) \
    X(vips_version) X(vips_init) X(vips_cache_set_max) X(vips_type_find) \
    X(vips_error_buffer) X(vips_error_clear) X(vips_foreign_find_load) X(vips_image_new_from_file) \
    X(vips_image_get_width) X(vips_image_get_height) X(vips_nickname_find) X(vips_thumbnail) \
    X(vips_jpegsave) X(vips_image_get_typeof) X(vips_image_get_blob) X(vips_array_double_newv) \
    X(vips_svgload_buffer) X(vips_flatten) X(vips_gravity) X(vips_pngsave_buffer) X(vips_area_unref)

#define RT_VIPS_FIELD(name) __typeof__(&name) name;
static struct {
    RT_VIPS_FUNCTIONS(RT_VIPS_FIELD)
} libvips;

// Opens the libvips of the ABI this file was compiled against (libvips.so.<current - age>, as
// libtool names it: libvips.so.42 for 8.14) and resolves every function. Returns 0, or -1 with
// dlerror's message in `error`.
static int rt_open_libvips(char *error, size_t error_size) {
    char soname[32];
    snprintf(soname, sizeof soname, "libvips.so.%d", VIPS_LIBRARY_CURRENT - VIPS_LIBRARY_AGE);
    void *handle = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        snprintf(error, error_size, "cannot load %s (Debian's libvips42): %s", soname, dlerror());
        return -1;
    }
#define RT_VIPS_RESOLVE(name) \
    libvips.name = (__typeof__(&name))dlsym(handle, #name); \
    if (libvips.name == NULL) { \
        snprintf(error, error_size, "%s has no %s: %s", soname, #name, dlerror()); \
        return -1; \
    }
    RT_VIPS_FUNCTIONS(RT_VIPS_RESOLVE)
#undef RT_VIPS_RESOLVE
    return 0;
}

static void rt_copy_error(char *error, size_t error_size) {
    if (error != NULL && error_size > 0) {
        g_strlcpy(error, libvips.vips_error_buffer(), error_size);
        // libvips messages end with a newline; the Swift side wants one line.
        size_t length = strlen(error);
        while (length > 0 && (error[length - 1] == '\n' || error[length - 1] == ' ')) {
            error[--length] = '\0';
        }
    }
    libvips.vips_error_clear();
}

static void rt_ignore_log(const gchar *domain, GLogLevelFlags level, const gchar *message, gpointer data) {
    (void)domain;
    (void)level;
    (void)message;
    (void)data;
}

int rt_vips_init(const char *program_name, char *error, size_t error_size) {
    if (rt_open_libvips(error, error_size) != 0) {
        return -1;
    }
    // VIPS_INIT's check: the library's ABI (current - age) is the one the header describes.
    int library_abi = libvips.vips_version(3) - libvips.vips_version(5);
    if (library_abi != VIPS_LIBRARY_CURRENT - VIPS_LIBRARY_AGE) {
        snprintf(error, error_size, "libvips has ABI version %d, roadtrip was built for %d", library_abi,
                 VIPS_LIBRARY_CURRENT - VIPS_LIBRARY_AGE);
        return -1;
    }
    if (libvips.vips_init(program_name) != 0) {
        rt_copy_error(error, error_size);
        return -1;
    }
    libvips.vips_cache_set_max(0);
    // libvips also prints its warnings ("read gave 62 warnings") to stderr; roadtrip reports
    // failures as diagnostics instead, so the VIPS log domain's warnings are dropped.
    g_log_set_handler("VIPS", G_LOG_LEVEL_WARNING, rt_ignore_log, NULL);
    return 0;
}

int rt_vips_has_operation(const char *nickname) {
    return libvips.vips_type_find("VipsOperation", nickname) != 0 ? 1 : 0;
}

int rt_vips_probe(const char *path, int *width, int *height, char *loader, size_t loader_size,
                  char *error, size_t error_size) {
    const char *name = libvips.vips_foreign_find_load(path);
    if (name == NULL) {
        rt_copy_error(error, error_size);
        return -1;
    }
    VipsImage *image = libvips.vips_image_new_from_file(path, NULL);
    if (image == NULL) {
        rt_copy_error(error, error_size);
        return -1;
    }
    *width = libvips.vips_image_get_width(image);
    *height = libvips.vips_image_get_height(image);
    // vips_foreign_find_load gives the class nickname with a "VipsForeignLoad" prefix in some
    // versions; keep the short operation name (e.g. "jpegload").
    const char *nickname = libvips.vips_nickname_find(g_type_from_name(name));
    g_strlcpy(loader, nickname != NULL ? nickname : name, loader_size);
    g_object_unref(image);
    return 0;
}

int rt_vips_thumbnail(const char *input, const char *output, int max_edge, int quality,
                      int keep_metadata, char *error, size_t error_size) {
    VipsImage *thumbnail = NULL;
    if (libvips.vips_thumbnail(input, &thumbnail, max_edge,
                       "height", max_edge,
                       "size", VIPS_SIZE_DOWN,
                       "fail_on", VIPS_FAIL_ON_WARNING,
                       NULL) != 0) {
        rt_copy_error(error, error_size);
        return -1;
    }
    int status = libvips.vips_jpegsave(thumbnail, output,
                               "Q", quality,
                               "strip", keep_metadata ? FALSE : TRUE,
                               NULL);
    g_object_unref(thumbnail);
    if (status != 0) {
        rt_copy_error(error, error_size);
        return -1;
    }
    return 0;
}

int rt_vips_exif_block(const char *path, unsigned char **data, size_t *length,
                       char *error, size_t error_size) {
    *data = NULL;
    *length = 0;
    VipsImage *image = libvips.vips_image_new_from_file(path, NULL);
    if (image == NULL) {
        rt_copy_error(error, error_size);
        return -1;
    }
    if (libvips.vips_image_get_typeof(image, VIPS_META_EXIF_NAME) != 0) {
        const void *blob = NULL;
        size_t size = 0;
        if (libvips.vips_image_get_blob(image, VIPS_META_EXIF_NAME, &blob, &size) == 0 && size > 0) {
            *data = malloc(size);
            if (*data != NULL) {
                memcpy(*data, blob, size);
                *length = size;
            }
        }
    }
    g_object_unref(image);
    return 0;
}

int rt_vips_svg_to_png(const void *svg, size_t length, double scale, int width, int height,
                       void **png, size_t *png_length, char *error, size_t error_size) {
    *png = NULL;
    *png_length = 0;
    VipsImage *drawn = NULL, *flat = NULL, *sized = NULL;
    VipsArrayDouble *white = libvips.vips_array_double_newv(3, 255.0, 255.0, 255.0);
    // svgload_buffer reads the buffer while the pipeline below runs, within this call.
    int status = libvips.vips_svgload_buffer((void *)svg, length, &drawn, "scale", scale, NULL);
    if (status == 0) {
        status = libvips.vips_flatten(drawn, &flat, "background", white, NULL);
    }
    if (status == 0) {
        status = libvips.vips_gravity(flat, &sized, VIPS_COMPASS_DIRECTION_CENTRE, width, height,
                              "extend", VIPS_EXTEND_COPY, NULL);
    }
    if (status == 0) {
        status = libvips.vips_pngsave_buffer(sized, png, png_length, "compression", 6, "strip", TRUE, NULL);
    }
    if (status != 0) {
        rt_copy_error(error, error_size);
    }
    if (sized != NULL) g_object_unref(sized);
    if (flat != NULL) g_object_unref(flat);
    if (drawn != NULL) g_object_unref(drawn);
    libvips.vips_area_unref(VIPS_AREA(white));
    return status == 0 ? 0 : -1;
}

void rt_vips_free(void *buffer) {
    g_free(buffer);
}

void rt_sha256_hex(const void *data, size_t length, char *hex) {
    gchar *digest = g_compute_checksum_for_data(G_CHECKSUM_SHA256, data, length);
    g_strlcpy(hex, digest, 65);
    g_free(digest);
}
