import HTTP

/// `GET /openapi.yaml`: the API contract (docs/openapi.yaml, built into the binary).
enum OpenAPIHandler {
    static let body = Array(OpenAPIDocument.yaml.utf8)

    static func document(_ context: RequestContext<LoopReads>) throws -> HTTPResponse {
        HTTPResponse(status: .ok, headers: [HTTPHeaders.Name.contentType: "application/yaml; charset=utf-8"], body: body)
    }
}
