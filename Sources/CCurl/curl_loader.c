// Opens libcurl once (pthread_once) and drives its easy interface (libcurl-easy(3)). The few
// functions and option numbers used are declared here rather than taken from <curl/curl.h>, which
// only a libcurl -dev package installs: libcurl keeps both fixed across its ABI (libcurl's
// docs/libcurl/ABI.md: "we promise to never break the ABI"; the numbers are in
// docs/libcurl/symbols-in-versions). Where <curl/curl.h> is installed, each number is checked
// against it at compile time.
#include "CCurl.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "CLibraryLoader.h"

typedef void rt_curl_handle;
typedef int rt_curl_code;  // CURLcode; CURLE_OK is 0

enum {
    RT_CURL_GLOBAL_DEFAULT = 3,  // CURL_GLOBAL_SSL | CURL_GLOBAL_WIN32
    RT_CURL_ERROR_SIZE = 256,    // CURL_ERROR_SIZE
    RT_CURLOPT_URL = 10002,
    RT_CURLOPT_ERRORBUFFER = 10010,
    RT_CURLOPT_WRITEFUNCTION = 20011,
    RT_CURLOPT_USERAGENT = 10018,
    RT_CURLOPT_NOBODY = 44,
    RT_CURLOPT_FOLLOWLOCATION = 52,
    RT_CURLOPT_MAXREDIRS = 68,
    RT_CURLOPT_NOSIGNAL = 99,
    RT_CURLOPT_TIMEOUT_MS = 155,
    RT_CURLOPT_CONNECTTIMEOUT_MS = 156,
    RT_CURLOPT_REDIR_PROTOCOLS_STR = 10319,  // libcurl 7.85 and later; older ones ignore it
    RT_CURLINFO_RESPONSE_CODE = 0x200002,    // CURLINFO_LONG + 2
};

#if __has_include(<curl/curl.h>)
#include <curl/curl.h>
_Static_assert(RT_CURL_GLOBAL_DEFAULT == CURL_GLOBAL_DEFAULT, "CURL_GLOBAL_DEFAULT");
_Static_assert(RT_CURL_ERROR_SIZE == CURL_ERROR_SIZE, "CURL_ERROR_SIZE");
_Static_assert(RT_CURLOPT_URL == CURLOPT_URL, "CURLOPT_URL");
_Static_assert(RT_CURLOPT_ERRORBUFFER == CURLOPT_ERRORBUFFER, "CURLOPT_ERRORBUFFER");
_Static_assert(RT_CURLOPT_WRITEFUNCTION == CURLOPT_WRITEFUNCTION, "CURLOPT_WRITEFUNCTION");
_Static_assert(RT_CURLOPT_USERAGENT == CURLOPT_USERAGENT, "CURLOPT_USERAGENT");
_Static_assert(RT_CURLOPT_NOBODY == CURLOPT_NOBODY, "CURLOPT_NOBODY");
_Static_assert(RT_CURLOPT_FOLLOWLOCATION == CURLOPT_FOLLOWLOCATION, "CURLOPT_FOLLOWLOCATION");
_Static_assert(RT_CURLOPT_MAXREDIRS == CURLOPT_MAXREDIRS, "CURLOPT_MAXREDIRS");
_Static_assert(RT_CURLOPT_NOSIGNAL == CURLOPT_NOSIGNAL, "CURLOPT_NOSIGNAL");
_Static_assert(RT_CURLOPT_TIMEOUT_MS == CURLOPT_TIMEOUT_MS, "CURLOPT_TIMEOUT_MS");
_Static_assert(RT_CURLOPT_CONNECTTIMEOUT_MS == CURLOPT_CONNECTTIMEOUT_MS, "CURLOPT_CONNECTTIMEOUT_MS");
_Static_assert(RT_CURLINFO_RESPONSE_CODE == CURLINFO_RESPONSE_CODE, "CURLINFO_RESPONSE_CODE");
#if LIBCURL_VERSION_NUM >= 0x075500
_Static_assert(RT_CURLOPT_REDIR_PROTOCOLS_STR == CURLOPT_REDIR_PROTOCOLS_STR, "CURLOPT_REDIR_PROTOCOLS_STR");
#endif
#endif

