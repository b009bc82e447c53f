//! Active contexts (JSON-LD 1.1 API §4.1.1 active context): the context and term definition types canonprof's
//! engine expands with. An active context is immutable once made and shared behind an `Arc`, with an identity
//! ([`Context::id`]) the memo ([`super::memo::Memo`]) keys processed contexts by. Made by Context Processing
//! ([`super::context_processing`]).

use super::json::Json;
use crate::canon::jsonld::safe_mode::Violation;
use crate::canon::Str;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

/// Term definitions by term: foldhash (seeded per process) for the lookups expansion makes for every member name,
/// several times each.
pub(crate) type Terms =
    std::collections::HashMap<Arc<str>, Arc<TermDef>, foldhash::fast::RandomState>;

/// A base direction (JSON-LD 1.1 §4.2.4.1 "Base Direction").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Direction {
    /// `"ltr"`.
    Ltr,
    /// `"rtl"`.
    Rtl,
}

impl Direction {
    /// Parses `"ltr"` / `"rtl"`; anything else is `None`.
    pub(crate) fn parse(value: &str) -> Option<Direction> {
        match value {
            "ltr" => Some(Direction::Ltr),
            "rtl" => Some(Direction::Rtl),
            _ => None,
        }
    }

    /// The keyword value, `"ltr"` or `"rtl"`.
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            Direction::Ltr => "ltr",
            Direction::Rtl => "rtl",
        }
    }
}

/// A container mapping (JSON-LD 1.1 §4.3 "Value Ordering" / §9.15 `@container`): a set of `@list`, `@set`,
/// `@index`, `@language`, `@id`, `@type`, `@graph` as bit flags.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub(crate) struct Container(u8);

impl Container {
    /// `@list`.
    pub(crate) const LIST: u8 = 1;
    /// `@set`.
    pub(crate) const SET: u8 = 2;
    /// `@index`.
    pub(crate) const INDEX: u8 = 4;
    /// `@language`.
    pub(crate) const LANGUAGE: u8 = 8;
    /// `@id`.
    pub(crate) const ID: u8 = 16;
    /// `@type`.
    pub(crate) const TYPE: u8 = 32;
    /// `@graph`.
    pub(crate) const GRAPH: u8 = 64;

    /// Whether the mapping includes `flag`.
    pub(crate) fn has(self, flag: u8) -> bool {
        self.0 & flag != 0
    }

    fn flag(keyword: &str) -> Option<u8> {
        Some(match keyword {
            "@list" => Self::LIST,
            "@set" => Self::SET,
            "@index" => Self::INDEX,
            "@language" => Self::LANGUAGE,
            "@id" => Self::ID,
            "@type" => Self::TYPE,
            "@graph" => Self::GRAPH,
            _ => return None,
        })
    }

    /// §4.2.2 step 19.1: the container values JSON-LD 1.1 allows
    /// ([`crate::canon::jsonld::syntax::is_container_mapping`]).
    pub(super) fn parse(value: &Json) -> Option<Container> {
        let items: Vec<&str> = match value {
            Json::String(s) => vec![s.as_str()],
            Json::Array(items) => items.iter().map(Json::as_str).collect::<Option<_>>()?,
            _ => return None,
        };
        let mut bits = 0u8;
        for item in &items {
            bits |= Self::flag(item)?;
        }
        crate::canon::jsonld::syntax::is_container_mapping(&items).then_some(Container(bits))
    }
}

/// A scoped context of a term definition: the local context value (shared, so memoization can key on it) and
/// the base URL it was defined under.
#[derive(Debug, Clone)]
pub(crate) struct ScopedContext {
    /// The `@context` value of the term definition.
    pub value: Arc<Json>,
    /// The base URL of the context that defined the term.
    pub base: Option<Arc<str>>,
}

impl PartialEq for ScopedContext {
    fn eq(&self, other: &Self) -> bool {
        self.value == other.value && self.base == other.base
    }
}

