//! The RDFC-1.0 pipeline as the VC Data Integrity `*-rdfc-*` cryptosuites run it (VC Data Integrity
//! "transformation" step: JSON-LD → RDF → RDFC-1.0 → canonical N-Quads → hash), one span per phase.
//! Blank node labeling is canonprof's step-by-step RDFC-1.0 §4.4 ([`super::label`], timed in two sub-phases and
//! checked against rdf-canon 0.15 in the tests) with a Hash N-Degree Quads call limit as the poison guard (§7.1);
//! relabeling and canonical N-Quads serialization are [`super::nquads::canonical_nquads`]. rdf-canon 0.15, the
//! crate this project started from, is kept as a reference in the tests: it counts a quad twice for a blank node
//! that occurs twice in it, unlike rdf-canonize (docs/design.md).

use super::dataset::Dataset;
use super::label::{self, Canonical, LabelCounts};
use super::work::{self, Step};
use super::{jsonld, nquads, phase, Quads};
use crate::canon::session::Session;
use crate::canon::settings::Settings;
use crate::error::Result;
use sha2::{Digest, Sha256, Sha384};
use std::collections::HashMap;

/// Default limit on Hash N-Degree Quads calls (RDFC-1.0 §4.8) before a dataset is refused as poison (§7.1).
/// It accepts every credential in the corpus and every positive W3C test, and refuses the 10-clique of test074
/// and the 8-clique of case 017 in milliseconds.
pub const DEFAULT_HNDQ_CALL_LIMIT: usize = 4000;

/// The hash algorithm of RDFC-1.0 (§4.4: SHA-256 by default; SHA-384 is allowed and tested by the W3C suite;
/// SHA-512 is what the Quantum-Safe Cryptosuites pass it for security category 5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum HashAlgorithm {
    /// SHA-256 (default).
    #[default]
    Sha256,
    /// SHA-384.
    Sha384,
    /// SHA-512.
    Sha512,
}

impl HashAlgorithm {
    /// `SHA-256`, `SHA-384` or `SHA-512` (FIPS 180-4's names).
    pub fn name(self) -> &'static str {
        match self {
            HashAlgorithm::Sha256 => "SHA-256",
            HashAlgorithm::Sha384 => "SHA-384",
            HashAlgorithm::Sha512 => "SHA-512",
        }
    }

    /// The hash of `bytes`: 32 bytes with SHA-256, 48 with SHA-384.
    pub fn digest(self, bytes: &[u8]) -> Vec<u8> {
        match self {
            HashAlgorithm::Sha256 => Sha256::digest(bytes).to_vec(),
            HashAlgorithm::Sha384 => Sha384::digest(bytes).to_vec(),
            HashAlgorithm::Sha512 => sha2::Sha512::digest(bytes).to_vec(),
        }
    }
}

/// Options of the RDFC-1.0 labeling.
#[derive(Debug, Clone, Copy)]
pub struct RdfcOptions {
    /// Maximum number of Hash N-Degree Quads calls before refusing the dataset as poison.
    pub hndq_call_limit: usize,
    /// The hash used inside labeling (RDFC-1.0 §4.4's hash algorithm; [`RdfcOutput::sha256`] stays SHA-256).
    pub hash: HashAlgorithm,
    /// Wall-clock limit on blank node labeling (`None`: only the call limit bounds it).
    pub time_limit: Option<std::time::Duration>,
    /// `--lossy`: drop (and count) what safe mode would refuse, instead of refusing the document.
    pub lossy: bool,
}

/// Default wall-clock limit on blank node labeling: far above any ordinary credential (milliseconds), low
/// enough that a pathological dataset fails within seconds.
const DEFAULT_TIME_LIMIT: std::time::Duration = std::time::Duration::from_secs(10);

impl RdfcOptions {
    /// The defaults: SHA-256, [`DEFAULT_HNDQ_CALL_LIMIT`] and `DEFAULT_TIME_LIMIT`.
    pub const DEFAULT: RdfcOptions = RdfcOptions {
        hndq_call_limit: DEFAULT_HNDQ_CALL_LIMIT,
        hash: HashAlgorithm::Sha256,
        time_limit: Some(DEFAULT_TIME_LIMIT),
        lossy: false,
    };
}

impl RdfcOptions {
    /// The options of a cryptosuite's canonicalization with `session`: the defaults, bounded by the session's
    /// labeling bounds when it has them (`--hndq-limit`, `--time-limit`).
    pub fn for_proofs(settings: &Settings) -> RdfcOptions {
        match settings.labeling_bounds {
            Some(b) => RdfcOptions {
                hndq_call_limit: b.hndq_call_limit,
                time_limit: b.time_limit,
                ..RdfcOptions::DEFAULT
            },
            None => RdfcOptions::DEFAULT,
        }
    }

    /// These options with `hash` as the labeling hash (a cryptosuite's hash for its key).
    pub fn with_hash(self, hash: HashAlgorithm) -> RdfcOptions {
        RdfcOptions { hash, ..self }
    }
}

impl Default for RdfcOptions {
    fn default() -> Self {
        RdfcOptions::DEFAULT
    }
}

