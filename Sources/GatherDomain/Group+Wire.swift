import FoundationEssentials
import GatherText
import GatherWire

private func requiredRole<Key: CodingKey>(in container: KeyedDecodingContainer<Key>, forKey key: Key) throws -> GroupRole {
    guard let role = try container.decodeEnumIfPresent(GroupRole.self, forKey: key) else {
        throw ValidationError(field: key.stringValue, message: "is required")
    }
    return role
}

extension GroupSummary: Codable {
    enum CodingKeys: String, CodingKey { case id, name, role, isOwn, createdAt }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(id: try container.decode(UUID.self, forKey: .id), name: try container.decode(String.self, forKey: .name),
                  role: try requiredRole(in: container, forKey: .role), isOwn: try container.decode(Bool.self, forKey: .isOwn),
                  createdAt: try container.decode(Date.self, forKey: .createdAt))
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encode(role.rawValue, forKey: .role)
        try container.encode(isOwn, forKey: .isOwn)
        try container.encode(createdAt, forKey: .createdAt)
    }
}

extension GroupSummary: JSONWritable {
    package func write(to writer: inout JSONWriter) {
        writer.object { object in
            object.field("createdAt") { $0.date(createdAt) }
            object.field("id") { $0.uuid(id) }
            object.field("isOwn") { $0.bool(isOwn) }
            object.field("name") { $0.string(name) }
            object.field("role") { $0.string(role.rawValue) }
        }
    }
}

extension GroupMember: Codable {
    enum CodingKeys: String, CodingKey { case userId, username, role, isFounder, joinedAt }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(userID: try container.decode(UUID.self, forKey: .userId), username: try container.decode(String.self, forKey: .username),
                  role: try requiredRole(in: container, forKey: .role), isFounder: try container.decode(Bool.self, forKey: .isFounder),
                  joinedAt: try container.decode(Date.self, forKey: .joinedAt))
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(userID, forKey: .userId)
        try container.encode(username, forKey: .username)
        try container.encode(role.rawValue, forKey: .role)
        try container.encode(isFounder, forKey: .isFounder)
        try container.encode(joinedAt, forKey: .joinedAt)
    }
}

extension GroupMember: JSONWritable {
    package func write(to writer: inout JSONWriter) {
        writer.object { object in
            object.field("isFounder") { $0.bool(isFounder) }
            object.field("joinedAt") { $0.date(joinedAt) }
            object.field("role") { $0.string(role.rawValue) }
            object.field("userId") { $0.uuid(userID) }
            object.field("username") { $0.string(username) }
        }
    }
}

extension GroupRename: Codable {
    enum CodingKeys: String, CodingKey { case name }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        try self.init(name: container.decode(String.self, forKey: .name))
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
    }
}

extension RoleChange: Codable {
    enum CodingKeys: String, CodingKey { case role }

    package init(from decoder: any Decoder) throws {
        self.init(role: try requiredRole(in: try decoder.container(keyedBy: CodingKeys.self), forKey: .role))
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(role.rawValue, forKey: .role)
    }
}

extension Invite: Codable {
    enum CodingKeys: String, CodingKey { case id, role, createdAt, expiresAt, acceptedBy, acceptedAt }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(id: try container.decode(Int.self, forKey: .id), role: try requiredRole(in: container, forKey: .role),
                  createdAt: try container.decode(Date.self, forKey: .createdAt), expiresAt: try container.decode(Date.self, forKey: .expiresAt),
                  acceptedBy: try container.decodeIfPresent(String.self, forKey: .acceptedBy),
                  acceptedAt: try container.decodeIfPresent(Date.self, forKey: .acceptedAt))
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(role.rawValue, forKey: .role)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(expiresAt, forKey: .expiresAt)
        try container.encode(acceptedBy, forKey: .acceptedBy)
        try container.encode(acceptedAt, forKey: .acceptedAt)
    }
}

extension Invite: JSONWritable {
    package func write(to writer: inout JSONWriter) {
        writer.object { object in
            object.field("acceptedAt") { $0.optional(acceptedAt) { $0.date($1) } }
            object.field("acceptedBy") { $0.optional(acceptedBy) { $0.string($1) } }
            object.field("createdAt") { $0.date(createdAt) }
            object.field("expiresAt") { $0.date(expiresAt) }
            object.field("id") { $0.int(id) }
            object.field("role") { $0.string(role.rawValue) }
        }
    }
}

extension InviteDraft: Codable {
    enum CodingKeys: String, CodingKey { case role, days }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        try self.init(role: requiredRole(in: container, forKey: .role),
                      days: container.decodeWholeNumberIfPresent(forKey: .days) ?? InviteDraft.defaultDays)
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(role.rawValue, forKey: .role)
        try container.encode(days, forKey: .days)
    }
}

extension CreatedInvite: Codable {
    enum CodingKeys: String, CodingKey { case code }

    package init(from decoder: any Decoder) throws {
        invite = try Invite(from: decoder)
        code = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .code)
    }

    package func encode(to encoder: any Encoder) throws {
        try invite.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(code, forKey: .code)
    }
}

extension CreatedInvite: JSONWritable {
    package func write(to writer: inout JSONWriter) {
        writer.object { object in
            object.field("code") { $0.string(code) }
            object.field("createdAt") { $0.date(invite.createdAt) }
            object.field("expiresAt") { $0.date(invite.expiresAt) }
            object.field("id") { $0.int(invite.id) }
            object.field("role") { $0.string(invite.role.rawValue) }
        }
    }
}
