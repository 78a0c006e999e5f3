/// What a `DigestCache` holds during a run: the old file read forward to the last name
/// expected, the new one written up to the last name settled, and between them the
/// names in flight with their old and new entries. Names are bytes: `é` and `e\u{301}`
/// are two files (Swift's `String` equates them).
struct DigestWindow {
    /// One name in flight: what the old file held of it, and what this run learnt.
    struct Slot {
        var name: [UInt8]
        var old: DigestEntry?
        var new: DigestEntry?
    }

    var keepsUnseen = false
    var opened = false
    var reader: DigestCacheFile.Reader?
    /// The old file's next record, read ahead of the names expected.
    var ahead: (name: [UInt8], entry: DigestEntry)?
    var writer: DigestCacheFile.Writer?
    /// In byte order of their names.
    var slots: [Slot] = []
    var lastExpected: [UInt8]?
    var peakHeld = 0

    /// Opens the old file and the new one at the first use in a run.
    mutating func open(_ cache: DigestCache) {
        guard !opened else { return }
        opened = true
        reader = DigestCacheFile.Reader(cache.path, root: cache.root)
        ahead = reader?.next()
        writer = DigestCacheFile.Writer(cache.path, root: cache.root)
    }

    /// `name` enters the window: the old file is read up to it. Names come in byte order;
    /// one that does not is not held (its digests are read, and not remembered).
    mutating func expect(_ name: [UInt8], _ cache: DigestCache) {
        open(cache)
        guard lastExpected.map({ $0.lexicographicallyPrecedes(name) }) ?? true else { return }
        lastExpected = name
        while let record = ahead, record.name.lexicographicallyPrecedes(name) {
            if keepsUnseen { slots.append(Slot(name: record.name, old: record.entry)) }
            ahead = reader?.next()
        }
        var slot = Slot(name: name)
        if let record = ahead, record.name == name {
            slot.old = record.entry
            ahead = reader?.next()
        }
        slots.append(slot)
        peakHeld = max(peakHeld, slots.count + (ahead == nil ? 0 : 1))
    }

    /// The index of `name`'s slot; a name past the last expected is expected now (a
    /// caller that asks in name order without expecting), one before it is not held.
    mutating func slot(_ name: [UInt8], _ cache: DigestCache) -> Int? {
        if let found = index(of: name) { return found }
        guard lastExpected.map({ $0.lexicographicallyPrecedes(name) }) ?? true else { return nil }
        expect(name, cache)
        return slots.last?.name == name ? slots.count - 1 : nil
    }

    /// Binary search: the slots are in name order.
    func index(of name: [UInt8]) -> Int? {
        var low = 0
        var high = slots.count
        while low < high {
            let middle = (low + high) / 2
            if slots[middle].name.lexicographicallyPrecedes(name) { low = middle + 1 } else { high = middle }
        }
        return low < slots.count && slots[low].name == name ? low : nil
    }

    /// Every name up to `name` is done with: each is written out (what this run learnt,
    /// else what the old file held; a lookup checks it against the file anyway).
    mutating func settle(through name: [UInt8]) {
        var done = 0
        while done < slots.count, !name.lexicographicallyPrecedes(slots[done].name) {
            if let entry = slots[done].new ?? slots[done].old { writer?.write(slots[done].name, entry) }
            done += 1
        }
        slots.removeFirst(done)
    }

    /// Writes the names still held, the rest of the old file when the run did not see
    /// the whole root, and puts the new file in the old one's place.
    mutating func finish(complete: Bool) {
        guard opened else { return }
        if let last = slots.last?.name { settle(through: last) }
        if !complete || keepsUnseen {
            while let record = ahead {
                writer?.write(record.name, record.entry)
                ahead = reader?.next()
            }
        }
        writer?.commit()
        self = DigestWindow(keepsUnseen: keepsUnseen, peakHeld: peakHeld)
    }
}
