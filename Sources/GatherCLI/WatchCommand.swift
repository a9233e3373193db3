import GatherClient
import Networking

/// What `gather watch` listens to and how it says so: ready before the full screen starts.
package struct WatchRequest: Sendable {
    package let feed: HTTPLiveFeed
    package let label: String
}

/// How `gather watch [SHARE-URL]` begins: the full screen, or an exit before it (help, a bad link,
/// not logged in).
package enum WatchLaunch: Sendable {
    case watch(WatchRequest)
    case exit(Int32)
}

extension CommandLineApp {
    /// Reads `gather watch`'s arguments into where to listen: the link given, or without one the
    /// organiser's own match with the saved session. Runs before any thread starts (the full
    /// screen blocks its signals first), so it waits for nothing: no request goes out here.
    package func launchWatch(_ arguments: [String]) -> WatchLaunch {
        let (leading, rest) = CommandLineApp.splitLeadingOptions(arguments)
        let parser = CommandLineApp.parser
        do {
            switch try parser.parse(rest + leading) {
            case .help(let spec):
                console.line(parser.help(for: spec, program: "gather"))
                return .exit(ExitCode.success.rawValue)
            case .run(let command):
                let context = try CommandContext(command: command, environment: environment, console: console)
                let source: LiveFeedSource
                if let link = command.arguments.first {
                    do {
                        source = try LiveFeedSource.shareLink(link, server: context.client.address)
                    } catch {
                        throw CommandFailure.usage(error.description)
                    }
                } else {
                    let session = try context.requireSession()
                    source = .ownMatch(server: context.client.address, token: session.token,
                                       group: context.chosenGroup(of: session)?.groupID)
                }
                // A link may name another server than --server: its own scheme says whether TLS is needed.
                var tls: TLSClientContext?
                if source.server.scheme == .https {
                    do {
                        tls = try TLSClientContext(caFile: context.settings.caFile, verifies: !context.settings.insecure)
                    } catch {
                        throw CommandFailure.usage(error.description)
                    }
                }
                return .watch(WatchRequest(feed: HTTPLiveFeed(source: source, tls: tls, timeout: context.settings.timeout),
                                           label: source.label))
            }
        } catch {
            return .exit(status(for: error))
        }
    }
}
