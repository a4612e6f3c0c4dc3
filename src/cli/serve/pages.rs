//! The pages made last, kept for the same record sent again: the page's
//! boards asked for one at a time (`/api/board`), the page asked for again,
//! or by many at once, are made once. A page is kept as its JSON, and what
//! is kept is bounded, in pages and in bytes; the page of a record is kept
//! only for exactly that record, name and rules.

use hirp::any::AnyFamily;
use std::collections::VecDeque;
use std::sync::{Arc, Mutex, PoisonError};

use axum::body::Bytes;
use hirp::page::Packed;

/// The most pages kept.
const PAGES: usize = 16;

/// The most bytes kept, counting each page's record and its JSON.
const BYTES: usize = 16 * 1024 * 1024;

/// What a page is made from: the record, and the name and rules sent with
/// it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Key {
    /// The `?name=` sent.
    pub name: Option<String>,
    /// The `?rules=` sent.
    pub rules: Option<String>,
    /// The record.
    pub record: Bytes,
}

/// A page made.
pub struct Page {
    key: Key,
    /// The page, packed, as JSON: `/api/page`'s answer.
    pub json: Bytes,
    /// The record's family.
    pub family: AnyFamily,
    /// The name of the record's rules, when they are a preset's.
    pub rules: Option<String>,
}

impl Page {
    /// The page of `key`.
    pub fn new(key: Key, packed: &Packed, family: AnyFamily, rules: Option<String>) -> Page {
        let json = serde_json::to_vec(packed).expect("a page is JSON");
        Page {
            key,
            json: Bytes::from(json),
            family,
            rules,
        }
    }

    /// The page, packed, read again from its JSON.
    pub fn packed(&self) -> Option<Packed> {
        serde_json::from_slice(&self.json).ok()
    }

    /// The bytes it is counted for.
    fn size(&self) -> usize {
        self.key.record.len() + self.json.len()
    }
}

/// The pages kept, the one used last first.
#[derive(Default)]
pub struct Pages {
    kept: Mutex<VecDeque<Arc<Page>>>,
}

impl Pages {
    /// The page of `key`, if it is kept.
    pub fn get(&self, key: &Key) -> Option<Arc<Page>> {
        let mut kept = self.kept.lock().unwrap_or_else(PoisonError::into_inner);
        let at = kept.iter().position(|page| page.key == *key)?;
        let page = kept.remove(at)?;
        kept.push_front(page.clone());
        Some(page)
    }

    /// Keeps `page`, first, and lets go of those used longest ago beyond
    /// the bounds; a page beyond them alone is not kept.
    pub fn keep(&self, page: Page) -> Arc<Page> {
        let page = Arc::new(page);
        if page.size() > BYTES {
            return page;
        }
        let mut kept = self.kept.lock().unwrap_or_else(PoisonError::into_inner);
        kept.retain(|other| other.key != page.key);
        kept.push_front(page.clone());
        let mut total: usize = kept.iter().map(|p| p.size()).sum();
        while kept.len() > PAGES || total > BYTES {
            let Some(last) = kept.pop_back() else { break };
            total -= last.size();
        }
        page
    }
}
