/// A row read from column `offset` on, so one row of a join can be read by each table's own
/// reader (which counts its columns from 0).
struct ShiftedRow<Base: RowReading>: RowReading {
    let row: Base
    let offset: Int

    init(row: Base, by offset: Int) {
        self.row = row
        self.offset = offset
    }

    func int(_ index: Int) throws -> Int { try row.int(index + offset) }
    func optionalInt(_ index: Int) throws -> Int? { try row.optionalInt(index + offset) }
    func string(_ index: Int) throws -> String { try row.string(index + offset) }
    func optionalString(_ index: Int) throws -> String? { try row.optionalString(index + offset) }
}
