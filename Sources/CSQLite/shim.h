#include <sqlite3.h>

// SQLITE_TRANSIENT is a macro Swift cannot import: a cast of -1 to a destructor pointer.
// It tells SQLite to copy bound text and blobs before the call returns.
static inline sqlite3_destructor_type csqlite_transient(void) {
    return (sqlite3_destructor_type)-1;
}

// sqlite3_config is variadic, which Swift cannot call. Memory statistics off: with them on, every
// allocation SQLite makes or frees, on any connection, takes one process-wide mutex.
static inline int csqlite_turn_off_memory_statistics(void) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}

// sqlite3_db_config is variadic too. Defensive: a connection to a file from elsewhere (a backup to
// restore, a file to check) cannot be led by that file's schema into writing its own internals.
static inline int csqlite_defensive(sqlite3 *db) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_DEFENSIVE, 1, (int *)0);
}
