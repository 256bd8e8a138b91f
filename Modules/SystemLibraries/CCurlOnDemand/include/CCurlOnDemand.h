#ifndef QUILL_CCURLONDEMAND_H
#define QUILL_CCURLONDEMAND_H
/* libcurl, loaded the first time a program calls it rather than when the program starts.

   The MCP SDK that `quill mcp` is built on has HTTP transports that use Foundation's
   URLSession, which on Linux is libcurl. `quill` never uses them, yet linking them made every
   `quill` command load libcurl and the 27 libraries it needs, and run their constructors,
   before doing anything: about 7 ms of each command's start. This target defines the libcurl
   functions FoundationNetworking calls; each one loads libcurl (`dlopen`) on its first call
   and forwards to it. The executable is linked `--as-needed`, so it no longer names libcurl
   at all, and runs where libcurl is not installed until something wants it.

   `quill_curl_is_loaded` tells whether anything has loaded it yet (for tests). */
#define CURL_DISABLE_TYPECHECK 1
#include <curl/curl.h>

int quill_curl_is_loaded(void);
#endif
