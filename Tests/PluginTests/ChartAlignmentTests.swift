@_spi(Host) import CellKit
import Testing

/// docs/plugins/chart-cells.md: the sparklines, bar charts and progress bars
/// of one screen start in the same column without settings, whatever the
/// length of their labels.
@Suite struct ChartAlignmentTests {
    static let screen = """
        table border=rounded
        row SparklineCell label=Requests values=[3,4,5,7,9,12,14,13] unit=/s
        row SparklineCell label="Requests per second, all regions" values=[3,4,5,7,9,12,14,13] unit=/s
        row BarChartCell labels="api,a worker with a long name" values=[12500,980]
        row ProgressCell label=Disk value=0.72
        row ProgressCell label="Disk of the build machine" value=0.5
        """

    /// The column of the first chart glyph (a bar, a track, a sparkline level) on `line`.
    static func chartStart(_ line: Substring) -> Int? {
        let glyphs: Set<Character> = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█", "▏", "▎", "▍", "▌", "▋", "▊", "▉", "░"]
        return line.firstIndex { glyphs.contains($0) }.map { line.distance(from: line.startIndex, to: $0) }
    }

    @Test(arguments: [30, 40, 64, 100]) func chartsStartTogetherWhateverTheLabels(_ width: Int) throws {
        let (table, source) = try ScreenScript(Self.screen).makeTable()
        let text = table.renderCanvas(width: width).text
        #expect(source.errors.isEmpty, "\(source.errors)")
        let lines = text.split(separator: "\n").filter { Self.chartStart($0) != nil }
        #expect(lines.count == 6, "\(text)")
        let starts = Set(lines.compactMap(Self.chartStart))
        #expect(starts.count == 1, "charts start in columns \(starts.sorted()) at \(width):\n\(text)")
        // A label longer than the column is cut, not dropped.
        #expect(text.contains(width >= 40 ? "Requests pe… " : "Requests… "), "\(text)")
    }

    /// `labelWidth` still fixes the column, for labels that must show whole.
    @Test func labelWidthShowsALongLabelWhole() throws {
        let (table, source) = try ScreenScript(
            """
            table border=rounded
            row SparklineCell label="Requests per second" values=[1,2,3] labelWidth=20
            """
        ).makeTable()
        let text = table.renderCanvas(width: 60).text
        #expect(source.errors.isEmpty, "\(source.errors)")
        #expect(text.contains("Requests per second "), "\(text)")
    }
}
