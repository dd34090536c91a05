#if DEBUG
    @testable import Session

    /// The line editor's key decoder: the input arrives in chunks of 1 to 16
    /// bytes (the first byte chooses), keys are taken after each chunk, and a
    /// timeout (`flush`) comes where the second byte says.
    enum KeyDecoderHarness {
        static func run(_ data: [UInt8]) {
            var input = FuzzInput(data)
            let chunk = Int(input.byte() % 16) + 1
            let flushEvery = Int(input.byte() % 8)
            var decoder = KeyDecoder()
            var chunks = 0
            while !input.isAtEnd {
                decoder.feed(input.take(chunk))
                while decoder.next() != nil {}
                chunks += 1
                if flushEvery > 0 && chunks % flushEvery == 0 {
                    decoder.flush()
                    while decoder.next() != nil {}
                }
            }
            decoder.flush()
            while decoder.next() != nil {}
        }
    }
#endif
