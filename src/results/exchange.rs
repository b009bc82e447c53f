//! The credential exchange's report models: per operation (issue, present, verify) medians with spread, steps,
//! canonicalization counts and bytes on the wire — the three-format table ([`FormatsReport`]) and the per-suite
//! VCDM table ([`SuitesReport`]), and `canonprof exchange --export-json`'s file ([`Export`]). Filled by
//! [`crate::exchange`], rendered by [`crate::export::exchange`]; formats, suites and algorithms are names here.

use super::names::{Engine, EngineSetting};
use crate::stats::RunStats;
use serde::{Deserialize, Serialize};

/// The study's band: a difference within ±10% is not called real.
pub(crate) const BAND: f64 = 0.10;

/// The signature backend of an export written before `signatures` was (RustCrypto's, the only one then).
pub(crate) fn rustcrypto() -> String {
    crate::keys::Backend::RustCrypto.name().to_string()
}

/// The exchange table's `engine`, written as its engines joined (`json-ld`, `canonprof`, `json-ld and canonprof`)
/// as it always has been.
mod engines_joined {
    use super::EngineSetting;
    use serde::{Deserialize, Deserializer, Serializer};

    const BOTH: &str = "json-ld and canonprof";

    /// The engines' names joined.
    pub(crate) fn name(setting: EngineSetting) -> &'static str {
        match setting {
            EngineSetting::Both => BOTH,
            one => one.name(),
        }
    }

    pub(super) fn serialize<S: Serializer>(
        setting: &EngineSetting,
        s: S,
    ) -> Result<S::Ok, S::Error> {
        s.serialize_str(name(*setting))
    }

    pub(super) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<EngineSetting, D::Error> {
        match String::deserialize(d)?.as_str() {
            "json-ld" => Ok(EngineSetting::JsonLd),
            "canonprof" => Ok(EngineSetting::Canonprof),
            BOTH | "canonprof and json-ld" => Ok(EngineSetting::Both),
            other => Err(serde::de::Error::custom(format!(
                "unknown engine `{other}` (expected `json-ld`, `canonprof` or `{BOTH}`)"
            ))),
        }
    }
}

/// One timed step inside an operation.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub(crate) struct StepResult {
    /// Step (span) name, e.g. `canonicalize_document`.
    pub name: String,
    /// Median µs and spread.
    #[serde(flatten)]
    pub stats: RunStats,
}

/// One operation of the exchange.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub(crate) struct OperationResult {
    /// `issue`, `present` or `verify`.
    pub operation: String,
    /// Wall time of the whole operation (µs).
    pub total: RunStats,
    /// The steps inside it.
    pub steps: Vec<StepResult>,
    /// Canonicalizations per operation.
    pub canonicalizations: usize,
    /// Share of the operation's median spent canonicalizing (document + proof configuration), 0–1.
    pub canonicalization_share: f64,
}

/// A suite's whole exchange on one credential.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub(crate) struct SuiteResult {
    /// Credential name.
    pub credential: String,
    /// Cryptosuite (`eddsa-rdfc-2022`, …), with `-p384` appended for P-384 keys.
    pub cryptosuite: String,
    /// The expansion engine of its RDFC-1.0 canonicalizations (`json-ld` or `canonprof`; JCS suites expand
    /// nothing and show the run's engine).
    pub engine: Engine,
    /// The signature backend of its keys (`rustcrypto` or `aws-lc-rs`; `rustcrypto` in older exports).
    #[serde(default = "rustcrypto")]
    pub signatures: String,
    /// issue, present, verify.
    pub operations: Vec<OperationResult>,
    /// Sum of the operations' medians (µs).
    pub exchange_median_us: f64,
    /// Canonicalizations per exchange.
    pub canonicalizations: usize,
    /// Size of the presented credential (bytes of JSON) — what goes on the wire.
    pub presented_bytes: usize,
    /// The exchange's span flamegraph (SVG file name in the flamegraph directory), when drawn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub flamegraph: Option<String>,
}

/// Measurement settings of an exchange run.
#[derive(Debug, Clone, Copy, Serialize, Deserialize)]
pub(crate) struct Settings {
    /// Iterations per operation per run (N).
    pub iterations: usize,
    /// Runs (R), interleaved.
    pub runs: usize,
    /// Warm-up iterations per operation, before the first run.
    pub warmup: usize,
    /// Warm-up time floor per operation, seconds (0: none).
    pub warmup_seconds: f64,
    /// RNG seed of every key, salt and nonce.
    pub seed: u64,
}

