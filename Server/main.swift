import Dispatch
import FoundationEssentials
import GatherDomain
import GatherServer
import Glibc
import Networking
import Storage

// gather-server: read flags and environment, open the database, serve until SIGTERM or SIGINT.

func fail(_ message: String) -> Never {
    StandardStream.error.write("gather-server: \(message)\n")
    exit(ServerExitStatus.failure)
}

/// Root becomes the database's owner before a command writes beside it (`RunAsOwner`).
func actAsOwner(of database: String) {
    if let problem = RunAsOwner.become(ownerOf: database) { fail(problem) }
}

// A peer that disconnects must never kill the process (the health check's TLS writes included);
// the server's own sends also use MSG_NOSIGNAL.
signal(SIGPIPE, SIG_IGN)

let command: ServerCommand
do {
    command = try ServerCommandLine.parse(arguments: Array(CommandLine.arguments.dropFirst()),
                                          environment: ProcessInfo.processInfo.environment)
} catch {
    StandardStream.error.write("gather-server: \(error)\n")
    exit(ServerExitStatus.usage)
}

switch command {
case .help(let text):
    print(text)
    exit(0)
case .version:
    print("gather-server \(FootballGather.version) (schema version \(Schema.migrator.latestVersion), commit \(FootballGather.commit))")
    exit(0)
case let .backup(configuration, target):
    actAsOwner(of: configuration.databasePath)
    exit(BackupCommand.backup(configuration.databasePath, to: target))
case let .restore(configuration, file, force):
    actAsOwner(of: configuration.databasePath)
    exit(BackupCommand.restore(file, into: configuration.databasePath, force: force))
case .migrate(let configuration):
    actAsOwner(of: configuration.databasePath)
    do {
        let versions = try DatabaseMigration.run(path: configuration.databasePath)
        print(versions.from == versions.to
              ? "gather-server: \(configuration.databasePath) is at schema version \(versions.to); nothing to do"
              : "gather-server: migrated \(configuration.databasePath) from schema version \(versions.from) to \(versions.to)")
        exit(0)
    } catch {
        fail("cannot migrate \(configuration.databasePath): \(error)")
    }
case let .check(configuration, repair):
    if repair { actAsOwner(of: configuration.databasePath) }
    exit(CheckCommand.run(on: configuration.databasePath, repair: repair))
case .doctor(let configuration):
    exit(DoctorCommand.run(configuration))
case let .user(configuration, action):
    actAsOwner(of: configuration.databasePath)
    exit(UserCommand.run(action, on: configuration.databasePath))
case .healthcheck(let url):
    switch HealthCheck.run(url: url) {
    case .healthy:
        exit(0)
    case .unhealthy(let reason):
        StandardStream.error.write("gather-server healthcheck: \(reason)\n")
        exit(1)
    }
case .serve(var configuration):
    if let certificate = configuration.tlsCertificateFile, let key = configuration.tlsKeyFile {
        do {
            configuration.http.tls = TLSServerContextHolder(try TLSServerContext(certificateFile: certificate, keyFile: key))
        } catch {
            fail("cannot serve HTTPS: \(error)")
        }
    }
    // Before any thread exists and before listening: a stop sent during start-up is then held
    // until the signal thread takes it, never lost.
    ShutdownSignals.block()
    FreedMemory.keepForReuse(environment: ProcessInfo.processInfo.environment)
    let server: FootballGatherServer
    do {
        server = try FootballGatherServer(configuration: configuration)
    } catch let missing as DatabaseMissing {
        StandardStream.error.write("gather-server: \(missing)\n")
        exit(ServerExitStatus.databaseMissing)
    } catch let refusal as DatabaseServerLock.Failure {
        if case .alreadyServed = refusal {
            StandardStream.error.write("gather-server: \(refusal)\n")
            exit(ServerExitStatus.databaseInUse)
        }
        fail("cannot open database \(configuration.databasePath): \(refusal)")
    } catch {
        // SQLite says "disk I/O error" when it cannot grow a file: name the full disk instead.
        if let free = DatabaseFile.freeBytes(near: configuration.databasePath), free < DatabaseFile.spaceToStart {
            fail("no space left on the device holding \(configuration.databasePath): \(free) bytes free; free some space, "
                 + "then start again (\(error))")
        }
        fail("cannot open database \(configuration.databasePath): \(error)")
    }
    if let mode = DatabaseFile.permissionsForOthers(configuration.databasePath) {
        server.log.warning("gather-server: \(configuration.databasePath) (password hashes inside) is readable by others "
                        + "(mode \(String(mode, radix: 8))); chmod 600 it")
    }
    let port: Int
    do {
        port = try server.start()
    } catch {
        fail("\(error)")
    }
    // Started at this version: copies kept from earlier migrations go once they are old enough.
    for removed in MigrationCopy.prune(beside: configuration.databasePath) {
        server.log.info("gather-server: removed \(removed), the copy kept from before an earlier migration (older than 14 days)")
    }
    let host = configuration.http.host.contains(":") ? "[\(configuration.http.host)]" : configuration.http.host
    // Written straight to the descriptor so a pipe reading it sees the line at once.
    let scheme = configuration.http.tls == nil ? "http" : "https"
    var metricsURL: String?
    if configuration.metrics {
        metricsURL = "\(scheme)://\(host):\(port)/metrics"
    } else if let listen = configuration.metricsListen, let metricsPort = server.metricsPort {
        metricsURL = "http://\(listen.host.contains(":") ? "[\(listen.host)]" : listen.host):\(metricsPort)/metrics"
    }
    StandardStream.output.write(server.log.startupLine(url: "\(scheme)://\(host):\(port)", database: configuration.databasePath,
                                                       schemaVersion: Schema.migrator.latestVersion,
                                                       migratedFrom: server.database.migratedFrom, metrics: metricsURL))
    let tls = configuration.http.tls
    let renewal = tls.map { CertificateRenewal($0, log: server.log) }
    ShutdownSignals.wait(reload: {
        guard let tls else {
            server.log.info("gather-server: SIGHUP: nothing to reload (no --tls-cert)")
            return
        }
        do {
            try tls.reload()
            server.log.info("gather-server: SIGHUP: reloaded the TLS certificate \(tls.context.certificateFile)")
            renewal?.reloaded()
        } catch {
            server.log.error("gather-server: SIGHUP: could not reload the TLS certificate, the current one stays in use: \(error)")
        }
    }) { _ in
        server.log.info("gather-server: shutting down")
        let graceful = server.shutdown()
        if !graceful { server.log.warning("gather-server: closed connections still busy after the grace period") }
        exit(0)
    }
}
