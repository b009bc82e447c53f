//! canonprof: what does it cost to secure a Verifiable Credential, and where does the time go?
//!
//! Layout (imports point one way: [`cli`] → the runners → the formats → [`canon`] → [`loader`]; [`profile`],
//! `stats`, `results`, [`export`] and [`keys`] are leaves that know nothing of credentials — the runners fill
//! `results`' typed models and `export` renders them):
//! - [`cli`]: the command line (parses, checks once, dispatches); `options`: the modes it offers (`--engine`,
//!   `--context-cache`, `--curve`, …) as library types;
//! - runners: [`benchmark`] (the main job: warm-up, R runs × N iterations, per-phase statistics, flamegraphs,
//!   the sweep), [`canonicalize`] (the `canonicalize` command's request), [`exchange`] (issue, present, verify
//!   per format), [`jws`] (JWS Compact Serialization and the signature matrix), `sign` (the `sign` command:
//!   Data Integrity proofs and SD-JWT VCs made with a user's key, key files);
//! - formats: [`integrity`] (VC Data Integrity cryptosuites), [`sd_jwt`] (RFC 9901 SD-JWT, SD-JWT VC),
//!   [`mdoc`] (ISO/IEC 18013-5), all signing with [`keys`];
//! - [`canon`]: the RDFC-1.0 and JCS pipelines, one `tracing` span per phase; the two JSON-LD engines meet at one
//!   seam, `canon::jsonld`;
//! - [`corpus`], [`document`], [`loader`]: bundled credentials, input checking, the offline context loader;
//! - [`error`]: the one error type, with kinds (and JSON-LD error codes) a program can match;
//! - leaves: [`keys`] (Ed25519, P-256, P-384 keys), [`profile`] (the span layer that times phases, the sampler,
//!   flamegraph rendering), `stats` (medians and spread), `results` (every runner's result types, saved
//!   runs read back, their comparison and the analysis: claims, summary), [`export`] (the formats: JSON, CSV,
//!   Markdown, the HTML page, SVG charts and terminal tables).

pub mod benchmark;
pub mod canon;
pub mod canonicalize;
pub mod cli;
mod console;
pub mod corpus;
pub mod document;
pub mod error;
pub mod exchange;
pub mod export;
pub mod input;
pub mod integrity;
pub mod interop;
pub mod jws;
pub mod keys;
pub mod loader;
pub mod mdoc;
mod options;
pub mod profile;
mod results;
pub mod sd_jwt;
mod sign;
mod stats;
pub mod verify;

pub use error::{Error, ErrorKind, Result};
