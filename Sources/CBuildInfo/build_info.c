// The commit is written by `make` (Makefile, target build-info) into commit.h beside this file,
// which git ignores: only this file is compiled again when the commit changes, not the Swift
// modules, and a tree built without make says "unknown".
#include "build_info.h"

#if __has_include("commit.h")
#include "commit.h"
#endif

#ifndef GATHER_COMMIT
#define GATHER_COMMIT "unknown"
#endif

const char *gather_build_commit(void) {
    return GATHER_COMMIT;
}
