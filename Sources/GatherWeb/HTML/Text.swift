/// Runtime text of ours, escaped: a number, a date, a sentence composed of our words. Text a user
/// typed goes in a `Name` instead.
package struct Text: HTMLContent {
    package let node: Node

    package init(_ text: String) {
        node = Node(.text(text))
    }

    package init(_ number: Int) {
        node = Node(.text(String(number)))
    }
}
