//! The settings and pipelines a result names, as types: each serializes to the name the exports use
//! (`rdfc-1.0`, `json-ld`, `both`, …) and prints as that name, so that a model compares variants and only the
//! renderers turn them into words.

use serde::{Deserialize, Serialize};
use std::fmt;

/// Implements `name()` and `Display` (the serialized name) for a names enum.
macro_rules! named {
    ($ty:ident { $($variant:ident => $name:literal),+ $(,)? }) => {
        impl $ty {
            /// The name in the exports and on the command line.
            pub fn name(self) -> &'static str {
                match self {
                    $($ty::$variant => $name),+
                }
            }
        }

        impl fmt::Display for $ty {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.name())
            }
        }
    };
}

/// A canonicalization pipeline.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Algorithm {
    /// RDF Dataset Canonicalization (RDFC-1.0) of the document's JSON-LD expansion.
    #[serde(rename = "rdfc-1.0")]
    Rdfc10,
    /// The JSON Canonicalization Scheme (RFC 8785).
    #[serde(rename = "jcs")]
    Jcs,
}

named!(Algorithm {
    Rdfc10 => "rdfc-1.0",
    Jcs => "jcs",
});

pub(crate) use crate::canon::Engine;

/// A run's `--engine`: one engine, or RDFC-1.0 measured with each.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum EngineSetting {
    /// The `json-ld` crate alone.
    #[serde(rename = "json-ld")]
    JsonLd,
    /// canonprof's engine alone.
    #[serde(rename = "canonprof")]
    Canonprof,
    /// Each engine, side by side.
    #[serde(rename = "both")]
    Both,
}

named!(EngineSetting {
    JsonLd => "json-ld",
    Canonprof => "canonprof",
    Both => "both",
});

impl EngineSetting {
    /// The setting that ran `engines`: the one engine, or both.
    pub(crate) fn of(engines: impl IntoIterator<Item = Engine>) -> EngineSetting {
        let mut engines = engines.into_iter();
        let first = engines.next().unwrap_or_default();
        if engines.any(|e| e != first) {
            EngineSetting::Both
        } else {
            first.into()
        }
    }
}

impl From<Engine> for EngineSetting {
    fn from(engine: Engine) -> EngineSetting {
        match engine {
            Engine::JsonLd => EngineSetting::JsonLd,
            Engine::Canonprof => EngineSetting::Canonprof,
        }
    }
}

/// A run's `--context-cache`: top-level contexts processed once and reused, not, or RDFC-1.0 measured both ways.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CacheSetting {
    /// Contexts cached.
    On,
    /// Contexts processed anew every time.
    Off,
    /// Each way, side by side.
    Both,
}

named!(CacheSetting {
    On => "on",
    Off => "off",
    Both => "both",
});
