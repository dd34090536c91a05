@_spi(Host) import CellKit
import Testing

/// Every cell in a bordered table at 80, 40 and 20 columns, as plain text,
/// and one screen per plugin as ANSI: compared with `Golden/*.txt`.
@Suite struct GoldenTests {
    /// The screen rendered at each width, one after the other, each under a caption.
    static func render(_ script: String, widths: [Int] = [80, 40, 20]) throws -> String {
        let (table, source) = try ScreenScript(script).makeTable()
        var out: [String] = []
        for width in widths {
            out.append("width \(width):\n" + table.renderCanvas(width: width).text)
        }
        #expect(source.errors.isEmpty, "\(source.errors)")
        return out.joined(separator: "\n\n")
    }

    /// The screen as ANSI (16 colours), escape characters written `\e` so the file reads.
    static func renderANSI(_ script: String, width: Int) throws -> String {
        let (table, source) = try ScreenScript(script).makeTable()
        let output = MemoryOutput()
        try table.render(width: width, to: ANSIWriter(output: output, colorMode: .ansi16))
        #expect(source.errors.isEmpty, "\(source.errors)")
        return output.string.replacing("\u{1B}", with: "\\e")
    }

    /// Each cell's screen, by the name of its golden file.
    static let cells: [String: String] = [
        "TextCell": Screens.textCell, "KeyValueCell": Screens.keyValueCell, "ProgressCell": Screens.progressCell,
        "BadgeCell": Screens.badgeCell, "SectionHeader+SectionFooter": Screens.sections,
        "SparklineCell": Screens.sparklineCell, "BarChartCell": Screens.barChartCell,
        "ColumnsCell": Screens.columnsCell, "ColumnsCell+header": Screens.columnsHeaderRow,
        "ProfileCell": Screens.profileCell, "NoticeBox": Screens.noticeBox,
        "ContactCard": Screens.contactCard,
    ]

    /// Each plugin's screen.
    static let plugins = [
        "BasicCells": Screens.basicDashboard, "ChartCells": Screens.chartDashboard, "CardCells": Screens.cardDashboard,
    ]

