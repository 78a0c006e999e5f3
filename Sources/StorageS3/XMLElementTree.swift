import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// One element of a small XML document (an S3 answer: a listing page, an error, a
/// multipart result), read with FoundationXML's `XMLParser`: names without their
/// namespace prefix, text with entities resolved.
struct XMLNode: Sendable, Equatable {
    var name: String
    var text = ""
    var children: [XMLNode] = []

    /// The first child called `name`.
    func child(_ name: String) -> XMLNode? { children.first { $0.name == name } }

    /// Every child called `name`, in order.
    func children(_ name: String) -> [XMLNode] { children.filter { $0.name == name } }

    /// The text of the first child called `name`.
    func text(_ name: String) -> String? { child(name)?.text }

    /// Parses `data`; nil when it is not well-formed XML, or declares a document type.
    static func parse(_ data: Data) -> XMLNode? {
        guard !declaresDocumentType(data) else { return nil }
        let builder = XMLTreeBuilder()
        let parser = XMLParser(data: data)
        parser.delegate = builder
        parser.shouldProcessNamespaces = false
        parser.shouldResolveExternalEntities = false
        guard parser.parse(), let root = builder.root else { return nil }
        return root
    }

    /// Whether `data` declares a document type: S3 answers never do, and its entities
    /// (nested ones, a billion laughs; SYSTEM ones, a local file) are refused, not
    /// expanded. A name in an answer cannot hold these bytes: its `<` is escaped.
    static func declaresDocumentType(_ data: Data) -> Bool {
        data.range(of: Data("<!DOCTYPE".utf8)) != nil
    }
}

/// Builds the tree as the parser reports elements.
private final class XMLTreeBuilder: NSObject, XMLParserDelegate {
    var stack: [XMLNode] = []
    var root: XMLNode?

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
        qualifiedName: String?, attributes: [String: String] = [:]
    ) {
        let local = elementName.split(separator: ":").last.map(String.init) ?? elementName
        stack.append(XMLNode(name: local))
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        guard !stack.isEmpty else { return }
        stack[stack.count - 1].text += string
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        guard let done = stack.popLast() else { return }
        if stack.isEmpty { root = done } else { stack[stack.count - 1].children.append(done) }
    }
}
