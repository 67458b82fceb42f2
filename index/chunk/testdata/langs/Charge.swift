import Foundation
@testable import Billing

/// Charges a card, retrying with backoff.
@MainActor
public final class Charger: Sendable {
    public static let shared = Charger()
    private var attempts = 0

    enum State {
        case idle
        func describe() -> String { "idle" }
    }

    /// Creates a charger.
    public init(attempts: Int = 3,
                delay: Double = 0.5) {
        self.attempts = attempts
    }

    /// Retries a failed payment.
    @discardableResult
    public func retry(_ id: String) async throws -> Bool {
        let help = """
func fake() {}
"""
        return try await charge(id, note: help)
    }

    public var isIdle: Bool {
        attempts == 0
    }
}

/* A block comment
class NotAClass {
}
*/

extension Charger: CustomStringConvertible {
    public var description: String {
        "Charger(\(attempts))"
    }

    static func == (lhs: Charger, rhs: Charger) -> Bool { lhs === rhs }
}

protocol Gateway {
    func send(_ amount: Int) throws
}

public struct Receipt {
    let id: String
}

let defaultDelay = 0.5

func backoff(_ n: Int) -> Double {
    pow(2, Double(n)) * defaultDelay
}
