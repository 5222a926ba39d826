// Opens libmicrohttpd once (pthread_once) and calls it through pointers of the microhttpd.h
// functions' own declared types (Sources/CLibraryLoader).
#include "CMicroHTTPD.h"

#include <pthread.h>
#include <string.h>

#include "CLibraryLoader.h"

#define RT_MHD_FUNCTIONS(X) \
    X(MHD_start_daemon) X(MHD_stop_daemon) X(MHD_get_connection_info) X(MHD_get_connection_values) \
    X(MHD_create_response_from_buffer) X(MHD_create_response_from_callback) \
    X(MHD_create_response_from_fd_at_offset64) X(MHD_destroy_response) X(MHD_add_response_header) \
    X(MHD_queue_response) X(MHD_suspend_connection) X(MHD_resume_connection)

#define RT_MHD_FIELD(name) __typeof__(&name) name;
static struct {
    RT_MHD_FUNCTIONS(RT_MHD_FIELD)
} libmicrohttpd;

static pthread_once_t cmhd_once = PTHREAD_ONCE_INIT;
static char cmhd_failure[512];

static void cmhd_open_library(void) {
    const char *names[] = {"libmicrohttpd.so.12", "libmicrohttpd.so"};
    void *handle = rt_library_open(names, 2, "Debian's libmicrohttpd12", cmhd_failure, sizeof cmhd_failure);
    if (handle == NULL) return;
#define RT_MHD_RESOLVE(name) \
    RT_LIBRARY_RESOLVE(libmicrohttpd, handle, name, "libmicrohttpd", cmhd_failure, sizeof cmhd_failure)
    RT_MHD_FUNCTIONS(RT_MHD_RESOLVE)
#undef RT_MHD_RESOLVE
}

int cmhd_load(char *error, size_t error_size) {
    pthread_once(&cmhd_once, cmhd_open_library);
    return rt_library_outcome(cmhd_failure, error, error_size);
}

/* Leaves the request target exactly as the client sent it (MHD would percent-decode it and let a
   malformed escape through); roadtrip decodes it itself and answers 400 to a malformed one. */
static size_t cmhd_keep_escapes(void *context, struct MHD_Connection *connection, char *text) {
    (void)context;
    (void)connection;
    return strlen(text);
}

/* The request's context from its start to its end: a flag byte (0 until the access handler has
   seen the request once) followed by the request target exactly as sent, query included (MHD gives
   the access handler the path only). */
static void *cmhd_copy_target(void *context, const char *target, struct MHD_Connection *connection) {
    (void)context;
    (void)connection;
    size_t length = strlen(target);
    char *copy = malloc(length + 2);
    if (copy == NULL) return NULL;
    copy[0] = 0;
    memcpy(copy + 1, target, length + 1);
    return copy;
}

void cmhd_free_target(void **requestContext) {
    free(*requestContext);
    *requestContext = NULL;
}

void *cmhd_socket_context(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info =
        libmicrohttpd.MHD_get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return info == NULL ? NULL : info->socket_context;
}

int cmhd_connection_descriptor(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = libmicrohttpd.MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info == NULL ? -1 : info->connect_fd;
}

const struct sockaddr *cmhd_client_address(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = libmicrohttpd.MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    return info == NULL ? NULL : info->client_addr;
}

size_t cmhd_request_header_size(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info =
        libmicrohttpd.MHD_get_connection_info(connection, MHD_CONNECTION_INFO_REQUEST_HEADER_SIZE);
    return info == NULL ? 0 : info->header_size;
}

ssize_t cmhd_end_of_stream(void) { return MHD_CONTENT_READER_END_OF_STREAM; }

uint64_t cmhd_size_unknown(void) { return MHD_SIZE_UNKNOWN; }

struct MHD_Daemon *cmhd_start(
    int listening, unsigned int threads, unsigned int connectionLimit, unsigned int timeoutSeconds,
    size_t memoryLimit, MHD_AccessHandlerCallback handler, MHD_RequestCompletedCallback completed,
    MHD_NotifyConnectionCallback notify, void *handlerContext) {
    unsigned int flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL | MHD_ALLOW_SUSPEND_RESUME;
    return libmicrohttpd.MHD_start_daemon(
        flags, 0, NULL, NULL, handler, handlerContext,
        MHD_OPTION_LISTEN_SOCKET, (MHD_socket)listening,
        MHD_OPTION_THREAD_POOL_SIZE, threads,
        MHD_OPTION_CONNECTION_LIMIT, connectionLimit,
        MHD_OPTION_CONNECTION_TIMEOUT, timeoutSeconds,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, memoryLimit,
        MHD_OPTION_URI_LOG_CALLBACK, cmhd_copy_target, (void *)NULL,
        MHD_OPTION_NOTIFY_COMPLETED, completed, handlerContext,
        MHD_OPTION_NOTIFY_CONNECTION, notify, handlerContext,
        MHD_OPTION_UNESCAPE_CALLBACK, cmhd_keep_escapes, (void *)NULL,
        MHD_OPTION_END);
}

void cmhd_stop_daemon(struct MHD_Daemon *daemon) { libmicrohttpd.MHD_stop_daemon(daemon); }

int cmhd_get_connection_values(struct MHD_Connection *connection, enum MHD_ValueKind kind,
                               MHD_KeyValueIterator iterator, void *iterator_cls) {
    return libmicrohttpd.MHD_get_connection_values(connection, kind, iterator, iterator_cls);
}

struct MHD_Response *cmhd_create_response_from_buffer(size_t size, void *buffer, enum MHD_ResponseMemoryMode mode) {
    return libmicrohttpd.MHD_create_response_from_buffer(size, buffer, mode);
}

struct MHD_Response *cmhd_create_response_from_callback(uint64_t size, size_t block_size, MHD_ContentReaderCallback crc,
                                                        void *crc_cls, MHD_ContentReaderFreeCallback crfc) {
    return libmicrohttpd.MHD_create_response_from_callback(size, block_size, crc, crc_cls, crfc);
}

struct MHD_Response *cmhd_create_response_from_fd_at_offset64(uint64_t size, int fd, uint64_t offset) {
    return libmicrohttpd.MHD_create_response_from_fd_at_offset64(size, fd, offset);
}

void cmhd_destroy_response(struct MHD_Response *response) { libmicrohttpd.MHD_destroy_response(response); }

enum MHD_Result cmhd_add_response_header(struct MHD_Response *response, const char *header, const char *content) {
    return libmicrohttpd.MHD_add_response_header(response, header, content);
}

enum MHD_Result cmhd_queue_response(struct MHD_Connection *connection, unsigned int status_code,
                                    struct MHD_Response *response) {
    return libmicrohttpd.MHD_queue_response(connection, status_code, response);
}

void cmhd_suspend_connection(struct MHD_Connection *connection) { libmicrohttpd.MHD_suspend_connection(connection); }

void cmhd_resume_connection(struct MHD_Connection *connection) { libmicrohttpd.MHD_resume_connection(connection); }