static struct {
    rt_curl_code (*curl_global_init)(long flags);
    rt_curl_handle *(*curl_easy_init)(void);
    rt_curl_code (*curl_easy_setopt)(rt_curl_handle *handle, int option, ...);
    rt_curl_code (*curl_easy_perform)(rt_curl_handle *handle);
    rt_curl_code (*curl_easy_getinfo)(rt_curl_handle *handle, int info, ...);
    void (*curl_easy_cleanup)(rt_curl_handle *handle);
    const char *(*curl_easy_strerror)(rt_curl_code code);
} libcurl;

static pthread_once_t rt_curl_once = PTHREAD_ONCE_INIT;
static char rt_curl_failure[512];

static void rt_curl_open_library(void) {
    const char *names[] = {"libcurl.so.4", "libcurl-gnutls.so.4", "libcurl.so"};
    void *handle = rt_library_open(names, 3, "Debian's libcurl4 or libcurl3-gnutls", rt_curl_failure, sizeof rt_curl_failure);
    if (handle == NULL) return;
#define RT_CURL_RESOLVE(name) RT_LIBRARY_RESOLVE(libcurl, handle, name, "libcurl", rt_curl_failure, sizeof rt_curl_failure)
    RT_CURL_RESOLVE(curl_global_init)
    RT_CURL_RESOLVE(curl_easy_init)
    RT_CURL_RESOLVE(curl_easy_setopt)
    RT_CURL_RESOLVE(curl_easy_perform)
    RT_CURL_RESOLVE(curl_easy_getinfo)
    RT_CURL_RESOLVE(curl_easy_cleanup)
    RT_CURL_RESOLVE(curl_easy_strerror)
#undef RT_CURL_RESOLVE
    rt_curl_code code = libcurl.curl_global_init(RT_CURL_GLOBAL_DEFAULT);
    if (code != 0) {
        snprintf(rt_curl_failure, sizeof rt_curl_failure, "libcurl could not start: %s", libcurl.curl_easy_strerror(code));
    }
}

int rt_curl_load(char *error, size_t error_size) {
    pthread_once(&rt_curl_once, rt_curl_open_library);
    return rt_library_outcome(rt_curl_failure, error, error_size);
}

/// Drops a response body (CURLOPT_WRITEFUNCTION): every byte taken.
static size_t rt_curl_drop(char *data, size_t size, size_t count, void *context) {
    (void)data;
    (void)context;
    return size * count;
}

int rt_curl_request(const char *url, int head, long connect_timeout_ms, long total_timeout_ms, const char *user_agent,
                    long *status, char *error, size_t error_size) {
    rt_curl_handle *handle = libcurl.curl_easy_init();
    if (handle == NULL) {
        snprintf(error, error_size, "libcurl could not make a request");
        return -1;
    }
    char reason[RT_CURL_ERROR_SIZE] = {0};
    libcurl.curl_easy_setopt(handle, RT_CURLOPT_URL, url);
    libcurl.curl_easy_setopt(handle, RT_CURLOPT_ERRORBUFFER, reason);
    libcurl.curl_easy_setopt(handle, RT_CURLOPT_WRITEFUNCTION, rt_curl_drop);
    libcurl.curl_easy_setopt(handle, RT_CURLOPT_USERAGENT, user_agent);
    libcurl.curl_easy_setopt(handle, RT_CURLOPT_NOBODY, head ? 1L : 0L);
    libcurl.curl_easy_setopt(handle, RT_CURLOPT_FOLLOWLOCATION, 1L);
    libcurl.curl_easy_setopt(handle, RT_CURLOPT_MAXREDIRS, 10L);
    libcurl.curl_easy_setopt(handle, RT_CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
    libcurl.curl_easy_setopt(handle, RT_CURLOPT_NOSIGNAL, 1L);
    libcurl.curl_easy_setopt(handle, RT_CURLOPT_CONNECTTIMEOUT_MS, connect_timeout_ms);
    libcurl.curl_easy_setopt(handle, RT_CURLOPT_TIMEOUT_MS, total_timeout_ms);
    rt_curl_code code = libcurl.curl_easy_perform(handle);
    long answered = 0;
    if (code == 0) libcurl.curl_easy_getinfo(handle, RT_CURLINFO_RESPONSE_CODE, &answered);
    libcurl.curl_easy_cleanup(handle);
    if (code != 0) {
        snprintf(error, error_size, "%s", reason[0] != '\0' ? reason : libcurl.curl_easy_strerror(code));
        return -1;
    }
    *status = answered;
    return 0;
}
