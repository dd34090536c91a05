import Foundation
import Testing

@testable import Session

@Suite struct ScriptHelpTests {
    @Test func usageLines() throws {
        let usages = Dictionary(uniqueKeysWithValues: CommandSpec.all.map { ($0.name, $0.usage) })
        #expect(usages[.load] == "load NAME|PATH [allow-unsafe=true|false] [force=true|false]")
        #expect(usages[.cells] == "cells [PLUGIN]")
        #expect(
            usages[.screen]
                == "screen NAME [list|grid] [width=N] [border=none|ascii|light|rounded|heavy|double] [title=TEXT] [columns=N] [item-width=N] [spacing=N] [separators=true|false]"
        )
        #expect(
            usages[.section] == "section [TITLE] [header=CELL] [footer=TEXT] [footer-cell=CELL]")
        #expect(usages[.row] == "row CELL [NAME=VALUE ...]")
        #expect(
            usages[.rows]
                == "rows CELL from FILE [watch=true|false] [format=csv|tsv|json|jsonl|SOURCE] [table=TABLE] "
                + "[query=SELECT] [sort=[-].FIELD] [where=EXPR] [NAME=.FIELD|NAME=VALUE ...]")
        #expect(
            usages[.render]
                == "render [SCREEN] [to FILE] [format=plain|ansi|html|svg|json] [width=N]")
        #expect(usages[.set] == "set [width=N] [color=auto|always|never] [timeout=N] [rebuild=never|auto]")
        #expect(usages[.help] == "help [COMMAND]")
        #expect(usages[.quit] == "quit")
    }

    @Test func helpIndexListsEveryCommand() throws {
        let index = try #require(CommandSpec.help(nil))
        #expect(index.hasPrefix("Commands:\n  load  "))
        for spec in CommandSpec.all {
            #expect(index.contains(spec.summary))
        }
        #expect(index.contains("  row, item  "))
        #expect(index.contains("  quit, exit  "))
    }

    @Test func helpForOneCommand() throws {
        let help = try #require(CommandSpec.help("rows"))
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[0] == "rows CELL from FILE [watch=true|false] [format=csv|tsv|json|jsonl|SOURCE]")
        #expect(lines[1] == "     [table=TABLE] [query=SELECT] [sort=[-].FIELD] [where=EXPR]")
        #expect(lines[2] == "     [NAME=.FIELD|NAME=VALUE ...]")
        #expect(lines[3] == "also: items")
        #expect(lines[5].hasPrefix("Add a row per record of a data file. FILE is a JSON array"))
        #expect(lines.allSatisfy { $0.count <= 80 || $0.hasPrefix("  ") })
        #expect(
            help.hasSuffix(
                "Examples:\n  rows ProfileCell from \"Examples/team.json\" name=.name role=.title\n  items ProfileCell from team.csv name=.\"Full Name\" accent=blue\n  rows ProfileCell from \"app.db\" table=people name=.name role=.title"
            ))
        let screen = try #require(CommandSpec.help("screen"))
        #expect(screen.contains("\nOptions:\n  width=N  "))
        #expect(
            screen.contains(
                "\n  border=none|ascii|light|rounded|heavy|double\n                            the frame around the screen"
            ))
        #expect(CommandSpec.help("item") == CommandSpec.help("row"))
        #expect(CommandSpec.help("syntax") == CommandSpec.syntaxHelp)
        #expect(CommandSpec.help("nope") == nil)
    }

    @Test func completesCommandWords() {
        #expect(
            CommandSpec.complete("") == CommandCompletion(start: 0, candidates: CommandSpec.commandWords))
        #expect(
            CommandSpec.complete("r")
                == CommandCompletion(
                    start: 0,
                    candidates: ["reload", "row", "item", "rows", "items", "render"].filter {
                        $0.hasPrefix("r")
                    }))
        #expect(
            CommandSpec.complete("  sc") == CommandCompletion(start: 2, candidates: ["screen", "screens"]))
        #expect(CommandSpec.complete("zz").candidates == [])
    }

    @Test func completesOptionsAndChoices() {
        #expect(
            CommandSpec.complete("screen Main grid bor")
                == CommandCompletion(start: 17, candidates: ["border="]))
        #expect(
            CommandSpec.complete("screen Main border=")
                == CommandCompletion(start: 19, candidates: CommandSpec.borders))
        #expect(
            CommandSpec.complete("screen Main border=ro")
                == CommandCompletion(start: 19, candidates: ["rounded"]))
        #expect(CommandSpec.complete("screen Main separators=").candidates == ["true", "false"])
        #expect(
            CommandSpec.complete("screen Main l") == CommandCompletion(start: 12, candidates: ["list"]))
        #expect(
            CommandSpec.complete("screen Main width=72 ").candidates.contains("width=") == false)
        #expect(CommandSpec.complete("set ").candidates == ["width=", "color=", "timeout=", "rebuild="])
        #expect(CommandSpec.complete("render to x.svg f").candidates == ["format="])
        #expect(CommandSpec.complete("help re").candidates == ["reload", "render"])
        #expect(CommandSpec.complete("rows X f").candidates == ["from"])
    }

    @Test func completesNamesFromTheSession() {
        func names(_ source: CompletionSource) -> [String] {
            switch source {
            case .screen: ["Dashboard", "Team"]
            case .cell, .rowCell: ["TextCell", "ProfileCell"]
            case .plugin: ["BasicCells", "CardCells"]
            case .file: ["team.json", "my team.csv"]
            case .attribute(let cell): cell == "ProfileCell" ? ["name", "role"] : []
            case .attributeValue(let cell, let attribute):
                cell == "ProfileCell" && attribute == "accent" ? ["blue", "bright blue"] : []
            case .dataFormat: ["sqlite", "SQLite.sqlite"]
            }
        }
        // cellkit's own formats, then the data sources plugins register (short names).
        #expect(
            CommandSpec.complete("rows TextCell from app.db format=", names: names).candidates == [
                "csv", "tsv", "json", "jsonl", "sqlite",
            ])
        #expect(CommandSpec.complete("rows TextCell from app.db format=s", names: names).candidates == ["sqlite"])
        #expect(
            CommandSpec.complete("render ", names: names).candidates == [
                "Dashboard", "Team", "to", "format=", "width=",
            ])
        #expect(
            CommandSpec.complete("render D", names: names)
                == CommandCompletion(start: 7, candidates: ["Dashboard"]))
        #expect(
            CommandSpec.complete("render to ", names: names).candidates == [
                "team.json", "\"my team.csv\"",
            ])
        #expect(
            CommandSpec.complete("load ", names: names).candidates == ["BasicCells", "CardCells"])
        #expect(CommandSpec.complete("row P", names: names).candidates == ["ProfileCell"])
        #expect(
            CommandSpec.complete("row ProfileCell ", names: names).candidates == ["name=", "role="])
        #expect(
            CommandSpec.complete("row ProfileCell name=x r", names: names).candidates == ["role="])
        // A value of the cell's attribute, quoted when it must be.
        #expect(
            CommandSpec.complete("row ProfileCell accent=", names: names)
                == CommandCompletion(start: 23, candidates: ["blue", "\"bright blue\""]))
        #expect(
            CommandSpec.complete("rows ProfileCell from ", names: names).candidates == [
                "team.json", "\"my team.csv\"",
            ])
        // Not inside strings or comments; nothing after an unknown command.
        #expect(CommandSpec.complete("row \"Pro", names: names).candidates == [])
        #expect(CommandSpec.complete("row X # P", names: names).candidates == [])
        #expect(CommandSpec.complete("rwo P", names: names).candidates == [])
    }

    @Test func theLanguageReferenceDocumentsEveryCommand() throws {
        let docs = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/language.md")
        let text = try String(contentsOf: docs, encoding: .utf8)
        for spec in CommandSpec.all {
            #expect(text.contains("### `\(spec.name.rawValue)`"), "\(spec.name)")
            #expect(text.contains("```\n\(spec.usage)\n"), "usage of \(spec.name)")
            for example in spec.examples {
                #expect(text.contains(example), "example \(example)")
            }
            for option in spec.options {
                #expect(text.contains("`\(option.usage)`"), "option \(option.name) of \(spec.name)")
            }
        }
    }
}
