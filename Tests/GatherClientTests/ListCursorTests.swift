@testable import GatherClient
import XCTest

final class ListCursorTests: XCTestCase {
    private func cursor(count: Int, at index: Int = 0) -> ListCursor {
        var cursor = ListCursor()
        cursor.resize(to: count)
        cursor.move(to: index)
        return cursor
    }

    // MARK: Resizing

    func testANewCursorIsOnAnEmptyListWithNoPosition() {
        let cursor = ListCursor()

        XCTAssertEqual(cursor.index, 0)
        XCTAssertEqual(cursor.count, 0)
        XCTAssertEqual(cursor.position, "")
    }

    func testResizingKeepsTheRowWhenItStillExists() {
        var cursor = cursor(count: 10, at: 4)

        cursor.resize(to: 20)
        XCTAssertEqual(cursor.index, 4)
        XCTAssertEqual(cursor.position, "5/20")

        cursor.resize(to: 5)
        XCTAssertEqual(cursor.index, 4)
        XCTAssertEqual(cursor.position, "5/5")
    }

    func testResizingBelowTheRowMovesToTheLastRow() {
        var cursor = cursor(count: 10, at: 8)

        cursor.resize(to: 3)

        XCTAssertEqual(cursor.index, 2)
        XCTAssertEqual(cursor.position, "3/3")
    }

    func testResizingToEmptyGoesBackToTheTopWithNoPosition() {
        var cursor = cursor(count: 10, at: 8)

        cursor.resize(to: 0)
        XCTAssertEqual(cursor.index, 0)
        XCTAssertEqual(cursor.count, 0)
        XCTAssertEqual(cursor.position, "")

        cursor.resize(to: -3)
        XCTAssertEqual(cursor.count, 0, "a negative length is an empty list")
        XCTAssertEqual(cursor.index, 0)
    }

    // MARK: Moving by rows

    func testMovingByRowsSaysWhetherItMoved() {
        var cursor = cursor(count: 5)

        XCTAssertTrue(cursor.move(by: 1))
        XCTAssertEqual(cursor.index, 1)
        XCTAssertTrue(cursor.move(by: 2))
        XCTAssertEqual(cursor.index, 3)
        XCTAssertTrue(cursor.move(by: -3))
        XCTAssertEqual(cursor.index, 0)
        XCTAssertFalse(cursor.move(by: 0))
        XCTAssertEqual(cursor.index, 0)
    }

    func testMovingStopsAtEitherEnd() {
        var cursor = cursor(count: 5, at: 3)

        XCTAssertTrue(cursor.move(by: 20), "a page down past the end stops on the last row")
        XCTAssertEqual(cursor.index, 4)
        XCTAssertFalse(cursor.move(by: 1), "already on the last row")
        XCTAssertEqual(cursor.index, 4)

        XCTAssertTrue(cursor.move(by: -20), "a page up past the top stops on the first row")
        XCTAssertEqual(cursor.index, 0)
        XCTAssertFalse(cursor.move(by: -1), "already on the first row")
        XCTAssertEqual(cursor.index, 0)
    }

    func testMovingOnAnEmptyListNeverMoves() {
        var cursor = ListCursor()

        XCTAssertFalse(cursor.move(by: 1))
        XCTAssertFalse(cursor.move(by: -1))
        XCTAssertFalse(cursor.moveToFirst())
        XCTAssertFalse(cursor.moveToLast())
        XCTAssertEqual(cursor.index, 0)
        XCTAssertEqual(cursor.position, "")
    }

    func testMovingOnASingleRowNeverMoves() {
        var cursor = cursor(count: 1)

        XCTAssertFalse(cursor.move(by: 1))
        XCTAssertFalse(cursor.moveToLast())
        XCTAssertFalse(cursor.moveToFirst())
        XCTAssertEqual(cursor.position, "1/1")
    }

    // MARK: To either end

    func testMovingToTheFirstAndLastRows() {
        var cursor = cursor(count: 157, at: 22)

        XCTAssertTrue(cursor.moveToLast())
        XCTAssertEqual(cursor.index, 156)
        XCTAssertEqual(cursor.position, "157/157")
        XCTAssertFalse(cursor.moveToLast(), "already there")

        XCTAssertTrue(cursor.moveToFirst())
        XCTAssertEqual(cursor.index, 0)
        XCTAssertEqual(cursor.position, "1/157")
        XCTAssertFalse(cursor.moveToFirst(), "already there")
    }

    // MARK: To a row

    func testMovingToARowStaysInsideTheList() {
        var cursor = cursor(count: 5)

        cursor.move(to: 3)
        XCTAssertEqual(cursor.index, 3)
        cursor.move(to: 99)
        XCTAssertEqual(cursor.index, 4)
        cursor.move(to: -2)
        XCTAssertEqual(cursor.index, 0)

        var empty = ListCursor()
        empty.move(to: 3)
        XCTAssertEqual(empty.index, 0)
    }

    // MARK: Position

    func testPositionCountsFromOne() {
        XCTAssertEqual(cursor(count: 157, at: 22).position, "23/157")
        XCTAssertEqual(cursor(count: 3, at: 1).position, "2/3")
        XCTAssertEqual(cursor(count: 0).position, "")
    }
}
