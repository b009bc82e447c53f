//! What skolemization (Data Integrity ECDSA Cryptosuites v1.0 §3.4, [`crate::integrity::skolem`]) needs to know
//! about the terms a compact document can use: which are keyword aliases, `@json` typed, language maps, or
//! index / id / type maps — gathered by an engine from a top-level context and every type- and property-scoped
//! context reachable from it (JSON-LD 1.1 API §4.1 Context Processing), as a union: a term counts as a map if
//! any scope defines it so.

use super::syntax as keyword;
use std::collections::{HashMap, HashSet};

/// The facts about the terms of one top-level context (see the module documentation).
#[derive(Debug, Default, PartialEq, Eq)]
pub struct TermFacts {
    keyword: HashMap<String, &'static str>,
    json: HashSet<String>,
    language_map: HashSet<String>,
    map: HashSet<String>,
}

/// How a term's value is to be read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TermKind {
    /// A `@json` literal or a language map: holds no node objects.
    Opaque,
    /// An index, id or type map: its member values are the nodes.
    Map,
    /// Anything else: the value may be node objects.
    Plain,
}

impl TermFacts {
    /// The JSON-LD 1.1 keyword (not a Framing keyword) `key` is, or is an alias of, e.g. `"@id"`.
    pub fn keyword(&self, key: &str) -> Option<&'static str> {
        keyword::syntax_keyword(key).or_else(|| self.keyword.get(key).copied())
    }

    /// How term `key`'s value is to be read.
    pub fn kind(&self, key: &str) -> TermKind {
        if self.json.contains(key) || self.language_map.contains(key) {
            TermKind::Opaque
        } else if self.map.contains(key) {
            TermKind::Map
        } else {
            TermKind::Plain
        }
    }

    /// Records that `term` is an alias of `keyword`.
    pub(crate) fn add_alias(&mut self, term: &str, keyword: &'static str) {
        self.keyword.insert(term.to_string(), keyword);
    }

    /// Records that `term` is `@json` typed.
    pub(crate) fn add_json(&mut self, term: &str) {
        self.json.insert(term.to_string());
    }

    /// Records that `term` has a `@language` container.
    pub(crate) fn add_language_map(&mut self, term: &str) {
        self.language_map.insert(term.to_string());
    }

    /// Records that `term` has an `@index`, `@id` or `@type` container.
    pub(crate) fn add_map(&mut self, term: &str) {
        self.map.insert(term.to_string());
    }
}
