/// What a screen's view is, for navigation: the one kind of value the coordinators stack and the
/// app shows. Every view protocol is a `Screen`; the terminal's views are its screens.
@MainActor
package protocol Screen: AnyObject {}