    @Test(arguments: cells.keys.sorted()) func aCellAt80And40And20Columns(_ name: String) throws {
        GoldenFile.check(try Self.render(try #require(Self.cells[name])), named: name)
    }

    /// GaugeCell's bar is a view outlet that takes the slack of its nib line:
    /// it grows and shrinks with the width while the name and the percentage
    /// keep theirs, down to the bar's `min=3`; as ANSI, the bar keeps its colour.
    @Test func aStretchingViewOutletAtFiveWidths() throws {
        GoldenFile.check(try Self.render(Screens.gaugeCell, widths: [80, 60, 40, 30, 23]), named: "GaugeCell")
        GoldenFile.check(try Self.renderANSI(Screens.gaugeCell, width: 40), named: "GaugeCell.ansi")
    }

    /// One screen per plugin, 64 columns wide, as plain text and as ANSI.
    @Test(arguments: plugins.keys.sorted()) func aPluginsScreen(_ plugin: String) throws {
        let script = try #require(Self.plugins[plugin])
        GoldenFile.check(try Self.render(script, widths: [64]), named: "\(plugin).screen")
        GoldenFile.check(try Self.renderANSI(script, width: 64), named: "\(plugin).ansi")
    }
}

/// The screens the golden files show.
enum Screens {
    static let textCell = """
        table border=rounded
        row TextCell text="Good morning, Ada" style=title
        row TextCell text="Three meetings today; the first at 09:30."
        row TextCell text="Deploys are frozen until Friday." style=dim
        row TextCell text="centred" alignment=center
        row TextCell text="right-aligned" alignment=right
        row TextCell text="A long line that has to give way somewhere when the terminal gets narrow"
        row TextCell text=""
        row TextCell text="after an empty row" style=italic
        """

    static let keyValueCell = """
        table border=rounded
        row KeyValueCell key=Uptime value="12 days 4 h"
        row KeyValueCell key="Load average" value="0.42 0.37 0.30"
        row KeyValueCell key=Kernel value=6.8.0-45-generic leader=space
        row KeyValueCell key="A key long enough to give way to its value" value=1815
        row KeyValueCell key=Status value=healthy valueColor=green
        row KeyValueCell key=Owner value="Ada Lovelace" keyStyle=dim valueStyle=plain
        row KeyValueCell key="Key only" value=""
        row KeyValueCell key="" value="value only"
        """

    static let progressCell = """
        table border=rounded
        row ProgressCell label=Disk value=0.72
        row ProgressCell label=Memory value=0.31
        row ProgressCell label=CPU value=0.999
        row ProgressCell label=Swap value=0
        row ProgressCell label="Build cache" value=1
        row ProgressCell label="Over the top" value=1.3
        row ProgressCell label="Below zero" value=-0.2
        row ProgressCell label="Quota, thresholds at 80% and 95%" value=0.91 thresholds=[0.8,0.95]
        row ProgressCell label=Battery value=0.15 thresholds=[0.2,0.1]
        row ProgressCell value=0.5
        row ProgressCell label=Narrow value=0.5 labelWidth=6
        """

    static let badgeCell = """
        table border=rounded
        row BadgeCell status=ok text="Backups completed" detail=03:12
        row BadgeCell status=warning text="Disk /var at 91%" detail=09:40
        row BadgeCell status=error text="Deploy of api-7 failed: migration 0042 timed out" detail=10:02
        row BadgeCell status=info text="Maintenance window on Saturday, 02:00 to 04:00"
        row BadgeCell status=neutral text="Nightly report skipped" badge=SKIP
        row BadgeCell status=ok text="Coloured text instead of a block" filled=false
        row BadgeCell status=error
        """

    static let sections = """
        table border=rounded
        section
        header SectionHeader title=Today subtitle="Tuesday 12 March" detail="3 tasks"
        row TextCell text="Stand-up at 09:30"
        row TextCell text="Review the release notes"
        row TextCell text="Call the bank"
        footer SectionFooter text="Updated 09:41 from 3 calendars"
        section
        header SectionHeader title=Later color=magenta
        row TextCell text="Plan the offsite"
        footer SectionFooter text="2 more next week" alignment=right
        section
        header SectionHeader title="Without a rule" rule=false detail=7
        row TextCell text="A row"
        footer SectionFooter text="centred footer" alignment=center
        """

    static let sparklineCell = """
        table border=rounded
        row SparklineCell label=Requests values=[3,4,4,5,7,9,12,14,13,11,9,8,8,9,11,14,18,21,24,22,19,15,12,10] unit=/s
        row SparklineCell label=Latency values=[12,14,13,18,25,40,32,21,17,15,14,13] unit=ms
        row SparklineCell label=Errors values=[0,0,0,1,0,0,3,0,0,0,0,1]
        row SparklineCell label=Flat values=[5,5,5,5]
        row SparklineCell label="Two points" values=[1,2]
        row SparklineCell label="On a 0-100 scale" values=[20,40,60,55,35] range=[0,100] unit=%
        row SparklineCell label="Large numbers" values=[12000,15500,9800,21000]
        row SparklineCell label="No data" values=[]
        row SparklineCell values=[1,3,2,5,4,6]
        """

    static let barChartCell = """
        table border=rounded separators=line
        row BarChartCell labels="Mon,Tue,Wed,Thu,Fri,Sat,Sun" values=[42,53,8,31,47,12,0]
        row BarChartCell labels="api, web, worker, a label that is rather long" values=[12500,3400.5,980,15] unit=" req"
        row BarChartCell labels="Q1,Q2,Q3" values=[0.5,0.25] maximum=1 color=green
        row BarChartCell labels="gain,loss" values=[2,-3]
        row BarChartCell labels="" values=[]
        """

    static let columnsCell = """
        table border=rounded columns=4,*,6
        tableheader ColumnsCell values="#|Name|Born" widths=4,*,6 align=right,left,right divider=light header=true
        row ColumnsCell values="1|Ada Lovelace|1815" widths=4,*,6 align=right,left,right divider=light
        row ColumnsCell values="2|Grace Brewster Murray Hopper|1906" widths=4,*,6 align=right,left,right divider=light
        row ColumnsCell values="3|Katherine Johnson|1918" widths=4,*,6 align=right,left,right divider=light
        row ColumnsCell values="4|Missing year" widths=4,*,6 align=right,left,right divider=light
        """

    /// Issue 7's screen: a header row of ColumnsCell (its texts a list)
    /// whose rule and dividers join a heavy border; no `columns=` on the table.
    static let columnsHeaderRow = """
        table border=heavy
        row ColumnsCell values="[ID, Name, Value, Status]" widths=8,*,12,8 align=right,left,right,left divider=light header=true
        row ColumnsCell values="[1, Ada Lovelace, 12.50, active]" widths=8,*,12,8 align=right,left,right,left divider=light
        row ColumnsCell values="[2, 高橋 さくら, 7, paused]" widths=8,*,12,8 align=right,left,right,left divider=light
        row ColumnsCell values="3|Grace Hopper 🚀|1906.5|failed" widths=8,*,12,8 align=right,left,right,left divider=light
        """

    static let basicDashboard = """
        table border=rounded title="Morning report"
        section
        header SectionHeader title=Today subtitle="Tuesday 12 March" detail="09:41"
        row TextCell text="Good morning, Ada" style=bold
        row KeyValueCell key=Uptime value="12 days"
        row KeyValueCell key="Open tickets" value=7
        row ProgressCell label=Disk value=0.72
        row ProgressCell label=Memory value=0.91 thresholds=[0.8,0.95]
        section
        header SectionHeader title=Checks detail="3 of 4 passing"
        row BadgeCell status=ok text="Backups completed" detail=03:12
        row BadgeCell status=warning text="Certificate expires in 9 days"
        row BadgeCell status=error text="Deploy of api-7 failed" detail=10:02
        row BadgeCell status=info text="Maintenance on Saturday"
        footer SectionFooter text="Checked 2 minutes ago"
        """

    static let chartDashboard = """
        table border=rounded title="Traffic"
        row SparklineCell label=Requests values=[3,4,4,5,7,9,12,14,13,11,9,8,8,9,11,14,18,21,24,22,19,15,12,10] unit=/s
        row SparklineCell label=Latency values=[12,14,13,18,25,40,32,21,17,15,14,13] unit=ms color=magenta
        row BarChartCell labels="api,web,worker,cron" values=[12500,3400.5,980,15]
        row ColumnsCell values="Service|Region|Uptime" widths=*,*,8 align=left,left,right header=true divider=light
        row ColumnsCell values="api|eu-west-1|99.98%" widths=*,*,8 align=left,left,right divider=light
        row ColumnsCell values="web|us-east-2|99.9%" widths=*,*,8 align=left,left,right divider=light
        """

    static let profileCell = """
        table border=rounded
        row ProfileCell name="Ada Lovelace" role=Analyst bio="Wrote the first program for the Analytical Engine, and saw that it could do more than arithmetic."
        row ProfileCell name="Grace Hopper" role="Rear Admiral"
        row ProfileCell name="高橋 さくら" role=デザイナー bio="漢字とかなと絵文字 🎨 を含む紹介文が折り返されます。" accent=magenta
        row ProfileCell name="A name long enough to push the role out of the border" role="Somebody important"
        """

    static let gaugeCell = """
        table border=rounded
        row GaugeCell name=Disk value=0.72
        row GaugeCell name=Memory value=0.31 color=cyan
        row GaugeCell name=CPU value=0.999
        row GaugeCell name=Swap value=0
        row GaugeCell name="Build cache, full" value=1
        row GaugeCell name="Over the top" value=1.3
        row GaugeCell value=0.5
        """

    static let noticeBox = """
        table border=none
        row NoticeBox title="Maintenance" message="The database is read-only from 22:00 to 23:00 UTC while the storage is replaced."
        row NoticeBox title="Short" message="ok"
        row NoticeBox title="" message=""
        """

    static let contactCard = """
        table border=light
        row ContactCard name="Ada Lovelace" email=ada@example.org phone="+44 20 7946 0000"
        row ContactCard name="Katherine Johnson" email=kj@nasa.example phone=""
        row ContactCard name="A very long name that should be cut at twenty-four columns" email=x@y.z phone=1
        """

    static let cardDashboard = """
        table border=rounded title="Team"
        row ProfileCell name="Ada Lovelace" role=Analyst bio="First program; saw more than arithmetic."
        row NoticeBox title="Heads up" message="Reviews are due on Friday."
        row ContactCard name="Grace Hopper" email=grace@example.org phone="+1 555 0100"
        """
}
