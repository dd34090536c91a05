#if canImport(Glibc)
    import Glibc
#endif

// MARK: - The nib a build copied

extension Nib {
    /// The file a nib in a SwiftPM build folder was copied from, so that its
    /// errors name the file the author edits, not the copy.
    ///
    /// SwiftPM copies a target's resources into
    /// `ROOT/.build/…/PACKAGE_TARGET.resources/`; the source is
    /// `ROOT/{Sources,Plugins,…}/TARGET/[Resources/]NAME.nib`.
    ///
    /// ```swift
    /// Nib.sourceFile(ofCopy: "/p/.build/x86_64-unknown-linux-gnu/debug/cellkit_CardCells.resources/ProfileCell.nib")
    /// // (path: "/p/Plugins/CardCells/Resources/ProfileCell.nib", isSame: true)
    /// ```
    ///
    /// - Returns: the source and whether it still has the copy's bytes
    ///   (`false`: it was edited since the build); `nil` when `copy` is not in
    ///   a build folder or no source is found.
    static func sourceFile(ofCopy copy: String) -> (path: String, isSame: Bool)? {
        guard let build = copy.firstRange(of: "/.build/") else { return nil }
        let root = String(copy[..<build.lowerBound])
        let folder = baseName(directoryName(copy))
        guard folder.hasSuffix(".resources") else { return nil }
        let bundle = folder.dropLast(".resources".count)
        let file = baseName(copy)
        // PACKAGE_TARGET: the package name may itself contain '_'; try each split.
        var targets: [Substring] = []
        var rest = bundle[...]
        while let underscore = rest.firstIndex(of: "_") {
            targets.append(bundle[bundle.index(after: underscore)...])
            rest = bundle[bundle.index(after: underscore)...]
        }
        for target in targets where !target.isEmpty {
            for top in ["Sources", "Plugins", "Tests"] {
                for sub in ["Resources/", ""] {
                    let candidate = "\(root)/\(top)/\(target)/\(sub)\(file)"
                    guard fileExists(candidate) else { continue }
                    let same = (try? readFileBytes(candidate)) == (try? readFileBytes(copy))
                    return (candidate, same)
                }
            }
        }
        return nil
    }

    /// Where a nib's errors point: its source when the build copy is
    /// unchanged, else the file read; and a note when the source changed
    /// since the build (the copy, not the edit, was read).
    static func errorFile(for path: String) -> (file: String, note: String?) {
        guard let source = sourceFile(ofCopy: path) else { return (path, nil) }
        if source.isSame { return (source.path, nil) }
        return (
            path,
            "this is the build's copy of \(source.path), which changed since; `swift build` copies it again"
        )
    }
}
