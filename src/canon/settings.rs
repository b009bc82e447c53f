//! How a run canonicalizes: the JSON-LD 1.1 engine, the processed-context cache, canonprof's engine as the
//! algorithms are written, the bounds on RDFC-1.0 blank node labeling, and the bounds on the input documents and
//! on the verification work of one file. Built once from the options and held
//! by a [`super::Session`] beside the documents it serves.

/// Which JSON-LD 1.1 engine expands the documents canonicalized in a session (`--engine`): the `json-ld` crate,
/// the reference (`canon::jsonld::json_ld_crate`), or canonprof's own (`canon::jsonld::canonprof`).
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    Default,
    clap::ValueEnum,
    serde::Serialize,
    serde::Deserialize,
)]
pub enum Engine {
    /// The `json-ld` crate 0.21 (the reference).
    #[default]
    #[value(name = "json-ld")]
    #[serde(rename = "json-ld")]
    JsonLd,
    /// canonprof's own expansion and deserialization to RDF (shared, memoized contexts).
    #[value(name = "canonprof")]
    #[serde(rename = "canonprof")]
    Canonprof,
}

impl Engine {
    /// The name on the command line and in exports: `json-ld` or `canonprof`.
    pub fn name(self) -> &'static str {
        match self {
            Engine::JsonLd => "json-ld",
            Engine::Canonprof => "canonprof",
        }
    }
}

impl std::fmt::Display for Engine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// Bounds on RDFC-1.0 blank node labeling (RDFC-1.0 §7.1) for the canonicalizations the cryptosuites run in a
/// session: `--hndq-limit` and `--time-limit` of `verify` and `exchange`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LabelingBounds {
    /// Hash N-Degree Quads calls before a dataset is refused as poison.
    pub hndq_call_limit: usize,
    /// Wall-clock limit on labeling.
    pub time_limit: Option<std::time::Duration>,
}

/// The settings of a session's canonicalizations (see the module documentation). The default: the json-ld crate's
/// engine, no context cache, the optimized algorithms, RDFC-1.0's default labeling bounds, the default input and
/// proof limits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Settings {
    /// The expansion engine.
    pub engine: Engine,
    /// Whether processed contexts (and what is derived from them) are kept across documents.
    pub context_cache: bool,
    /// `--as-written`: canonprof's engine follows the JSON-LD 1.1 Processing Algorithms as written — every Context
    /// Processing invocation runs (no memo of processed contexts; a typed node re-processes its type-scoped
    /// contexts, a scoped term re-applies its context) and nothing is kept between documents, so it also turns
    /// the context cache off. Remote context documents are still dereferenced once per document, as §4.1.2 step
    /// 5.2.4 requires. The canonical output is the same; only the work differs. No effect on the json-ld crate's
    /// engine.
    pub as_written: bool,
    /// Bounds on the blank node labeling of what proofs canonicalize (`None`: RDFC-1.0's defaults,
    /// `canon::rdfc::RdfcOptions::DEFAULT`).
    pub labeling_bounds: Option<LabelingBounds>,
    /// Bounds on the input documents read and checked in the session (`--max-input-size`, `--max-depth`,
    /// `--max-json-values`).
    pub input_limits: crate::document::Limits,
    /// Bounds on the verification work of one file (`--max-proofs`, `--max-canonicalizations`).
    pub proof_limits: crate::document::ProofLimits,
}

impl Settings {
    /// These settings with `engine`.
    pub fn with_engine(self, engine: Engine) -> Settings {
        Settings { engine, ..self }
    }

    /// These settings with the processed-context cache on or off.
    pub fn with_context_cache(self, on: bool) -> Settings {
        Settings {
            context_cache: on,
            ..self
        }
    }

    /// These settings with canonprof's engine following the algorithms as written, or not
    /// ([`Settings::as_written`]).
    pub fn with_as_written(self, on: bool) -> Settings {
        Settings {
            as_written: on,
            ..self
        }
    }

    /// These settings with labeling bounds for the canonicalizations of proofs.
    pub fn with_labeling_bounds(self, bounds: LabelingBounds) -> Settings {
        Settings {
            labeling_bounds: Some(bounds),
            ..self
        }
    }

    /// Whether anything is kept between documents: the context cache is on and the algorithms are not run as
    /// written.
    pub(crate) fn caches_contexts(&self) -> bool {
        self.context_cache && !self.as_written
    }
}
