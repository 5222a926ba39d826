// roadtrip's entry point into libcurl (https://curl.se/libcurl/), which `roadtrip check --external`
// asks each external link's server with. libcurl is opened with dlopen(3) on the first request, not
// linked (see Sources/CLibraryLoader): only `check --external` needs it, and linking it (through
// Foundation's URLSession) loaded 27 libraries (GnuTLS, Kerberos, LDAP, libssh2, …) into every
// roadtrip process, ~3 ms of each start-up on this project's VM.
#ifndef ROADTRIP_CCURL_H
#define ROADTRIP_CCURL_H

#include <stddef.h>

/// Loads libcurl once per process (libcurl.so.4, Debian's libcurl4; else libcurl-gnutls.so.4,
/// libcurl3-gnutls; else the libcurl.so of a -dev package) and initialises it
/// (curl_global_init). Returns 0, or -1 with the reason in `error` (`error_size` bytes).
int rt_curl_load(char *error, size_t error_size);

/// One request to `url`: HEAD when `head` is non-zero (RFC 9110 §9.3.2), else GET with the body
/// read and dropped; redirects followed (at most 10, HTTP and HTTPS only); connected within
/// `connect_timeout_ms` and done within `total_timeout_ms` milliseconds; `user_agent` sent. 0 with
/// the last response's HTTP status in `status`, or -1 with libcurl's reason in `error`
/// (`error_size` bytes) when no answer came (no such host, refused, timed out, a TLS failure).
/// Thread-safe: each call has a handle of its own. Call rt_curl_load first.
int rt_curl_request(const char *url, int head, long connect_timeout_ms, long total_timeout_ms, const char *user_agent,
                    long *status, char *error, size_t error_size);

#endif
