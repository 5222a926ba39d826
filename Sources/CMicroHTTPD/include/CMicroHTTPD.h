// roadtrip's entry points into libmicrohttpd (GNU libmicrohttpd, Debian's libmicrohttpd-dev), the
// HTTP server of `roadtrip serve` (shared notes/toolchain.md, "libmicrohttpd"). libmicrohttpd is
// opened with dlopen(3) by cmhd_load, not linked (see Sources/CLibraryLoader): only `serve` needs
// it, and it brought GnuTLS and its ~8 libraries into every roadtrip process. Each cmhd_ function
// named after an MHD_ function has its signature; the others are explained where defined. Call
// cmhd_load first.
#ifndef ROADTRIP_CMICROHTTPD_H
#define ROADTRIP_CMICROHTTPD_H

#include <stdint.h>
#include <stdlib.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <microhttpd.h>

/// Loads libmicrohttpd once per process (libmicrohttpd.so.12, 0.9.75 in Debian 12, else the
/// libmicrohttpd.so of libmicrohttpd-dev). Returns 0, or -1 with the reason in `error`
/// (`error_size` bytes).
int cmhd_load(char *error, size_t error_size);

/* Starts a daemon on the already listening socket `listening` (IPv4 or IPv6): `threads` threads
   each polling their connections with epoll (a Server-Sent Events stream that has nothing to send
   is suspended, not waited for, so it holds up nobody), at most `connectionLimit` connections
   (beyond it new ones wait in the listen queue), an idle connection closed after `timeoutSeconds`,
   `memoryLimit` bytes per connection for the request line and headers and the response headers
   (beyond it MHD answers 414 or 431 itself), `handler` for every request, whose request context is
   the target as sent (a C string; `completed` must free it with cmhd_free_target), and `notify`
   when a connection opens and closes. NULL on failure. (MHD_start_daemon is C-variadic, which
   Swift does not import.) */
struct MHD_Daemon *cmhd_start(
    int listening, unsigned int threads, unsigned int connectionLimit, unsigned int timeoutSeconds,
    size_t memoryLimit, MHD_AccessHandlerCallback handler, MHD_RequestCompletedCallback completed,
    MHD_NotifyConnectionCallback notify, void *handlerContext);
void cmhd_stop_daemon(struct MHD_Daemon *daemon);

/* Frees the request context made for cmhd_start's handler (from the request-completed callback). */
void cmhd_free_target(void **requestContext);

/* MHD_get_connection_info is C-variadic, which Swift does not import: one accessor per field used. */
void *cmhd_socket_context(struct MHD_Connection *connection);
int cmhd_connection_descriptor(struct MHD_Connection *connection);
const struct sockaddr *cmhd_client_address(struct MHD_Connection *connection);
/* Bytes of the request line and headers (blank line included); 0 before they are in. */
size_t cmhd_request_header_size(struct MHD_Connection *connection);

/* The end-of-stream value of a content reader, ((ssize_t)-1), which Swift cannot import. */
ssize_t cmhd_end_of_stream(void);
/* MHD_SIZE_UNKNOWN, for a response whose length is not known in advance. */
uint64_t cmhd_size_unknown(void);

int cmhd_get_connection_values(struct MHD_Connection *connection, enum MHD_ValueKind kind,
                               MHD_KeyValueIterator iterator, void *iterator_cls);
struct MHD_Response *cmhd_create_response_from_buffer(size_t size, void *buffer, enum MHD_ResponseMemoryMode mode);
struct MHD_Response *cmhd_create_response_from_callback(uint64_t size, size_t block_size, MHD_ContentReaderCallback crc,
                                                        void *crc_cls, MHD_ContentReaderFreeCallback crfc);
struct MHD_Response *cmhd_create_response_from_fd_at_offset64(uint64_t size, int fd, uint64_t offset);
void cmhd_destroy_response(struct MHD_Response *response);
enum MHD_Result cmhd_add_response_header(struct MHD_Response *response, const char *header, const char *content);
enum MHD_Result cmhd_queue_response(struct MHD_Connection *connection, unsigned int status_code,
                                    struct MHD_Response *response);
void cmhd_suspend_connection(struct MHD_Connection *connection);
void cmhd_resume_connection(struct MHD_Connection *connection);

#endif
