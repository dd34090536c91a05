/// Standard input could not be read as a script.
struct StandardInputError: Error {
    var message: String
}
