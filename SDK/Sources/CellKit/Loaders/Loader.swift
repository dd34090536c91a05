/// A typed, deferred factory: nothing is made until ``load()`` is called.
/// Loaders' `Loader<T>`.
///
/// Pass a loader where the value may never be needed, or is needed later
/// (a screen's controller, a cell from a plugin that is not loaded yet).
///
/// ```swift
/// let loader = Loader { TeamViewController() }
/// let titled = loader.map { vc -> TeamViewController in vc.title = "Team"; return vc }
/// let vc = titled.load()          // made now
/// print(vc.title ?? "")           // Team
/// ```
public struct Loader<T>: Sendable {
    private let make: @Sendable () throws -> T

    /// A loader that calls `make` each time it loads.
    ///
    /// ```swift
    /// let screen = Loader { DayViewController() }   // nothing is made yet
    /// ```
    public init(_ make: @escaping @Sendable () throws -> T) {
        self.make = make
    }

    /// Makes the value. Traps with the factory's error; see ``tryLoad()``.
    ///
    /// ```swift
    /// let greeting = Loader { "Hello" }
    /// greeting.load()   // "Hello"
    /// ```
    public func load() -> T {
        do {
            return try tryLoad()
        } catch {
            fatalError("\(error)")
        }
    }

    /// Makes the value, or throws a ``CellKitError`` (code `.loadFailed`
    /// unless the factory threw a ``CellKitError`` itself).
    ///
    /// ```swift
    /// let vc = try Week.day.tryLoad()
    /// ```
    public func tryLoad() throws(CellKitError) -> T {
        do {
            return try make()
        } catch let error as CellKitError {
            throw error
        } catch {
            throw CellKitError(.loadFailed, "could not load a \(T.self): \(error)")
        }
    }

    /// A loader of `transform` applied to this loader's value.
    ///
    /// ```swift
    /// let greeting = Loader { "Hello" }.map { $0 + ", Ada" }
    /// greeting.load()   // "Hello, Ada"
    /// ```
    public func map<U>(_ transform: @escaping @Sendable (T) throws -> U) -> Loader<U> {
        let make = self.make
        return Loader<U> { try transform(try make()) }
    }

    /// The loader with its type erased, to store loaders of different types together.
    @_spi(Host) public var erased: AnyLoader { AnyLoader(self) }
}

/// A ``Loader`` of any type.
///
/// ```swift
/// let loaders: [AnyLoader] = [Loader { 1 }.erased, Loader { "two" }.erased]
/// let two = loaders[1].typed(as: String.self).load()   // "two"
/// ```
@_spi(Host) public struct AnyLoader: Sendable, CustomStringConvertible {
    private let make: @Sendable () throws -> Any
    /// The name of the type the loader makes.
    public let typeName: String

    /// Erases a typed loader.
    public init<T>(_ loader: Loader<T>) {
        make = { try loader.tryLoad() }
        typeName = "\(T.self)"
    }

    /// Makes the value, or throws.
    public func tryLoad() throws(CellKitError) -> Any {
        do {
            return try make()
        } catch let error as CellKitError {
            throw error
        } catch {
            throw CellKitError(.loadFailed, "could not load a \(typeName): \(error)")
        }
    }

    /// A typed loader that checks the value is a `T` when it loads.
    public func typed<T>(as type: T.Type) -> Loader<T> {
        let make = self.make
        let name = typeName
        return Loader {
            let value = try make()
            guard let typed = value as? T else {
                throw CellKitError(.typeMismatch, "the loader makes a \(name), not a \(T.self)")
            }
            return typed
        }
    }

    /// `Loader<TypeName>`, such as `Loader<String>`.
    public var description: String { "Loader<\(typeName)>" }
}

/// Something that loads an untyped view controller: Loaders' `ControllerLoader`.
/// ``Loader`` of ``ViewController`` conforms, and so does an enum of scenes.
///
/// ```swift
/// enum Main: String, StoryboardScenes, ControllerLoader { case mainViewController }
/// let loader: ControllerLoader = Main.mainViewController
/// let vc = loader.load()
/// ```
public protocol ControllerLoader {
    /// Makes the controller, trapping on failure.
    func load() -> ViewController
    /// Makes the controller, or throws.
    func tryLoad() throws(CellKitError) -> ViewController
}

extension Loader: ControllerLoader where T == ViewController {}
