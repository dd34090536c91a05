// A shared library that is not a CellKit plugin: no entry points.
public func fixtureNoEntryAnswer() -> Int { 42 }