/// A term definition (JSON-LD 1.1 API §4.1.1: IRI mapping, prefix flag, protected flag, reverse property flag,
/// and the optional base URL, context, container, direction, index, language, nest and type mappings).
#[derive(Debug, Clone, PartialEq, Default)]
pub(crate) struct TermDef {
    /// The IRI mapping (an IRI, a blank node identifier or a keyword); `None` when the term maps to null.
    pub iri: Option<Str>,
    /// Whether the term may be used as a compact IRI prefix.
    pub prefix: bool,
    /// Whether the term is protected (`@protected`).
    pub protected: bool,
    /// Whether the term is a reverse property (`@reverse`).
    pub reverse: bool,
    /// The type mapping: an IRI, `@id`, `@vocab`, `@json` or `@none`.
    pub type_mapping: Option<Str>,
    /// The language mapping: `Some(None)` for an explicit null.
    pub language: Option<Option<Str>>,
    /// The direction mapping: `Some(None)` for an explicit null.
    pub direction: Option<Option<Direction>>,
    /// The container mapping.
    pub container: Container,
    /// The index mapping (property-valued index, `@index` of a term definition).
    pub index: Option<Str>,
    /// The nest value.
    pub nest: Option<Str>,
    /// The scoped (property- or type-scoped) context.
    pub context: Option<ScopedContext>,
    /// Whether the IRI mapping names a property: a keyword, an absolute IRI or a blank node identifier (worked out
    /// once, where the term is defined, for the expansion of every member name that uses it).
    pub names_property: bool,
}

impl TermDef {
    /// Equality ignoring the protected flag (§4.2.2 step 27.1).
    pub(super) fn same_as(&self, other: &TermDef) -> bool {
        TermDef {
            protected: other.protected,
            ..self.clone()
        } == *other
    }
}

static NEXT_CONTEXT_ID: AtomicU64 = AtomicU64::new(1);

/// An active context (JSON-LD 1.1 API §4.1.1). Immutable once built; the `id` is unique for the process's
/// lifetime, so memo keys that name it never alias.
#[derive(Debug)]
pub(crate) struct Context {
    id: u64,
    /// The base IRI (`@base`, else the document URL); `None` is null.
    pub base: Option<Arc<str>>,
    /// The original base URL (the document URL).
    pub original_base: Option<Arc<str>>,
    /// The vocabulary mapping (`@vocab`).
    pub vocab: Option<Str>,
    /// The default language (`@language`).
    pub language: Option<Str>,
    /// The default base direction (`@direction`).
    pub direction: Option<Direction>,
    /// Term definitions by term.
    pub terms: Terms,
    /// The previous context, kept when a type-scoped context does not propagate (`@propagate: false`).
    pub previous: Option<Arc<Context>>,
    /// The first safe-mode rule processing this context broke (a reserved term, a relative `@vocab`, …, see
    /// [`Violation`]), kept here so that memoized contexts serve safe and lossy expansion alike: safe mode refuses
    /// it when the context becomes active.
    pub violation: Option<Arc<Violation>>,
}

impl Clone for Context {
    fn clone(&self) -> Self {
        Context {
            id: NEXT_CONTEXT_ID.fetch_add(1, Ordering::Relaxed),
            base: self.base.clone(),
            original_base: self.original_base.clone(),
            vocab: self.vocab.clone(),
            language: self.language.clone(),
            direction: self.direction,
            terms: self.terms.clone(),
            previous: self.previous.clone(),
            violation: self.violation.clone(),
        }
    }
}

impl Context {
    /// The initial active context for a document at `base` (JSON-LD 1.1 API §4.1.1): no terms, base IRI and
    /// original base URL both `base`.
    pub(crate) fn new(base: Option<&str>) -> Context {
        let base: Option<Arc<str>> = base.map(Arc::from);
        Context {
            id: NEXT_CONTEXT_ID.fetch_add(1, Ordering::Relaxed),
            base: base.clone(),
            original_base: base,
            vocab: None,
            language: None,
            direction: None,
            terms: Terms::default(),
            previous: None,
            violation: None,
        }
    }

    /// The unique identity of this context (a memo key).
    pub(crate) fn id(&self) -> u64 {
        self.id
    }

    /// The definition of `term`, if any.
    pub(crate) fn term(&self, term: &str) -> Option<&TermDef> {
        self.terms.get(term).map(|d| &**d)
    }

    pub(super) fn has_protected_terms(&self) -> bool {
        self.terms.values().any(|d| d.protected)
    }

    /// Records a safe-mode violation (the first one counts).
    pub(super) fn note(&mut self, violation: Violation) {
        if self.violation.is_none() {
            self.violation = Some(Arc::new(violation));
        }
    }
}

/// The flags of one context processing call (JSON-LD 1.1 API §4.1.2 inputs).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Flags {
    /// Override protected (true for property-scoped contexts).
    pub override_protected: bool,
    /// Propagate (false for type-scoped contexts).
    pub propagate: bool,
    /// Validate scoped context.
    pub validate_scoped: bool,
}

impl Flags {
    /// The defaults of §4.1.2: override protected false, propagate true, validate scoped context true.
    pub(crate) const DEFAULT: Flags = Flags {
        override_protected: false,
        propagate: true,
        validate_scoped: true,
    };
}
