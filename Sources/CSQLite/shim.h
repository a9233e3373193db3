#include <sqlite3.h>

// SQLITE_TRANSIENT is a macro Swift cannot import: a cast of -1 to a destructor pointer.
// It tells SQLite to copy bound text and blobs before the call returns.
static inline sqlite3_destructor_type csqlite_transient(void) {
    return (sqlite3_destructor_type)-1;
}
