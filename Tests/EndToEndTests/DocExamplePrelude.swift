/// What the SDK's doc examples take as given, compiled with them
/// (DocExamplesCompileTests): the table, cell and registrar an example
/// talks about, and the cells and controllers several examples share. An
/// example that declares a type of the same name uses its own (each example
/// is compiled in an enum of its own). Only the public SDK: no SPI.
enum DocExamplePrelude {
    /// The types the prelude declares.
    static var typeNames: Set<String> {
        Set(
            source.split(separator: "\n").compactMap { line in
                let words = line.split(separator: " ")
                guard let index = words.firstIndex(where: { ["class", "enum", "struct"].contains($0) }),
                    index + 1 < words.count
                else { return nil }
                return String(words[index + 1].prefix { $0.isLetter || $0.isNumber })
            })
    }

    static let source = """
        import CellKit

        var table: TableView { fatalError() }
        var tableView: TableView { fatalError() }
        var collection: CollectionView { fatalError() }
        var collectionView: CollectionView { fatalError() }
        var grid: CollectionView { fatalError() }
        var indexPath: IndexPath { fatalError() }
        var registrar: PluginRegistrar { fatalError() }
        var context: DrawingContext { fatalError() }
        var cell: ProgressCell { fatalError() }
        var names: Names { fatalError() }
        var tiles: any CollectionViewDataSource { fatalError() }
        var dataView: any DataViewable { fatalError() }
        var request: DataRequest { fatalError() }

        final class SQLiteSource: DataSource {
            static let format = DataFormat(name: "sqlite", fileExtensions: ["db"])
            init(_ request: DataRequest) throws(DataSourceError) {}
            func count() throws(DataSourceError) -> Int { 0 }
            func read(from record: Int, into batch: inout DataBatch) throws(DataSourceError) {}
        }
        final class KeyValueSource: DataSource {
            static let format = DataFormat(name: "kv", fileExtensions: ["kv"])
            init(_ request: DataRequest) throws(DataSourceError) {}
            func count() throws(DataSourceError) -> Int { 0 }
            func read(from record: Int, into batch: inout DataBatch) throws(DataSourceError) {}
        }

        enum WeatherCells: Plugin {
            static let name = "WeatherCells"
            static let version = "1.0.0"
            static let summary = "weather cells"
            static func register(in registrar: PluginRegistrar) throws {}
        }

        final class Names: TableViewDataSource {
            func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 0 }
            func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell { TableViewCell() }
        }

        final class NameCell: TableViewCell, Reusable {
            let label = Label()
        }
        final class FirstTableViewCell: TableViewCell, NibReusable {}
        final class SecondTableViewCell: TableViewCell, NibReusable {}

        final class ProgressCell: TableViewCell, Reusable, Inspectable {
            var label = ""
            var value = 0.0
            static var inspectableAttributes: [InspectableAttribute<ProgressCell>] {
                [.init("label", \\.label), .init("value", \\.value)]
            }
        }

        final class ForecastCell: TableViewCell, Reusable, Inspectable {
            var day = ""
            var high = 0
            var color: Color = .default
            static var inspectableAttributes: [InspectableAttribute<ForecastCell>] {
                [.init("day", \\.day), .init("high", \\.high), .init("color", \\.color)]
            }
        }

        final class HelloCell: TableViewCell, Reusable, Inspectable {
            var name = "world"
            static var inspectableAttributes: [InspectableAttribute<HelloCell>] { [.init("name", \\.name)] }
        }

        final class ProfileCell: TableViewCell, NibReusable {
            @Outlet var name: Label
            @Outlet var role: Label
        }

        final class CardCell: TableViewCell, NibReusable {
            @Outlet var title: Label
            @Outlet var detail: Label
        }

        final class GaugeCell: TableViewCell, NibReusable {
            @Outlet var task: Label
        }

        final class GaugeBar: View {
            var fraction = 0.0
        }

        final class TileCell: CollectionViewCell, Reusable {
            let value = Label()
        }

        final class SectionHeader: TableViewHeaderFooterView, Reusable {}

        final class StatusWidget: View, NibOwnerLoadable {}

        final class TodayViewController: ViewController, StoryboardBased {}
        final class DayViewController: ViewController, StoryboardSceneBased {
            static var sceneStoryboard: Storyboard { Week.storyboard }
        }
        final class TeamViewController: ViewController {}
        final class PageViewController: ViewController {}
        final class DetailsViewController: ViewController {}

        enum Week: String, StoryboardScenes, CaseIterable, HasInitialController {
            typealias InitialControllerType = TodayViewController
            case initialViewController, dayViewController
            static var day: Loader<DayViewController> { loader(identifier: "dayViewController") }
        }
        enum Main: String, StoryboardScenes, CaseIterable {
            case initialViewController, pageViewController
        }
        enum Details: StoryboardScenes, HasInitialController {
            typealias InitialControllerType = DetailsViewController
        }
        """
}
