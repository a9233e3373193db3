import GatherWire

extension JSONObject {
    /// A player's fields, declared once for a `Player` and for a stored row read in place, whose
    /// name and favourite team (`null` when unset) are written from the column's bytes without a
    /// string made for each (a roster read from the database). With `retired` and `team`, a
    /// `GatherPlayer`'s fields, each in its place.
    ///
    /// A function of parts rather than of a protocol: inlinable either way, but a protocol's
    /// extension was left generic in the other modules, a call through witnesses for each field.
    @inlinable
    package mutating func playerFields(id: Int, age: Int?, skill: Skill?, preferredPosition: Position?,
                                       retired: Bool? = nil, team: Team? = nil, regular: Bool? = nil,
                                       name: (inout JSONWriter) -> Void, favouriteTeam: (inout JSONWriter) -> Void) {
        field("age") { $0.optional(age) { $0.int($1) } }
        field("favouriteTeam", favouriteTeam)
        field("id") { $0.int(id) }
        field("name", name)
        field("preferredPosition") { $0.optional(preferredPosition) { $1.write(to: &$0) } }
        if let regular { field("regular") { $0.bool(regular) } }
        if let retired { field("retired") { $0.bool(retired) } }
        field("skill") { $0.optional(skill) { $1.write(to: &$0) } }
        if let team { field("team") { team.write(to: &$0) } }
    }
}