/// One format's exchange.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub(crate) struct FormatResult {
    /// `SD-JWT VC`, `mdoc`, `VCDM eddsa-rdfc-2022`, …; a second expansion engine's rows name it (`… (canonprof
    /// engine)`), and with both signature backends the aws-lc-rs rows say so (`… (aws-lc-rs)`).
    pub format: String,
    /// The signature algorithm shared by every format (`ed25519`, `p256`, `ml-dsa-44`, `slh-dsa-128s`,
    /// `falcon-512`).
    pub alg: String,
    /// The signature backend of every signature in this row (`rustcrypto` or `aws-lc-rs`; `rustcrypto` in older
    /// exports).
    #[serde(default = "rustcrypto")]
    pub signatures: String,
    /// The JSON-LD expansion engine that ran its RDFC-1.0 canonicalizations; `None` when it runs none (SD-JWT
    /// VC, mdoc, JCS suites).
    pub engine: Option<Engine>,
    /// issue, present, verify.
    pub operations: Vec<OperationResult>,
    /// Sum of the operations' medians (µs).
    pub total_us: f64,
    /// Smallest and largest per-run exchange total (sum of the operations' run medians, µs).
    pub total_range_us: (f64, f64),
    /// Canonicalizations per exchange.
    pub canonicalizations: usize,
    /// Bytes the holder sends the verifier.
    pub presented_bytes: usize,
    /// Bytes the issuer sends the holder: the issued credential (0 in exports written before it was measured).
    #[serde(default)]
    pub issued_bytes: usize,
    /// Bytes of every signature the verifier checks in the presentation, decoded (SD-JWT VC: the issuer JWT's
    /// and the KB-JWT's; mdoc: the MSO's, the device signature and the DS certificate's; VCDM: the proof
    /// value); 0 in exports written before it was measured.
    #[serde(default)]
    pub signature_bytes: usize,
    /// The longest run of bytes two presentations of the credential share in their signatures
    /// (measured by the exchange): from [`LINKABLE_RUN`] bytes up a verifier can link the two; `None` in exports
    /// written before it was measured.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub repeated_bytes: Option<usize>,
    /// mdoc: the certificate chain check inside verify (median µs).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub certificate_chain_us: Option<f64>,
}

/// Runs of at least this many bytes two presentations share in their signatures are a signature seen twice,
/// not framing or a coincidence (16 bytes is 128 bits: two independent signatures share no such run by
/// chance), so a verifier can link the presentations.
pub(crate) const LINKABLE_RUN: usize = 16;

/// What bbs-2023's BBS signatures and proofs run on (a row's `signatures`), whatever the backend of the other
/// suites.
pub(crate) const BBS_LIBRARY: &str = "zkryptium";

/// How the three-format table names a W3C VCDM row: `VCDM <cryptosuite>`, then what else tells it apart.
pub(crate) const VCDM_PREFIX: &str = "VCDM ";

impl FormatResult {
    /// Whether the row is a W3C VCDM credential with a Data Integrity proof.
    pub(crate) fn is_vcdm(&self) -> bool {
        self.format.starts_with(VCDM_PREFIX)
    }

    /// A VCDM row's canonicalization, from its cryptosuite's name (`-rdfc-` or `-jcs-`); `None` for the other
    /// formats and for the selective suite's row, which names neither.
    pub(crate) fn vcdm_canonicalization(&self) -> Option<super::names::Algorithm> {
        use super::names::Algorithm;
        if !self.is_vcdm() {
            None
        } else if self.format.contains("-rdfc-") {
            Some(Algorithm::Rdfc10)
        } else if self.format.contains("-jcs-") {
            Some(Algorithm::Jcs)
        } else {
            None
        }
    }

    /// Whether two presentations share a run of signature bytes a verifier could link them by; `None` when not
    /// measured.
    pub(crate) fn linkable(&self) -> Option<bool> {
        self.repeated_bytes.map(|n| n >= LINKABLE_RUN)
    }

    /// The format without the backend a second backend's rows add to its name (`mdoc (aws-lc-rs)` → `mdoc`):
    /// what a row shares with its twins measured with another signature backend.
    pub(crate) fn base_format(&self) -> &str {
        self.format
            .strip_suffix(&format!(" ({})", self.signatures))
            .unwrap_or(&self.format)
    }
}

/// A pairwise comparison of exchange totals (same algorithm).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub(crate) struct Ratio {
    /// The slower format.
    pub slower: String,
    /// The faster format.
    pub faster: String,
    /// The signature algorithm (`ed25519`, `p256`).
    pub alg: String,
    /// The signature backend of both rows (ratios compare rows of one backend).
    #[serde(default = "rustcrypto")]
    pub signatures: String,
    /// slower / faster.
    pub ratio: f64,
    /// Whether the difference is inside the ±10% band (not a real difference).
    pub within_band: bool,
}

