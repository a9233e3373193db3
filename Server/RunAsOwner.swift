import FoundationEssentials
import Glibc

/// Run as root (a `sudo`, a `docker exec` as root, a root cron job), a command that writes files
/// beside the database (`backup`, `restore`, `migrate`, the `user` commands, `check --repair`) first
/// becomes the database's owner, the service's user: what it makes is then that user's, as the
/// service needs, and no file it writes in a directory that user controls can be swapped for a
/// link that turns root's write onto something else (`/etc/shadow`).
enum RunAsOwner {
    /// Becomes the owner of the database (of its directory while it does not exist); nothing when
    /// not root, or when root owns it. A message when the switch fails.
    static func become(ownerOf database: String) -> String? {
        guard geteuid() == 0 else { return nil }
        var status = stat()
        let directory = URL(fileURLWithPath: database).deletingLastPathComponent().path
        guard stat(database, &status) == 0 || stat(directory, &status) == 0, status.st_uid != 0 else { return nil }
        guard setgroups(0, nil) == 0, setgid(status.st_gid) == 0, setuid(status.st_uid) == 0 else {
            return "cannot act as the database's owner (uid \(status.st_uid)): \(String(cString: strerror(errno)))"
        }
        return nil
    }
}