/// The canonical form of a dataset (RDFC-1.0 §4.4 output) and its SHA-256.
#[derive(Debug, Clone)]
pub struct RdfcOutput {
    /// Canonical N-Quads (RDFC-1.0 §5 and Appendix A), one statement per line, each ending in `\n`.
    pub canonical: String,
    /// Issued identifiers map: input blank node label → canonical label (`c14nN`), both without `_:`.
    pub issued: HashMap<String, String>,
    /// SHA-256 of `canonical`, lowercase hex.
    pub sha256: String,
    /// Number of quads in the dataset.
    pub quads: usize,
    /// What blank node labeling did (blank nodes, unique first-degree hashes, Hash N-Degree Quads calls).
    pub label_counts: LabelCounts,
    /// Statements dropped by `--lossy` (0 in safe mode, which refuses instead).
    pub dropped: usize,
}

/// Runs the full pipeline on a JSON-LD document text: `parse`, `expand`, `to_rdf` with the session's engine
/// ([`jsonld::dataset`]), then [`canonicalize`]. `label` names the document in errors.
pub fn canonicalize_jsonld(
    label: &str,
    text: &str,
    session: &Session,
    options: &RdfcOptions,
) -> Result<RdfcOutput> {
    let (dataset, dropped) = jsonld::dataset(label, text, session, options.lossy)?;
    let mut output = canonicalize(&dataset, options).map_err(|e| e.in_source(label))?;
    output.dropped = dropped;
    Ok(output)
}

/// The canonical N-Quads of a document held as a JSON value ([`jsonld::dataset_of_value`], then `label` and
/// `serialize`), without the SHA-256 and the issued identifiers map [`canonicalize`] adds: what a Data Integrity
/// cryptosuite's transformation produces, which its hashing step then hashes (VC Data Integrity EdDSA
/// Cryptosuites v1.0 §3.3.3, ECDSA §3.3.3). Errors: as for [`canonicalize_jsonld`].
pub fn canonical_form_of_value(
    label: &str,
    value: &serde_json::Value,
    session: &Session,
    options: &RdfcOptions,
) -> Result<String> {
    let (dataset, _) = jsonld::dataset_of_value(label, value, session, options.lossy)?;
    let (numbers, _) = {
        let _span = tracing::info_span!(phase::LABEL).entered();
        canonical_numbers(&dataset, options).map_err(|e| e.in_source(label))?
    };
    let canonical = {
        let _span = tracing::info_span!(phase::SERIALIZE).entered();
        nquads::canonical_dataset(&dataset, &numbers)
    };
    work::add(Step::BytesSerialized, canonical.len() as u64);
    Ok(canonical)
}

/// [`canonicalize`] of a dataset in `oxrdf`'s form (N-Quads input, the tests).
pub fn canonicalize_dataset(dataset: &Quads, options: &RdfcOptions) -> Result<RdfcOutput> {
    canonicalize(&Dataset::from(dataset), options)
}

/// RDFC-1.0 on a dataset: `label` (§4.4 Canonicalization Algorithm: issue canonical identifiers), `serialize`
/// (§4.5 relabel, §5 sorted canonical N-Quads), `hash` (SHA-256). Errors: [`crate::error::ErrorKind::Poison`]
/// when the Hash N-Degree Quads call limit or the time limit is exceeded.
pub fn canonicalize(dataset: &Dataset, options: &RdfcOptions) -> Result<RdfcOutput> {
    let (issued, label_counts, numbers) = {
        let _span = tracing::info_span!(phase::LABEL).entered();
        let (numbers, counts) = canonical_numbers(dataset, options)?;
        (numbers.issued_map(dataset), counts, numbers)
    };
    let canonical = {
        let _span = tracing::info_span!(phase::SERIALIZE).entered();
        nquads::canonical_dataset(dataset, &numbers)
    };
    work::add(Step::BytesSerialized, canonical.len() as u64);
    let sha256 = {
        let _span = tracing::info_span!(phase::HASH).entered();
        work::add(Step::BytesHashed, canonical.len() as u64);
        super::lower_hex(&Sha256::digest(canonical.as_bytes()))
    };
    Ok(RdfcOutput {
        canonical,
        issued,
        sha256,
        quads: dataset.len(),
        label_counts,
        dropped: 0,
    })
}

/// RDFC-1.0 §4.4 Canonicalization Algorithm, the `label` phase alone: the issued identifiers map (input blank
/// node label → `c14nN`, both without `_:`) — what the selective disclosure functions need (they relabel the
/// canonical identifiers before serializing). Errors: [`crate::error::ErrorKind::Poison`] as for [`canonicalize`].
pub fn issue_identifiers(
    dataset: &Quads,
    options: &RdfcOptions,
) -> Result<(HashMap<String, String>, LabelCounts)> {
    let dataset = Dataset::from(dataset);
    let _span = tracing::info_span!(phase::LABEL).entered();
    let (numbers, counts) = canonical_numbers(&dataset, options)?;
    Ok((numbers.issued_map(&dataset), counts))
}

/// §4.4.3 with the options' hash and bounds: the canonical numbers and the counts.
fn canonical_numbers(dataset: &Dataset, options: &RdfcOptions) -> Result<(Canonical, LabelCounts)> {
    let (limit, time) = (options.hndq_call_limit, options.time_limit);
    match options.hash {
        HashAlgorithm::Sha256 => label::canonical_numbers::<Sha256>(dataset, limit, time),
        HashAlgorithm::Sha384 => label::canonical_numbers::<Sha384>(dataset, limit, time),
        HashAlgorithm::Sha512 => label::canonical_numbers::<sha2::Sha512>(dataset, limit, time),
    }
}

/// `--lossy`'s count of the statements of undefined terms, with the session's engine; see
/// [`jsonld::undefined_term_statements`].
pub use super::jsonld::undefined_term_statements;
