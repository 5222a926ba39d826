// roadtrip's non-variadic wrapper around libvips (Debian's libvips-dev): libvips' own entry points
// (vips_thumbnail, vips_image_write_to_file, the *_save operations) are C-variadic, which Swift
// does not import. Plain C types only, so that no GLib header is needed by the importer.
// See /work/shared/notes/glib-libraries.md and Sources/CVips/vips_wrapper.c.
#ifndef ROADTRIP_CVIPS_H
#define ROADTRIP_CVIPS_H

#include <stddef.h>

/// Loads libvips (dlopen of libvips.so.<ABI>, the ABI of the headers built against: 42 for 8.14)
/// and starts it once per process (as VIPS_INIT: the ABI checked, then vips_init), and switches its
/// operation cache off (a cached thumbnail of a path would outlive a change to the file). Call it
/// once, before any other function here. Returns 0, or -1 with the reason in `error` (`error_size`
/// bytes: the library missing, a function missing, another ABI, or libvips' own message).
int rt_vips_init(const char *program_name, char *error, size_t error_size);

/// 1 when this libvips has the operation `nickname` (e.g. "heifload"), else 0.
int rt_vips_has_operation(const char *nickname);

/// Reads the header of the image at `path` (no pixel decoding): width and height in pixels as
/// stored (before any EXIF orientation) and the name of the libvips loader that accepted it
/// (e.g. "jpegload", "pngload", "heifload"), copied into `loader` (NUL-terminated, truncated to
/// `loader_size`). Returns 0, or -1 with libvips' message in `error` (`error_size` bytes).
int rt_vips_probe(const char *path, int *width, int *height, char *loader, size_t loader_size,
                  char *error, size_t error_size);

/// Writes a JPEG thumbnail of the image at `input` to `output`: scaled down (never up) so that
/// its longer edge is at most `max_edge` pixels, turned upright by its EXIF orientation
/// (vips_thumbnail auto-rotates), JPEG quality `quality` (1–100), every metadata block (EXIF,
/// XMP, IPTC, ICC) stripped unless `keep_metadata` is 1. Decoding fails on a truncated or corrupt
/// file ("fail_on" = "truncated") instead of filling the missing part with grey.
/// Returns 0, or -1 with libvips' message in `error` (`error_size` bytes).
int rt_vips_thumbnail(const char *input, const char *output, int max_edge, int quality,
                      int keep_metadata, char *error, size_t error_size);

/// The raw EXIF block libvips read with the image at `path` (its "exif-data" field, which starts
/// with "Exif\0\0" for JPEG and HEIF alike), as a malloc'd copy the caller frees with free().
/// Returns 0 with `*data`/`*length` set (NULL/0 when the image has no EXIF), or -1 with libvips'
/// message in `error`.
int rt_vips_exif_block(const char *path, unsigned char **data, size_t *length,
                       char *error, size_t error_size);

/// Rasterises the SVG document of `length` bytes at `svg` with librsvg (libvips' svgload_buffer),
/// drawn `scale` device pixels per SVG user unit, flattened onto white (no alpha channel), set to
/// exactly `width` × `height` pixels around its centre (a fractional size rounds to one pixel
/// more or less: that last row or column repeats its neighbour, or is cut), and encoded as a PNG
/// (8 bits a channel, RGB, zlib level 6, no metadata). External files the SVG names are not
/// loaded (a document from a buffer has no base URL). On success `*png` is a buffer of
/// `*png_length` bytes the caller frees with rt_vips_free. Returns 0, or -1 with libvips' message
/// in `error` (`error_size` bytes). Not serialised: libvips' error buffer is shared by the process,
/// so a failure's message may carry another failing call's too (see Vips.swift).
int rt_vips_svg_to_png(const void *svg, size_t length, double scale, int width, int height,
                       void **png, size_t *png_length, char *error, size_t error_size);

/// Frees a buffer libvips made (rt_vips_svg_to_png's `png`).
void rt_vips_free(void *buffer);

/// SHA-256 (FIPS 180-4) of `length` bytes at `data` through GLib's GChecksum, as 64 lowercase hex
/// digits plus a NUL written into `hex` (at least 65 bytes).
void rt_sha256_hex(const void *data, size_t length, char *hex);

#endif
