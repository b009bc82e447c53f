//! canonprof: what does it cost to secure a Verifiable Credential, and where does the time go?
//!
//! The rooms, top to bottom (each imports only from those below it; docs/design.md, "The layout"):
//! - [`cli`]: parses, checks once, turns the flags into a job's typed plan and dispatches; `options`: the modes
//!   it offers (`--engine`, `--context-cache`, `--curve`, …) as library types;
//! - jobs, one entry per command owning its loops, progress and outputs: [`benchmark`] (the main job, the sweep,
//!   `flame`), [`canonicalize`], [`exchange`] (issue, present, verify per format), [`verify`], `sign`, [`jws`]
//!   (the signature matrix), [`interop`];
//! - `results`: the typed models every job fills, saved runs read back, diff and merge, and the analysis (the
//!   study's claims, the summary); [`export`]: their formats (JSON, CSV, Markdown, terminal tables, SVG charts,
//!   the HTML page);
//! - formats: [`integrity`] (VC Data Integrity, the cryptosuites as a table), [`sd_jwt`] (RFC 9901 SD-JWT,
//!   SD-JWT VC), [`mdoc`] (ISO/IEC 18013-5), all signing with [`keys`];
//! - [`canon`]: the RDFC-1.0 and JCS pipelines, one `tracing` span per phase, the run's `Settings` and `Session`,
//!   and the two JSON-LD engines behind one seam;
//! - foundations: [`loader`] (the offline context documents), [`document`] and [`input`] (untrusted input read
//!   within its bounds), [`error`] (the opaque error type, with kinds and JSON-LD error codes a program can
//!   match), [`profile`] (the span timer, the sampler, flamegraphs), `stats`, [`corpus`], `console`.

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
