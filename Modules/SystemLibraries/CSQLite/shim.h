// The system's SQLite 3 (Debian: libsqlite3-dev), imported into Swift as CSQLite.
#include <sqlite3.h>

// sqlite3_config is variadic, which Swift cannot call: this sets the one process-wide option
// Quill needs before the first connection opens. Without memory statistics SQLite takes no
// global mutex on every allocation, which otherwise serializes connections used on
// different threads. Returns SQLITE_MISUSE if SQLite was already initialized.
static inline int quill_sqlite_disable_memory_statistics(void) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}

// SQLITE_TRANSIENT is a macro of a cast Swift cannot import: a function result SQLite copies.
static inline void quill_sqlite_result_text_copied(sqlite3_context *context, const char *text, int length) {
    sqlite3_result_text(context, text, length, SQLITE_TRANSIENT);
}
