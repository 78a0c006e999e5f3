import Foundation

/// The facts of an info pane, built once and rendered three ways: as the pane's
/// fields, as the JSON record of `info --json`, and as `Key: value` lines (`-q`).
///
/// Each fact carries both of its names: the pane's label (`Content-Type`) and the JSON
/// key (`content_type`, the label lower-cased with `-` as `_`; `Objects` is `count`, as
/// in `ls --json`). A fact without a key is the record's own name or path, which JSON
/// carries in `name` and `path`.
public struct InfoSheet: Sendable, Equatable {
    /// `account`, `container`, `folder` or `object`: JSON's `kind`.
    public var kind: String
    /// JSON's `name`: the cluster, the container, or the entry's name in its folder.
    public var name: String?
    /// JSON's `path` from the root.
    public var path: String
    public var facts: [InfoFact] = []
    /// User metadata: `Meta-KEY` in the pane, `metadata` in JSON.
    public var metadata: [String: String] = [:]

    public init(kind: String, name: String?, path: String) {
        self.kind = kind
        self.name = name
        self.path = path
    }

    public mutating func add(_ label: String, key: JSONField?, _ value: InfoValue?) {
        guard let value else { return }
        facts.append(InfoFact(label: label, key: key, value: value))
    }
}

/// One fact of an info sheet.
public struct InfoFact: Sendable, Equatable {
    public var label: String
    /// The JSON key; nil when JSON holds it as the record's `name` or `path`.
    public var key: JSONField?
    public var value: InfoValue
}

/// A fact's value, typed so that each rendering writes it its own way.
public enum InfoValue: Sendable, Equatable {
    case text(String)
    /// A value the pane words one way and JSON names another (`static large object (SLO)` and `static`).
    case worded(String, json: String)
    case count(Int)
    /// Bytes: the number, and on the pane its size in KiB, MiB… beside it.
    case bytes(Int64)
    case date(Date)

    /// How the pane and the `Key: value` lines write it.
    public var text: String {
        switch self {
        case .text(let text), .worded(let text, _): text
        case .count(let count): String(count)
        case .bytes(let bytes): bytes >= 1024 ? "\(bytes) (\(ByteCountText.format(bytes)))" : String(bytes)
        case .date(let date): ISODate.format(date)
        }
    }
}

extension InfoSheet {
    /// The pane's fields: each fact, then the metadata by key.
    public var paneFields: [PaneField] {
        facts.map { PaneField(label: $0.label, value: $0.value.text) }
            + metadata.sorted { $0.key < $1.key }.map { PaneField(label: "Meta-\($0.key)", value: $0.value) }
    }

    /// `Label: value` lines, whole and unwrapped, for `info` with no panes (`-q`).
    public var lines: [String] {
        paneFields.map { "\($0.label): \($0.value)" }
    }

    /// The JSON record: kind, name, path, every fact with a key, then the metadata.
    public var json: JSONLine {
        var line = JSONLine()
        line.add(.kind, kind)
        line.add(.name, name)
        line.add(.path, path)
        for fact in facts {
            guard let key = fact.key else { continue }
            switch fact.value {
            case .text(let text): line.add(key, text)
            case .worded(_, let json): line.add(key, json)
            case .count(let count): line.add(key, count)
            case .bytes(let bytes): line.add(key, bytes)
            case .date(let date): line.add(key, ISODate.format(date))
            }
        }
        if kind != "folder" { line.add(.metadata, metadata) }
        return line
    }
}
