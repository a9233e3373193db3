#ifndef GATHER_BUILD_INFO_H
#define GATHER_BUILD_INFO_H

/// The commit the binaries were built from (`git describe`-style short hash, "-dirty" with
/// uncommitted changes), as `make` recorded it; "unknown" for a build without it.
const char *gather_build_commit(void);

#endif
