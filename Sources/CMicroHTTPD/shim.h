/* libmicrohttpd for Swift (shared notes/toolchain.md, "libmicrohttpd"). MHD_start_daemon is
   C-variadic, which Swift does not import: cmhd_start passes the options here. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <microhttpd.h>

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

/* Frees the request context made by cmhd_copy_target (from the request-completed callback). */
static inline void cmhd_free_target(void **requestContext) {
    free(*requestContext);
    *requestContext = NULL;
}

/* MHD_get_connection_info is C-variadic, which Swift does not import: one accessor per field used. */
static inline void *cmhd_socket_context(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return info == NULL ? NULL : info->socket_context;
}

static inline int cmhd_connection_descriptor(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info == NULL ? -1 : info->connect_fd;
}

static inline const struct sockaddr *cmhd_client_address(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    return info == NULL ? NULL : info->client_addr;
}

/* Bytes of the request line and headers (blank line included); 0 before they are in. */
static inline size_t cmhd_request_header_size(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_REQUEST_HEADER_SIZE);
    return info == NULL ? 0 : info->header_size;
}

/* The end-of-stream value of a content reader, ((ssize_t)-1), which Swift cannot import. */
static inline ssize_t cmhd_end_of_stream(void) { return MHD_CONTENT_READER_END_OF_STREAM; }

/* MHD_SIZE_UNKNOWN, for a response whose length is not known in advance. */
static inline uint64_t cmhd_size_unknown(void) { return MHD_SIZE_UNKNOWN; }

/* Starts a daemon on the already listening socket `listening` (IPv4 or IPv6): `threads` threads
   each polling their connections with epoll (a Server-Sent Events stream that has nothing to send
   is suspended, not waited for, so it holds up nobody), at most `connectionLimit` connections
   (beyond it new ones wait in the listen queue), an idle connection closed after `timeoutSeconds`,
   `memoryLimit` bytes per connection for the request line and headers and the response headers
   (beyond it MHD answers 414 or 431 itself), `handler` for every request, whose request context is
   the target as sent (a C string; `completed` must free it with cmhd_free_target), and `notify`
   when a connection opens and closes. NULL on failure. */
static inline struct MHD_Daemon *cmhd_start(
    int listening, unsigned int threads, unsigned int connectionLimit, unsigned int timeoutSeconds,
    size_t memoryLimit, MHD_AccessHandlerCallback handler, MHD_RequestCompletedCallback completed,
    MHD_NotifyConnectionCallback notify, void *handlerContext) {
    unsigned int flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL | MHD_ALLOW_SUSPEND_RESUME;
    return MHD_start_daemon(
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
