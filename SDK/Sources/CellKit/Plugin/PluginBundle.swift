internal import CellKitShims
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Where a type's code and resources live: a plugin's `.so` (or the
/// executable) and the resources folder beside it. CellKit's `Bundle`.
///
/// Resources are found next to the library wherever it was copied: for
/// `libCardCells.so`, in `CardCells.resources/` or SwiftPM's
/// `<package>_CardCells.resources/` in the same directory.
///
/// ```swift
/// let bundle = PluginBundle(for: ProfileCell.self)
/// print(bundle.name)                                       // CardCells
/// print(bundle.path(forResource: "ProfileCell", ofType: "nib") ?? "none")
/// // /home/me/.local/lib/cellkit/plugins/CardCells.resources/ProfileCell.nib
/// ```
public struct PluginBundle: Hashable, Sendable, CustomStringConvertible {
    /// The namespace: the plugin's (module's) name.
    public let name: String
    /// The shared library or executable the code is in, when known.
    public let imagePath: String?
    /// The folder resources are read from, when there is one.
    public let resourceDirectory: String?

    /// A bundle with an explicit name and resource folder (for tests, and for
    /// hosts that know where a plugin's files are).
    public init(name: String, imagePath: String? = nil, resourceDirectory: String? = nil) {
        self.name = name
        self.imagePath = imagePath
        self.resourceDirectory = resourceDirectory
    }

    /// The bundle of the image `type` is defined in, named after its module.
    /// Found once per type (with `dladdr`), then cached.
    ///
    /// ```swift
    /// let bundle = PluginBundle(for: ProfileCell.self)   // the plugin ProfileCell is in
    /// bundle.path(forResource: "ProfileCell", ofType: "nib")
    /// ```
    public init(for type: AnyClass) {
        let key = ObjectIdentifier(type)
        if let cached = bundleCache.withLock({ $0[key] }) {
            self = cached
            return
        }
        let name = Self.moduleName(of: type)
        // The image that declares the type holds its nominal descriptor; its metadata may
        // have been made at run time (a superclass from the resilient SDK) and lie in no image.
        let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
        let descriptor = cellkit_type_descriptor(metadata) ?? metadata
        let image = mappedImagePath(containing: UInt(bitPattern: descriptor))
        self.init(
            name: name, imagePath: image,
            resourceDirectory: image.flatMap { Self.findResources(name: name, nextTo: $0) })
        let bundle = self
        bundleCache.withLock { $0[key] = bundle }
    }

    /// The bundle of the running executable.
    public static var main: PluginBundle {
        let exe = (try? readLink("/proc/self/exe")) ?? CommandLine.arguments.first ?? "."
        let name = baseName(exe)
        return PluginBundle(name: name, imagePath: exe, resourceDirectory: findResources(name: name, nextTo: exe))
    }

    /// The full path of `name.type` in the resources folder, if it exists.
    public func path(forResource name: String, ofType type: String) -> String? {
        guard let dir = resourceDirectory else { return nil }
        let path = "\(dir)/\(name).\(type)"
        return fileExists(path) ? path : nil
    }

    /// The bundle's name.
    public var description: String { name }

    // MARK: - Finding things on disk

    static func moduleName(of type: Any.Type) -> String {
        let full = _typeName(type, qualified: true)
        return full.split(separator: ".").first.map(String.init) ?? full
    }

    /// `<dir>/<name>.resources`, or `<dir>/<anything>_<name>.resources`.
    static func findResources(name: String, nextTo image: String) -> String? {
        let dir = directoryName(image)
        let direct = "\(dir)/\(name).resources"
        if isDirectory(direct) { return direct }
        let suffix = "_\(name).resources"
        return resourceFolders(in: dir).first { $0.hasSuffix(suffix) }.map { "\(dir)/\($0)" }
    }

    /// The `*.resources` folders of a directory, listed once per modification
    /// of the directory (loading many plugins from one folder lists it once).
    static func resourceFolders(in dir: String) -> [String] {
        var st = stat()
        guard stat(dir, &st) == 0 else { return [] }
        let stamp = (Int(st.st_mtim.tv_sec), Int(st.st_mtim.tv_nsec))
        if let hit = resourceFolderCache.withLock({ $0[dir] }), hit.stamp == stamp { return hit.names }
        var names: [String] = []
        if let handle = opendir(dir) {
            while let entry = readdir(handle) {
                let entryName = entryName(entry)
                if entryName.hasSuffix(".resources") && isDirectory("\(dir)/\(entryName)") { names.append(entryName) }
            }
            closedir(handle)
        }
        names.sort()
        resourceFolderCache.withLock { $0[dir] = (stamp, names) }
        return names
    }
}

private let bundleCache = Mutex<[ObjectIdentifier: PluginBundle]>([:])
private let resourceFolderCache = Mutex<[String: (stamp: (Int, Int), names: [String])]>([:])

/// The executable or shared library that contains `address`.
func mappedImagePath(containing address: UInt) -> String? {
    var buffer = [CChar](repeating: 0, count: 4096)
    let length = cellkit_image_path(UnsafeRawPointer(bitPattern: address), &buffer, buffer.count)
    guard length > 0 else { return nil }
    let path = String(decoding: buffer[..<Int(length)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    // The main executable is reported as it was started; make it absolute.
    return path.hasPrefix("/") ? path : (try? readLink("/proc/self/exe")) ?? path
}

func directoryName(_ path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
}

func baseName(_ path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return path }
    return String(path[path.index(after: slash)...])
}

func fileExists(_ path: String) -> Bool {
    var st = stat()
    return stat(path, &st) == 0
}

func isDirectory(_ path: String) -> Bool {
    var st = stat()
    return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
}

func readLink(_ path: String) throws -> String {
    var buffer = [CChar](repeating: 0, count: 4096)
    let n = readlink(path, &buffer, buffer.count - 1)
    guard n >= 0 else { throw CellKitError(.invalidArgument, "cannot read link \(path)") }
    return String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

/// Reads a whole file as UTF-8 text (invalid bytes repaired; nibs use ``Nib/readSource(_:)``, which refuses them).
func readTextFile(_ path: String) throws(CellKitError) -> String {
    String(decoding: try readFileBytes(path), as: UTF8.self)
}

/// Reads a whole file's bytes.
func readFileBytes(_ path: String) throws(CellKitError) -> [UInt8] {
    guard let file = fopen(path, "rb") else {
        throw CellKitError(.invalidArgument, "cannot read \(path): \(String(cString: strerror(errno)))")
    }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = fread(&chunk, 1, chunk.count, file)
        if n > 0 { bytes.append(contentsOf: chunk[..<n]) }
        if n < chunk.count { break }
    }
    return bytes
}

/// The name of an entry `readdir` returned, read up to its NUL where it lies
/// (copying the whole 256-byte `d_name` reads past the end of a short last
/// entry: docs/unsafe-code.md).
func entryName(_ entry: UnsafePointer<dirent>) -> String {
    let offset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
    return String(cString: (UnsafeRawPointer(entry) + offset).assumingMemoryBound(to: CChar.self))
}
