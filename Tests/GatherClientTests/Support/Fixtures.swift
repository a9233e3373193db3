@testable import GatherClient
import GatherDomain

enum Fixtures {
    static let ana = Player(id: 1, name: "Ana", age: 30, skill: .amateur, preferredPosition: .midfielder, favouriteTeam: "Porto")
    static let bruno = Player(id: 2, name: "Bruno", age: 25, skill: .professional, preferredPosition: .goalkeeper)
    static let carla = Player(id: 3, name: "Carla")
    static let dani = Player(id: 4, name: "Dani", skill: .beginner, preferredPosition: .striker)

    static let roster = [ana, bruno, carla, dani]
}
