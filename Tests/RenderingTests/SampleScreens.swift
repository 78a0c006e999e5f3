import Rendering

/// Screens shared by the golden and layout tests, full of awkward names on purpose.
enum SampleScreens {
    static let photosParent = PaneView(
        title: "photos/",
        summary: "3 folders, 4 objects",
        body: .entries(
            [
                PaneRow(name: "2023", isFolder: true),
                PaneRow(name: "2024", isFolder: true, isMarked: true),
                PaneRow(name: "holiday snaps", isFolder: true),
                PaneRow(name: "東京タワー.jpg", detail: ByteCountText.format(2_516_582)),
                PaneRow(name: "🎉 party.gif", detail: ByteCountText.format(901_120)),
                PaneRow(name: "evil\u{1B}[31mred.txt", detail: ByteCountText.format(12)),
                PaneRow(name: "line\nbreak.txt", detail: ByteCountText.format(0)),
            ], total: 7)
    )

    static let photos2024Rows: [PaneRow] = [
        PaneRow(name: "raw", isFolder: true),
        PaneRow(name: "한국 여행 (서울)", isFolder: true),
        PaneRow(name: "IMG_0001 beach.jpg", detail: ByteCountText.format(3_481_221)),
        PaneRow(name: "IMG_0002 beach at sunset, very long name.jpg", detail: ByteCountText.format(4_102_003)),
        PaneRow(name: "👨‍👩‍👧‍👦 family.heic", detail: ByteCountText.format(1_843_200)),
        PaneRow(name: "🇯🇵 flag.png", detail: ByteCountText.format(20_480)),
        PaneRow(name: "résumé\u{202E}gpj.exe", detail: ByteCountText.format(65_536)),
        PaneRow(name: "tab\there.txt", detail: ByteCountText.format(999)),
        PaneRow(name: "IMG_0009.jpg", detail: ByteCountText.format(2_000_000)),
        PaneRow(name: "IMG_0010.jpg", detail: ByteCountText.format(2_100_000)),
    ]

    /// Parent on the left, the open folder on the right with more rows than fit.
    static let browse = ScreenView(
        location: "sample:/photos/2024",
        left: photosParent,
        right: PaneView(
            title: "photos/2024/",
            summary: "2 folders, 40 objects",
            body: .entries(photos2024Rows, total: 42)
        )
    )

    /// An object is open: the right pane is its info.
    static let info = ScreenView(
        location: "sample:/photos/2024/IMG_0001 beach.jpg",
        left: PaneView(
            title: "photos/2024/",
            summary: "2 folders, 40 objects",
            body: .entries(
                photos2024Rows.enumerated().map { index, row in
                    var row = row
                    row.isMarked = index == 2
                    return row
                }, total: 42)
        ),
        right: PaneView(
            title: "IMG_0001 beach.jpg",
            summary: "object",
            body: .fields([
                PaneField(label: "Size", value: "3.3 MiB (3481221 bytes)"),
                PaneField(label: "Content-Type", value: "image/jpeg"),
                PaneField(label: "Last-Modified", value: "2024-07-14 18:02:11 UTC"),
                PaneField(label: "ETag", value: "9b2cf535f27731c974343645a3985328"),
                PaneField(label: "X-Object-Meta-Camera", value: "Fujifilm\u{1B}[5m X100V"),
            ])
        )
    )

    /// Search results in one pane; the right column stays blank.
    static let search = ScreenView(
        location: "sample:/photos",
        mode: "search: beach",
        left: PaneView(
            title: "search results",
            summary: "3 matches",
            body: .entries(
                [
                    PaneRow(name: "2024/IMG_0001 beach.jpg", detail: "3.3 MiB", isMarked: true),
                    PaneRow(name: "2024/IMG_0002 beach at sunset, very long name.jpg", detail: "3.9 MiB"),
                    PaneRow(name: "2019/海辺/beach 🏖.png", detail: "512 KiB"),
                ], total: 3)
        ),
        right: nil
    )

    /// Cluster root: containers on the left, an error message and an empty pane on the right.
    static let root = ScreenView(
        location: "sample:/locked",
        left: PaneView(
            title: "sample:/",
            summary: "3 containers",
            body: .entries(
                [
                    PaneRow(name: "empty-bucket", isFolder: true),
                    PaneRow(name: "locked", isFolder: true, isMarked: true),
                    PaneRow(name: "photos", isFolder: true, detail: "1.2 GiB"),
                ], total: 3)
        ),
        right: PaneView(
            title: "locked/",
            summary: "",
            body: .message("HTTP 403 Forbidden:\r\naccess denied")
        )
    )

    /// Nothing important cut: long search paths keep their file names, a 64-character
    /// ETag and a manifest path wrap, a deep folder's header keeps the folder's name.
    static let long = ScreenView(
        location: "sample:/archive/2024/projects/very long project name/deliverables",
        mode: "search: report",
        left: PaneView(
            title: "search report in /archive/2024/projects/very long project name",
            summary: "3 matches",
            body: .entries(
                [
                    PaneRow(
                        name: "archive/2024/projects/very long project name/deliverables/final report.pdf", detail: "3.3 MiB",
                        isMarked: true),
                    PaneRow(name: "archive/2024/projects/very long project name/drafts/report draft 2.docx", detail: "812 KiB"),
                    PaneRow(name: "archive/2024/projects/very long project name/old reports", isFolder: true),
                ], total: 3)
        ),
        right: PaneView(
            title: "info archive/2024/projects/very long project name/deliverables/final report.pdf",
            body: .fields([
                PaneField(label: "Bytes", value: "3481221 (3.3 MiB)"),
                PaneField(label: "ETag", value: "9b2cf535f27731c974343645a39853289b2cf535f27731c974343645a3985328"),
                PaneField(label: "Manifest", value: "dynamic large object (DLO): archive_segments/2024/projects/final report.pdf/"),
            ])
        )
    )

    /// A text object's info: its first lines under the facts, a hostile one escaped, as
    /// many as the pane has room for, each cut to the column.
    static let preview = ScreenView(
        location: "sample:/documents",
        left: PaneView(
            title: "documents/", summary: "1 folder, 2 objects",
            body: .entries([PaneRow(name: "My Reports", isFolder: true), PaneRow(name: "notes.md", detail: "433 B", isMarked: true)], total: 2)
        ),
        right: PaneView(
            title: "info notes.md",
            body: .fields(
                [
                    PaneField(label: "Bytes", value: "433"),
                    PaneField(label: "Content-Type", value: "text/markdown"),
                    PaneField(label: "ETag", value: "9b2cf535f27731c974343645a3985328"),
                ],
                preview: .lines([
                    "# Notes", "", "- the preview reads the first 8 KiB of an object with one ranged GET, and shows what fits",
                    "- \u{1B}[2J stays escaped", "- a fifth line", "- a sixth line", "- a seventh line",
                ]))
        )
    )

    static let all: [(name: String, screen: ScreenView)] = [
        ("browse", browse), ("info", info), ("search", search), ("root", root), ("long", long), ("preview", preview),
    ]
}
