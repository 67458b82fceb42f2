use std::collections::HashMap;

/// In-memory record of settled transactions.
#[derive(Debug, Default)]
pub struct Ledger {
    entries: HashMap<String, String>,
}

impl Ledger {
    pub fn record(&mut self, id: &str, tx: &str) {
        self.entries.insert(id.to_string(), tx.to_string());
    }

    pub fn get(&self, id: &str) -> Option<&String> {
        self.entries.get(id)
    }
}
