// Browser answers in places and patterns (`Location`, `Glob`, `NameFilter`): whoever
// reads its answers imports it, and needs them with it.
@_exported import Places
