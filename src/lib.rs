//! canonprof: what does it cost to secure a Verifiable Credential, and where does the time go?
//!
//! Layout (imports point one way: `cli` → runners → `canon` → `loader`; `profile`, `stats`, `report` and
//! `export` are leaves that know nothing of credentials — the runners fill `report`'s neutral result types and
//! `export` renders them):
//! - [`cli`]: the command line (parses, checks once, dispatches); [`options`]: the modes it offers (`--engine`,
//!   `--context-cache`, `--curve`, …) as library types;
//! - [`benchmark`]: the main job's runner (warm-up, R runs × N iterations, per-phase statistics);
//! - [`canon`]: the RDFC-1.0 and JCS pipelines, one `tracing` span per phase;
//! - [`corpus`], [`document`], [`loader`]: bundled credentials, input checking, the offline context loader;
//! - [`keys`]: the signing keys of the credential formats (Ed25519, P-256, P-384), a leaf that
//!   [`integrity`], [`sd_jwt`], [`mdoc`] and [`exchange`] share;
//! - [`profile`]: the span layer that times phases; [`stats`]: medians and spread; [`report`]: the result types
//!   of every runner (names and numbers); [`export`]: their JSON, CSV, Markdown, HTML, SVG charts and terminal
//!   tables.

pub mod benchmark;
pub mod canon;
pub mod canonicalize;
pub mod cli;
pub mod corpus;
pub mod document;
pub mod error;
pub mod exchange;
pub mod export;
pub mod fuzzing;
pub mod integrity;
pub mod jws;
pub mod keys;
pub mod loader;
pub mod mdoc;
pub mod options;
pub mod profile;
pub mod report;
pub mod sd_jwt;
pub mod stats;

pub use error::{Error, ErrorKind, Result};