/// The three-format table of one credential.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub(crate) struct FormatsReport {
    /// The credential whose subject attributes were exchanged.
    pub credential: String,
    /// Subject attributes issued.
    pub attributes: usize,
    /// The disclosed attributes.
    pub disclosed: Vec<String>,
    /// Settings.
    pub settings: Settings,
    /// Per format, grouped by algorithm.
    pub results: Vec<FormatResult>,
    /// Pairwise ratios within each algorithm, largest first.
    pub ratios: Vec<Ratio>,
    /// The JSON-LD expansion engine of the RDFC-1.0 canonicalizations (`json-ld`, `canonprof`, or
    /// `json-ld and canonprof`: then the canonprof engine's rows say so in their format).
    #[serde(with = "engines_joined")]
    pub engine: EngineSetting,
    /// Whether the RDFC-1.0 canonicalizations reused processed contexts (`--context-cache`).
    pub context_cache: bool,
    /// The signature backends, in row order: `rustcrypto`, `aws-lc-rs`, or `rustcrypto and aws-lc-rs`
    /// (`--signatures both`, interleaved in the same runs); `rustcrypto` in older exports.
    #[serde(default = "rustcrypto")]
    pub signatures: String,
    /// With both backends: per algorithm and format, what the backend changes in the exchange total.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub backend_shares: Vec<BackendShare>,
}

impl FormatsReport {
    /// The engines of the RDFC-1.0 canonicalizations, as the export names them (`json-ld and canonprof`).
    pub(crate) fn engines_name(&self) -> &'static str {
        engines_joined::name(self.engine)
    }
}

/// How much of one format's exchange is the signature backend: the same rows measured with RustCrypto and with
/// aws-lc-rs in the same interleaved runs.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub(crate) struct BackendShare {
    /// The format, as its RustCrypto row names it.
    pub format: String,
    /// The signature algorithm (`ed25519`, `p256`).
    pub alg: String,
    /// Exchange total with RustCrypto (µs).
    pub rustcrypto_us: f64,
    /// Exchange total with aws-lc-rs (µs).
    pub aws_lc_rs_us: f64,
    /// `rustcrypto_us / aws_lc_rs_us`.
    pub speedup: f64,
    /// The share of the RustCrypto total that the backend accounts for: `(rustcrypto_us − aws_lc_rs_us) /
    /// rustcrypto_us` (negative when aws-lc-rs is slower).
    pub share: f64,
}

/// The per-suite VCDM table: every (credential, cryptosuite) exchange and the settings it was measured with.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub(crate) struct SuitesReport {
    /// Settings, and how many subject attributes were disclosed.
    pub config: SuitesConfig,
    /// One per (credential, cryptosuite, expansion engine), in run order.
    pub results: Vec<SuiteResult>,
    /// In the JSON export: the directory of the results' span flamegraphs (`--flamegraphs`), relative to the
    /// export file's directory.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub flamegraph_dir: Option<String>,
}

/// [`SuitesReport`]'s settings.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub(crate) struct SuitesConfig {
    /// N, R, warm-up and seed.
    #[serde(flatten)]
    pub settings: Settings,
    /// Subject attributes disclosed in the presentation (at most).
    pub disclosed: usize,
    /// Whether the RDFC-1.0 canonicalizations reused processed contexts (`--context-cache`).
    pub context_cache: bool,
    /// The signature backends, in row order (as [`FormatsReport::signatures`]).
    #[serde(default = "rustcrypto")]
    pub signatures: String,
    /// Whether a credential's suites, engines, backends and operations took turns run by run; false in runs
    /// saved before they did, which measured each operation's R runs one after another.
    #[serde(default)]
    pub interleaved: bool,
}

/// What `canonprof exchange --export-json` writes, tagged by `"format"` (docs/export-json.md).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(tag = "format")]
pub(crate) enum Export {
    /// `--format all`: the three-format table of each credential.
    #[serde(rename = "all")]
    All {
        /// One per credential.
        reports: Vec<FormatsReport>,
        /// The study's claims checked on each report's rows, in report order (absent in exports written before
        /// the exchange checked them).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        claims: Vec<Vec<super::Claim>>,
    },
    /// `--format vcdm`: every Data Integrity cryptosuite in detail.
    #[serde(rename = "vcdm")]
    Vcdm(SuitesReport),
}
