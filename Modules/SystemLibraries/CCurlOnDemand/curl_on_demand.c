/* See include/CCurlOnDemand.h for why this exists. */
#include "CCurlOnDemand.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

/* The variadic functions forward their one argument as a pointer-sized integer register value:
   every option and info value of libcurl is a long, a pointer or a curl_off_t, which the LP64
   calling conventions of Linux pass alike. */
_Static_assert(sizeof(void *) == sizeof(long) && sizeof(void *) == sizeof(curl_off_t), "an LP64 platform");

static void *library;
static pthread_once_t library_once = PTHREAD_ONCE_INIT;

static void load_library(void) {
    library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        fprintf(stderr, "quill: this needs libcurl (libcurl.so.4), which could not be loaded: %s\n", dlerror());
        abort();
    }
}

static void *symbol(const char *name) {
    pthread_once(&library_once, load_library);
    void *found = dlsym(library, name);
    if (found == NULL) {
        fprintf(stderr, "quill: the libcurl installed has no %s\n", name);
        abort();
    }
    return found;
}

int quill_curl_is_loaded(void) {
    return __atomic_load_n(&library, __ATOMIC_ACQUIRE) != NULL;
}

/* The libcurl function `name`, found once and kept in `slot`. */
static void *cached(void **slot, const char *name) {
    void *function = __atomic_load_n(slot, __ATOMIC_ACQUIRE);
    if (function == NULL) {
        function = symbol(name);
        __atomic_store_n(slot, function, __ATOMIC_RELEASE);
    }
    return function;
}

/* One function of libcurl: finds it on its first call, then forwards. */
#define FORWARD(result, name, parameters, arguments)                                        \
    result name parameters {                                                                 \
        static void *found;                                                                  \
        return ((result(*) parameters)cached(&found, #name)) arguments;                      \
    }

/* One variadic function whose one variadic argument is forwarded as a pointer. */
#define FORWARD_VARIADIC(result, name, handleType, optionType)                              \
    result name(handleType handle, optionType option, ...) {                                 \
        static void *found;                                                                  \
        va_list list;                                                                        \
        va_start(list, option);                                                              \
        void *value = va_arg(list, void *);                                                  \
        va_end(list);                                                                        \
        return ((result (*)(handleType, optionType, ...))cached(&found, #name))(handle, option, value); \
    }

FORWARD(CURLcode, curl_global_init, (long flags), (flags))
FORWARD(char *, curl_version, (void), ())
FORWARD(curl_version_info_data *, curl_version_info, (CURLversion stamp), (stamp))
FORWARD(void, curl_free, (void *pointer), (pointer))
FORWARD(struct curl_slist *, curl_slist_append, (struct curl_slist *list, const char *string), (list, string))
FORWARD(void, curl_slist_free_all, (struct curl_slist *list), (list))

FORWARD(CURL *, curl_easy_init, (void), ())
FORWARD(void, curl_easy_cleanup, (CURL *handle), (handle))
FORWARD(CURLcode, curl_easy_pause, (CURL *handle, int mask), (handle, mask))
FORWARD(const char *, curl_easy_strerror, (CURLcode code), (code))
FORWARD_VARIADIC(CURLcode, curl_easy_setopt, CURL *, CURLoption)
FORWARD_VARIADIC(CURLcode, curl_easy_getinfo, CURL *, CURLINFO)

FORWARD(CURLM *, curl_multi_init, (void), ())
FORWARD(CURLMcode, curl_multi_cleanup, (CURLM *multi), (multi))
FORWARD(CURLMcode, curl_multi_add_handle, (CURLM *multi, CURL *handle), (multi, handle))
FORWARD(CURLMcode, curl_multi_remove_handle, (CURLM *multi, CURL *handle), (multi, handle))
FORWARD(CURLMcode, curl_multi_assign, (CURLM *multi, curl_socket_t socket, void *pointer), (multi, socket, pointer))
FORWARD(CURLMsg *, curl_multi_info_read, (CURLM *multi, int *remaining), (multi, remaining))
FORWARD(CURLMcode, curl_multi_socket_action, (CURLM *multi, curl_socket_t socket, int mask, int *running), (multi, socket, mask, running))
FORWARD_VARIADIC(CURLMcode, curl_multi_setopt, CURLM *, CURLMoption)

FORWARD(CURLU *, curl_url, (void), ())
FORWARD(CURLUcode, curl_url_get, (CURLU *url, CURLUPart part, char **value, unsigned int flags), (url, part, value, flags))
FORWARD(CURLUcode, curl_url_set, (CURLU *url, CURLUPart part, const char *value, unsigned int flags), (url, part, value, flags))
