//! `canonprof verify`: verifies the credentials users hold — W3C VCDM with Data Integrity proofs
//! (`data_integrity`), VC-JWT / VC-JOSE (`jwt`), SD-JWT VC (`sd_jwt`) and ISO/IEC 18013-5 mdoc
//! `DeviceResponse`s (`mdoc`) — and says per file, per proof or check, what was verified and why not
//! ([`verify_bytes`] picks the verifier by format). Knows nothing of the terminal: a [`FileReport`] becomes a
//! `crate::results::verify::ReadEntry`, which `export::verify` renders.

pub(crate) mod binding;
mod check;
pub(crate) mod claims;
pub(crate) mod data_integrity;
pub mod detect;
mod dispatch;
mod entry;
mod job;
mod json;
pub(crate) mod jws_json;
pub(crate) mod jwt;
pub mod keys;
pub(crate) mod mdoc;
mod options;
mod report;
pub(crate) mod sd_jwt;
pub(crate) mod timing;
pub(crate) mod verdict;
pub mod x5c;

pub use check::{Check, Outcome, Role, Trust};
pub use detect::Format;
pub use dispatch::verify_bytes;
pub use job::{run, Plan, Summary};
pub use json::{json_document, json_part};
pub use options::{Options, Settings};
pub use report::{FileReport, Nested};
pub use timing::time_file;
pub use verdict::{Refusal, Verdict};
