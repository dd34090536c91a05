/// The label column of a row with a bar or a chart beside its label, when
/// `labelWidth` is 0: 12 columns, at most 2/5 of the row, whatever the
/// label's length (a longer label is cut with `…`). It depends on the row's
/// width only, so the charts and progress bars of one screen start in the
/// same column; `labelWidth` fixes another width. (BasicCells' ProgressCell
/// and ChartCells' SparklineCell and BarChartCell share this rule.)
///
/// ```swift
/// LabelColumn.width(labelWidth: 0, row: 60)   // 12
/// LabelColumn.width(labelWidth: 0, row: 20)   // 8
/// LabelColumn.width(labelWidth: 20, row: 60)  // 20
/// ```
enum LabelColumn {
    static let standard = 12

    static func width(labelWidth: Int, row: Int) -> Int {
        labelWidth > 0 ? labelWidth : min(standard, row * 2 / 5)
    }
}
