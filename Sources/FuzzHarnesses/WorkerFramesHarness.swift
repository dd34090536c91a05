#if DEBUG
    @testable import WorkerProtocol
    @testable import Session

    /// The frames between the session and the worker: the input is one
    /// frame's payload, decoded as the session decodes the worker's answers
    /// (`WorkerResponse`) and as the worker decodes the session's requests
    /// (`WorkerRequest`). What decodes must encode to bytes that decode to a
    /// message encoding to the same bytes again (the first encoding may
    /// differ from the input: a varint written long, a border in capitals).
    enum WorkerFramesHarness {
        static func run(_ data: [UInt8]) {
            if let response = try? WorkerResponse(frame: data) { checkRoundTrip(response) }
            if let request = try? WorkerRequest(frame: data) { checkRoundTrip(request) }
        }

        static func checkRoundTrip<Message: WireCodable>(_ message: Message) {
            let bytes = message.wireBytes
            guard let again = try? Message(frame: bytes) else {
                preconditionFailure("\(Message.self) does not decode from its own encoding: \(message)")
            }
            precondition(again.wireBytes == bytes, "\(Message.self) does not round-trip: \(message), \(again)")
        }
    }
#endif
