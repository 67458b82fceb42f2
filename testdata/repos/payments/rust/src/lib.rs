//! Settlement of captured payments.

pub mod ledger;

use std::time::Duration;

use crate::ledger::Ledger;

/// A strategy for waiting between attempts.
pub trait Backoff {
    /// Delay before attempt `n` (1-based).
    fn next(&self, n: u32) -> Duration;
}

/// Exponential backoff capped at `max`.
#[derive(Debug, Clone)]
pub struct Exponential {
    pub base: Duration,
    pub max: Duration,
}

impl Backoff for Exponential {
    fn next(&self, n: u32) -> Duration {
        let d = self.base * 2u32.pow(n.saturating_sub(1));
        d.min(self.max)
    }
}

/// The outcome of one settlement.
pub enum Outcome {
    Settled(String),
    Failed { reason: String },
}

pub struct Settler<B: Backoff> {
    backoff: B,
    ledger: Ledger,
}

impl<B: Backoff> Settler<B> {
    pub fn new(backoff: B) -> Self {
        Settler { backoff, ledger: Ledger::default() }
    }

    /// Settle a payment, retrying up to `attempts` times.
    pub fn settle(&mut self, id: &str, attempts: u32) -> Outcome {
        for n in 1..=attempts {
            if let Some(tx) = try_settle(id, n) {
                self.ledger.record(id, &tx);
                return Outcome::Settled(tx);
            }
            std::thread::sleep(self.backoff.next(n));
        }
        Outcome::Failed { reason: format!("{} not settled", id) }
    }
}

fn try_settle(id: &str, attempt: u32) -> Option<String> {
    if attempt > 1 {
        Some(format!("tx-{}", id))
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exponential_caps_at_max() {
        let b = Exponential { base: Duration::from_millis(100), max: Duration::from_secs(1) };
        assert_eq!(b.next(10), Duration::from_secs(1));
    }
}
