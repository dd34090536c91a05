import CellKitSupport
import DataBinding
import WorkerProtocol

extension CommandSpec {
    /// Widths and counts: large enough for any real screen, small enough that
    /// no script can make the renderer allocate without bound.
    static let widthRange = 1...10_000

    /// The border styles of `screen border=`.
    static let borders = ["none", "ascii", "light", "rounded", "heavy", "double"]

    /// The output formats of `render format=`.
    static let formats = OutputFormat.allCases.map(\.rawValue)

    /// Every command of the language, in the order `help` lists them.
    static let all: [CommandSpec] = [
        CommandSpec(
            name: .load,
            positionals: [.init("plugin", "NAME|PATH", .plugin, "a plugin name or a library path")],
            options: [
                .init(
                    "allow-unsafe", .bool,
                    "load a library file that other users can write to (as --allow-unsafe does)",
                    example: "true"),
                .init(
                    "force", .bool, "load a plugin that was quarantined after crashing the worker 3 times",
                    example: "true"),
            ],
            summary: "load a plugin by name, or from a library file",
            details: """
                A NAME (BasicCells) is looked up on the plugin path; a PATH (it contains '/' \
                or ends in '.so') is loaded as it is. The plugin's cells, header/footer views \
                and nibs are registered under its name (BasicCells.TextCell); their short names \
                work while they are unambiguous. A plugin that fails to load leaves nothing \
                registered. A library file that other users can write to is refused unless \
                allow-unsafe=true, which counts only typed at the prompt or given with -c, \
                never from a file. A plugin in whose code the worker crashed 3 times is \
                quarantined until force=true.
                """,
            examples: [
                "load BasicCells",
                "load .build/debug/libCardCells.so",
                "load /tmp/libMine.so allow-unsafe=true",
            ]),
        CommandSpec(
            name: .reload,
            positionals: [.init("plugin", "PLUGIN", .plugin, "a loaded plugin's name", optional: true)],
            summary: "load the plugins again from their files (after a rebuild)",
            details: """
                Starts a new worker process, which loads every plugin of the session from its \
                file: a rebuilt library and edited nibs are read fresh (nothing is unloaded; \
                the old worker ends). Then the current screen is drawn again. With PLUGIN, that \
                plugin's quarantine ends too (all of them without it).
                """,
            examples: ["reload", "reload CardCells"]),
        CommandSpec(
            name: .plugins,
            summary: "list loaded plugins, and the ones on the plugin path",
            details: """
                Loaded plugins are shown with their version, their file and what they \
                registered; the others are those 'load NAME' would find.
                """,
            examples: ["plugins"]),
        CommandSpec(
            name: .cells,
            positionals: [.init("plugin", "PLUGIN", .plugin, "a plugin name", optional: true)],
            summary: "list registered cells, header/footer views and nibs",
            details: """
                With PLUGIN, only that plugin's. Names are shown qualified \
                (BasicCells.TextCell); 'describe CELL' shows a cell's attributes.
                """,
            examples: ["cells", "cells BasicCells"]),
        CommandSpec(
            name: .describe,
            positionals: [.init("cell", "CELL", .cell, "a cell name")],
            options: [
                .init(
                    "format", .choice(["text", "json"]),
                    "text (the default) or json, for tools (docs/json-output.md)", example: "json")
            ],
            summary: "show a cell's attributes, with their types and defaults",
            details: """
                CELL is a cell, a header/footer view or a nib, by its short name \
                (ProfileCell) or its qualified one (CardCells.ProfileCell).
                """,
            examples: ["describe ProfileCell", "describe BasicCells.TextCell format=json"]),
        CommandSpec(
            name: .screen,
            positionals: [
                .init("name", "NAME", .screenName, "a screen name"),
                .init(
                    "layout", "list|grid", .choice(["list", "grid"]), "a layout", optional: true),
            ],
            options: [
                .init(
                    "width", .integer(widthRange),
                    "the width in columns (default: set width=, else the terminal's)",
                    example: "72"),
                .init(
                    "border", .choice(borders), "the frame around the screen", example: "rounded"),
                .init(
                    "title", .text, "a title shown in the top border", example: "\"Morning report\""
                ),
                .init(
                    "columns", .integer(1...1_000), "items per line (default: as many as fit)",
                    example: "3", layout: "grid"),
                .init(
                    "item-width", .integer(widthRange), "the width of each item", example: "24",
                    layout: "grid"),
                .init(
                    "spacing", .integer(0...100), "blank columns between items", example: "2",
                    layout: "grid"),
                .init(
                    "separators", .bool, "a line between rows", example: "true", layout: "list"),
            ],
            summary: "create a screen, or switch to an existing one",
            details: """
                Later 'section', 'row' and 'rows' commands add to the current screen. A new \
                screen is a list unless 'grid' is given. When NAME exists, 'screen NAME' makes \
                it current again, and options given with it change it. NAME is a name (letters, \
                digits, '_' and '-'); the text to show goes in title=. columns=, item-width= \
                and spacing= are for grids, separators= is for lists.
                """,
            examples: [
                "screen Dashboard list width=72 border=rounded title=\"Morning report\"",
                "screen Team grid columns=3 spacing=2",
                "screen Dashboard",
            ]),
        CommandSpec(
            name: .section,
            positionals: [.init("title", "TITLE", .text, "a title", optional: true)],
            options: [
                .init(
                    "header", .cell, "the header view that shows TITLE (default: a plain line)",
                    example: "SectionHeader"),
                .init("footer", .text, "a line of text under the section", example: "\"3 people\""),
                .init(
                    "footer-cell", .cell, "the footer view that shows footer=",
                    example: "SectionFooter"),
            ],
            summary: "start a section in the current screen",
            details: """
                The rows added after it go into it. A screen's first row, without a section \
                before it, starts an untitled one.
                """,
            examples: [
                "section \"Today\" header=SectionHeader",
                "section \"Team\" footer=\"3 people\"",
                "section",
            ]),
        CommandSpec(
            name: .row,
            aliases: ["item"],
            positionals: [.init("cell", "CELL", .cell, "a cell name")],
            attributes: .cell,
            summary: "add a row (or a grid item) to the current section",
            details: """
                Each NAME=VALUE sets an attribute of the cell ('describe CELL' lists them), \
                checked against the attribute's type. 'row' and 'item' are the same command: \
                either works in a list or in a grid, and 'save' writes the one that matches \
                the screen.
                """,
            examples: [
                "row TextCell text=\"Good morning\" style=bold",
                "row ProgressCell label=\"Disk\" value=0.72",
                "item ChartCell data=[3, 1, 4, 1, 5]",
            ]),
        CommandSpec(
            name: .rows,
            aliases: ["items"],
            positionals: [
                .init("cell", "CELL", .cell, "a cell name"),
                .init("file", "FILE", .file, "a data file", keyword: "from"),
            ],
            options: [
                .init(
                    "watch", .bool,
                    "draw the screen again when FILE changes (in show, and at the prompt); a file half written keeps the last good rows",
                    example: "true"),
                .init(
                    "format", .dataFormat,
                    "what FILE holds: \(RecordFormats.names.joined(separator: ", ")), or a plugin's data source such "
                        + "as sqlite (default: its extension; else a JSON array)",
                    example: "jsonl"),
                .init(
                    "table", .text,
                    "the table or view of an SQLite database whose rows are drawn (FILE ending .db, .sqlite, .sqlite3)",
                    example: "users", placeholder: "TABLE"),
                .init(
                    "query", .text, "one read-only SELECT of an SQLite database whose rows are drawn",
                    example: "\"SELECT name, age FROM users WHERE age > 30\"", placeholder: "SELECT"),
                .init(
                    "sort", .sortFields,
                    "the rows' order: a field (.name), -.name for largest first, or a list of them ([.team, -.age]); "
                        + "numbers as numbers when every value is one, equal records in the file's order",
                    example: "-.duration", placeholder: "[-].FIELD"),
                .init(
                    "where", .text,
                    "which records become rows: comparisons (==, !=, <, <=, >, >=, contains) of fields and values, "
                        + "joined by and, or, not and parentheses",
                    example: "'.status == \"failed\" and .duration > 30'", placeholder: "EXPR"),
            ],
            attributes: .boundCell,
            summary: "add a row per record of a data file",
            details: """
                FILE is a JSON array of objects, JSON Lines (one object per line: .jsonl, \
                .ndjson, or format=jsonl), a CSV file whose first line names the columns, or \
                what a plugin's data source reads: an SQLite database (.db, .sqlite, .sqlite3) \
                with table=NAME or query="SELECT …"; it is read a chunk of records at a time, \
                whatever its size. NAME=.FIELD sets an attribute from a field of each record (.name, \
                .address.city, .tags[0], ."First Name", or . for the record itself); \
                NAME=VALUE sets the same value on every row.
                """,
            examples: [
                "rows ProfileCell from \"Examples/team.json\" name=.name role=.title",
                "items ProfileCell from team.csv name=.\"Full Name\" accent=blue",
                "rows ProfileCell from \"app.db\" table=people name=.name role=.title",
            ]),
        CommandSpec(
            name: .render,
            positionals: [
                .init("screen", "SCREEN", .screen, "a screen name", optional: true),
                .init("file", "FILE", .file, "a file name", keyword: "to", optional: true),
            ],
            options: [
                .init(
                    "format", .choice(formats),
                    "the output format (default: from FILE's extension; else ansi on a terminal, plain otherwise)",
                    example: "svg"),
                .init(
                    "width", .integer(widthRange), "the width in columns, for this rendering only",
                    example: "100"),
            ],
            summary: "draw a screen, to the terminal or to a file",
            details: """
                Without SCREEN, the current screen. 'to FILE' writes FILE whole or not at all; \
                its format follows the extension (.txt plain, .ans ansi, .html, .svg, .json) \
                unless format= says otherwise.
                """,
            examples: [
                "render",
                "render to \"dashboard.svg\"",
                "render Dashboard format=json width=100",
            ]),
        CommandSpec(
            name: .show,
            positionals: [.init("screen", "SCREEN", .screen, "a screen name", optional: true)],
            summary: "view a screen interactively, scrolling it with the keys",
            details: """
                Without SCREEN, the current screen. Only the rows in view are drawn, so a \
                screen bound to a large data file opens at once. In the view, /TEXT searches \
                the rows as drawn (?TEXT backward, n and N again), :N shows row N, Right and \
                Left scroll a screen wider than the window, q leaves.
                """,
            examples: ["show", "show Team"]),
        CommandSpec(
            name: .initial,
            positionals: [.init("screen", "SCREEN", .screen, "a screen name")],
            summary: "choose the screen a storyboard starts with",
            details: """
                The initial screen is the one 'cellkit render FILE' draws when no #SCREEN is \
                given. Without this command, a storyboard with one screen starts with it, and \
                one with several must be given #SCREEN.
                """,
            examples: ["initial Dashboard"]),
        CommandSpec(
            name: .open,
            positionals: [.init("file", "FILE", .file, "a file name")],
            summary: "run a script or storyboard file in this session",
            details: """
                Its commands run in order, as if typed; its screens join the session's. \
                Errors in it are reported with its file name, line and column.
                """,
            examples: ["open Examples/dashboard.cellkit"]),
        CommandSpec(
            name: .save,
            positionals: [.init("file", "FILE", .file, "a file name")],
            summary: "write the session's screens as a storyboard",
            details: """
                FILE gets the 'load', 'screen', 'section', 'row', 'rows' and 'initial' \
                commands that rebuild the session's screens, so that 'open FILE' reproduces \
                them. It is written whole or not at all.
                """,
            examples: ["save \"my dashboard.cellkit\""]),
        CommandSpec(
            name: .screens,
            summary: "list the session's screens",
            details: "The current screen and the initial one are marked.",
            examples: ["screens"]),
        CommandSpec(
            name: .set,
            options: [
                .init(
                    "width", .integer(widthRange),
                    "the width screens are drawn at when they do not set one",
                    example: "80"),
                .init(
                    "color", .choice(["auto", "always", "never"]),
                    "colour in output: auto follows the terminal and NO_COLOR",
                    example: "never"),
                .init(
                    "timeout", .integer(1...86_400),
                    "seconds a plugin may work on one row (or load) before it is stopped",
                    example: "30"),
                .init(
                    "rebuild", .choice(RebuildChoice.allCases.map(\.rawValue)),
                    "whether load rebuilds a stale plugin from its package first (auto) or refuses it (never)",
                    example: "auto"),
            ],
            summary: "change session options, or show them",
            details: "Without options, shows the current settings. "
                + "The set lines of ~/.config/cellkit/config apply at every start.",
            examples: ["set width=100 color=never", "set timeout=30", "set rebuild=auto", "set"]),
        CommandSpec(
            name: .help,
            positionals: [.init("topic", "COMMAND", .topic, "a command name", optional: true)],
            summary: "list the commands, or explain one",
            details: "'help syntax' explains words, quoting, comments and line continuation.",
            examples: ["help", "help rows", "help syntax"]),
        CommandSpec(
            name: .quit,
            aliases: ["exit"],
            summary: "leave the console",
            details: "Ctrl-D does the same. In a script, it ends the script there.",
            examples: ["quit"]),
    ]
}
