import Foundation
import Storage

/// The parts of Keystone's token answer objsh uses: when the token expires, whose
/// project it is for, and the catalog's object-store endpoints.
struct KeystoneAnswer: Decodable {
    struct Token: Decodable {
        var expires_at: String?
        var project: Named?
        var catalog: [Service]?
    }
    struct Named: Decodable {
        var id: String?
        var name: String?
    }
    struct Service: Decodable {
        var type: String
        var endpoints: [Endpoint]
    }
    struct Endpoint: Decodable {
        var interface: String
        var region: String?
        var region_id: String?
        var url: String
        var regionName: String { region_id ?? region ?? "" }
    }

    var token: Token

    /// Decodes Keystone's JSON; an answer that is not one is an invalid answer.
    static func decode(_ data: Data) throws -> KeystoneAnswer {
        do {
            return try JSONDecoder().decode(KeystoneAnswer.self, from: data)
        } catch {
            throw StorageError.invalidResponse("Keystone's token answer is not the JSON of a v3 token")
        }
    }

    /// When the token stops being valid, from `expires_at` (ISO 8601, fractional seconds optional).
    var expiresAt: Date? {
        guard let text = token.expires_at else { return nil }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.date(from: text)
    }

    /// The object-store URL for `region` (nil: any) and `interface`; when there is none,
    /// an error naming the regions and interfaces that exist.
    func storageURL(region: String?, interface: String) throws -> String {
        let project = token.project?.name ?? token.project?.id ?? "the token's scope"
        let stores = (token.catalog ?? []).filter { $0.type == "object-store" }.flatMap(\.endpoints)
        guard !stores.isEmpty else {
            throw StorageError.unauthorized(
                "Keystone's catalog for project \(project) has no object-store service "
                    + "(is Swift there, and does the user have a role on the project?)")
        }
        let regions = Self.distinct(stores.map(\.regionName))
        let inRegion = region.map { wanted in stores.filter { $0.regionName == wanted } } ?? stores
        guard !inRegion.isEmpty else {
            throw StorageError.unauthorized(
                "no object-store in region \(region ?? ""); the catalog has "
                    + regions.joined(separator: ", "))
        }
        guard let chosen = inRegion.first(where: { $0.interface == interface }) else {
            let interfaces = Self.distinct(inRegion.map(\.interface)).joined(separator: ", ")
            throw StorageError.unauthorized(
                "no \(interface) object-store endpoint in \(region ?? regions.joined(separator: ", ")); "
                    + "it has \(interfaces)")
        }
        return chosen.url
    }

    private static func distinct(_ names: [String]) -> [String] {
        var seen = Set<String>()
        return names.filter { seen.insert($0).inserted }
    }
}
