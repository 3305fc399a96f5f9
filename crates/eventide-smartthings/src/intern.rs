//! String interning: attribute values, handler names and state keys become small integers, so
//! that states are compact and hash fast.

use rustc_hash::FxHashMap;
use std::sync::Arc;

/// An interned string.
pub(crate) type Sym = u32;

/// A two-way table between strings and [`Sym`]s. Symbols are never removed, so equal strings
/// always get the same symbol and state fingerprints can hash symbols.
#[derive(Debug, Default, Clone)]
pub(crate) struct Interner {
    names: Vec<Arc<str>>,
    ids: FxHashMap<Arc<str>, Sym>,
}

impl Interner {
    pub fn intern(&mut self, s: &str) -> Sym {
        if let Some(&id) = self.ids.get(s) {
            return id;
        }
        let id = self.names.len() as Sym;
        let name: Arc<str> = s.into();
        self.names.push(name.clone());
        self.ids.insert(name, id);
        id
    }

    pub fn lookup(&self, s: &str) -> Option<Sym> {
        self.ids.get(s).copied()
    }

    pub fn name(&self, id: Sym) -> &Arc<str> {
        static EMPTY: std::sync::OnceLock<Arc<str>> = std::sync::OnceLock::new();
        self.names.get(id as usize).unwrap_or_else(|| EMPTY.get_or_init(|| Arc::from("")))
    }
}
