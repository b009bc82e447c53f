//! The three-format exchange as the study reported it: SD-JWT VC, mdoc and the W3C VCDM Data Integrity
//! cryptosuites on the same credential's subject attributes, disclosing the same 5, with one signature
//! algorithm across formats (`ed25519`: EdDSA SD-JWT VC and mdoc, eddsa-rdfc-2022, eddsa-jcs-2022; `p256`:
//! ES256 SD-JWT VC and mdoc, ecdsa-rdfc-2019, ecdsa-jcs-2019, ecdsa-sd-2023; `ml-dsa-44`: ML-DSA-44 SD-JWT VC and
//! mdoc (RFC 9964), mldsa44-rdfc-2024, mldsa44-jcs-2024; `slh-dsa-128s`: SD-JWT VC with the draft's
//! `SLH-DSA-SHA2-128s` and the slhdsa128 suites, no mdoc (no settled COSE value); `falcon-512`: the falcon512
//! suites only (no JOSE or COSE name for round-3 Falcon signatures); `bls12-381-g2`: bbs-2023 only, the
//! unlinkable selective-disclosure suite, beside P-256's ecdsa-sd-2023). Each row also says how many signature
//! bytes two presentations of the credential share (`linkability`). Measured in R runs, interleaved:
//! each run measures N iterations of every operation of every format, the formats in a rotating order, so
//! machine noise hits all alike; warm-up before the first run. Pairwise ratios of exchange totals are judged against
//! the study's 10% band.

use super::disclosure::{disclosed_attributes, subject_attributes};
use super::leg::Leg;
use super::mdoc::MdocLeg;
use super::sd_jwt::SdJwtLeg;
use super::vcdm::operation_result;
use super::{Exchange, Operation};
use crate::canon::Session;
use crate::corpus::Credential;
use crate::error::{Error, Result};
use crate::integrity::suites::Cryptosuite;
use crate::keys::{Backend, SignatureAlgorithm};
use crate::profile::{self, Samples, Timer};
use crate::results::exchange::{
    BackendShare, FormatResult, FormatsReport, OperationResult, Ratio, BAND,
};
use serde_json::Value;

pub(crate) use crate::results::exchange::Settings;

/// The signature algorithm shared by every format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Alg {
    /// Ed25519 (EdDSA).
    Ed25519,
    /// ECDSA P-256 (ES256).
    P256,
    /// ML-DSA-44 (FIPS 204; JOSE and COSE `ML-DSA-44`, RFC 9964).
    #[value(name = "ml-dsa-44")]
    MlDsa44,
    /// SLH-DSA-SHA2-128s (FIPS 205): signing takes some 170 ms, so it runs only when named.
    #[value(name = "slh-dsa-128s")]
    SlhDsa128s,
    /// FALCON-512 (round 3, as the Quantum-Safe Cryptosuites report uses it): the Data Integrity suites only.
    #[value(name = "falcon-512")]
    Falcon512,
    /// BLS12-381 G2 keys, BBS signatures (zkryptium, draft-irtf-cfrg-bbs-signatures-13): bbs-2023 only, the
    /// unlinkable selective-disclosure suite.
    #[value(name = "bls12-381-g2")]
    Bls12381G2,
}

impl From<Alg> for SignatureAlgorithm {
    fn from(alg: Alg) -> SignatureAlgorithm {
        match alg {
            Alg::Ed25519 => SignatureAlgorithm::Ed25519,
            Alg::P256 => SignatureAlgorithm::P256,
            Alg::MlDsa44 => SignatureAlgorithm::MlDsa44,
            Alg::SlhDsa128s => SignatureAlgorithm::SlhDsaSha2_128s,
            Alg::Falcon512 => SignatureAlgorithm::Falcon512,
            Alg::Bls12381G2 => SignatureAlgorithm::Bls12381G2,
        }
    }
}

impl Alg {
    /// Every algorithm, in table order.
    pub const ALL: [Alg; 6] = [
        Alg::Ed25519,
        Alg::P256,
        Alg::MlDsa44,
        Alg::SlhDsa128s,
        Alg::Falcon512,
        Alg::Bls12381G2,
    ];

    /// What runs when no `--alg` is given, and the main job's exchange: the study's two, ML-DSA-44 and BLS12-381
    /// (bbs-2023 beside P-256's ecdsa-sd-2023); SLH-DSA's slow signing and FALCON-512 only when named.
    pub const DEFAULT: [Alg; 4] = [Alg::Ed25519, Alg::P256, Alg::MlDsa44, Alg::Bls12381G2];

    /// The algorithms the study measured, whose rows its claims are checked on.
    pub const STUDY: [Alg; 2] = [Alg::Ed25519, Alg::P256];

    /// `ed25519`, `p256`, `ml-dsa-44`, `slh-dsa-128s`, `falcon-512` or `bls12-381-g2` (the `--alg` values).
    pub fn name(self) -> &'static str {
        match self {
            Alg::Ed25519 => "ed25519",
            Alg::P256 => "p256",
            Alg::MlDsa44 => "ml-dsa-44",
            Alg::SlhDsa128s => "slh-dsa-128s",
            Alg::Falcon512 => "falcon-512",
            Alg::Bls12381G2 => "bls12-381-g2",
        }
    }

    /// The algorithm as the specifications name it: `Ed25519`, `P-256`, `ML-DSA-44`, `SLH-DSA-SHA2-128s`,
    /// `FALCON-512`, `BLS12-381-G2`.
    pub fn display(self) -> &'static str {
        SignatureAlgorithm::from(self).name()
    }

    /// The algorithm of an [`Alg::name`]; `None` for another name.
    pub fn from_name(name: &str) -> Option<Alg> {
        Alg::ALL.into_iter().find(|a| a.name() == name)
    }

    /// Whether it is post-quantum (ML-DSA-44, SLH-DSA-SHA2-128s, FALCON-512).
    pub fn is_post_quantum(self) -> bool {
        SignatureAlgorithm::from(self).is_post_quantum()
    }

    /// The signature backends of `backends` its keys sign through: every one for Ed25519 and P-256, RustCrypto
    /// for the post-quantum algorithms (aws-lc-rs is not wired for them) and BLS12-381 (whose BBS signatures
    /// are zkryptium's whatever the backend).
    fn backends(self, backends: &[Backend]) -> Vec<Backend> {
        if !Alg::STUDY.contains(&self) {
            vec![Backend::RustCrypto]
        } else {
            backends.to_vec()
        }
    }

    /// The Data Integrity cryptosuites that sign with this algorithm, in [`Cryptosuite::ALL`]'s order.
    pub fn cryptosuites(self) -> Vec<Cryptosuite> {
        Cryptosuite::ALL
            .into_iter()
            .filter(|suite| suite.key_hash(self.into()).is_some())
            .collect()
    }
}

/// The prepared exchanges for `alg`: SD-JWT VC, mdoc, then the VCDM suites through `sessions[0]`; each further
/// session (another expansion engine) adds the RDFC-1.0 suites once more, named by their engine. Each format
/// once per signature backend of `backends`, side by side.
fn legs<'a>(
    credential: &Value,
    alg: Alg,
    sessions: &[&'a Session],
    seed: u64,
    backends: &[Backend],
) -> Result<Vec<Box<dyn Exchange + 'a>>> {
    let plain = subject_attributes(credential)?;
    let disclosed = disclosed_attributes(credential)?;
    let backends = alg.backends(backends);
    let algorithm = SignatureAlgorithm::from(alg);
    let mut legs: Vec<Box<dyn Exchange>> = Vec::new();
    if SdJwtLeg::supports(algorithm) {
        for &backend in &backends {
            legs.push(Box::new(SdJwtLeg::new(
                &plain, &disclosed, algorithm, seed, backend,
            )?));
        }
    }
    if MdocLeg::supports(algorithm) {
        for &backend in &backends {
            legs.push(Box::new(MdocLeg::new(
                &plain, &disclosed, algorithm, seed, backend,
            )?));
        }
    }
    let unsecured = super::disclosure::unsecured(credential);
    for (suite, nth_engine, session) in Leg::plan(&alg.cryptosuites(), sessions) {
        for &backend in &backends {
            let leg = Leg::new(suite, false, unsecured.clone(), session, seed, backend)?;
            legs.push(Box::new(match nth_engine {
                0 => leg,
                _ => leg.engine_named(),
            }));
        }
    }
    Ok(legs)
}

/// How many exchanges [`run`] measures for `alg` through `sessions` with `backends` (for progress bars).
pub(crate) fn leg_count(alg: Alg, sessions: &[&Session], backends: &[Backend]) -> usize {
    let algorithm = SignatureAlgorithm::from(alg);
    let formats =
        usize::from(SdJwtLeg::supports(algorithm)) + usize::from(MdocLeg::supports(algorithm));
    (formats + Leg::plan(&alg.cryptosuites(), sessions).count()) * alg.backends(backends).len()
}

/// The row name of a leg: its format, and with several `backends` its backend when not the first (e.g. `mdoc
/// (aws-lc-rs)`), as a second engine's rows name their engine.
fn row_name(leg: &dyn Exchange, backends: &[Backend]) -> String {
    match backends.first() {
        Some(&main) if backends.len() > 1 && leg.backend() != main => {
            format!("{} ({})", leg.format(), leg.backend().name())
        }
        _ => leg.format(),
    }
}

/// `rustcrypto`, `aws-lc-rs` or `rustcrypto and aws-lc-rs`.
pub(crate) fn backends_name(backends: &[Backend]) -> String {
    backends
        .iter()
        .map(|b| b.name())
        .collect::<Vec<_>>()
        .join(" and ")
}

/// Runs the exchange of `credential` for each of `algs` (see the module doc) through `sessions` (one, or one per
/// expansion engine with `--engine both`: the RDFC-1.0 suites then run once per engine), every format once per
/// signature backend of `backends` (at least one; with two, each format with each backend in the same
/// interleaved runs, and [`FormatsReport::backend_shares`] says what the backend changes); `progress` is called
/// after every measured iteration. Errors: the credential has no `credentialSubject`, or any operation failed.
pub(crate) fn run(
    credential: &Credential,
    algs: &[Alg],
    sessions: &[&Session],
    settings: &Settings,
    backends: &[Backend],
    progress: &mut dyn FnMut(),
) -> Result<FormatsReport> {
    let doc = &credential.document;
    let parsed: Value =
        serde_json::from_str(&doc.text).map_err(|e| crate::document::json_error(&doc.label, e))?;
    let within = |e: Error| e.within(&doc.label);
    let timer = Timer::new();
    let mut results = Vec::new();
    for &alg in algs {
        let legs = legs(&parsed, alg, sessions, settings.seed, backends).map_err(within)?;
        // samples[leg][op], canonicalizations[leg][op]
        let mut samples: Vec<Vec<Samples>> = legs.iter().map(|_| Vec::new()).collect();
        let mut counts = vec![[0usize; 3]; legs.len()];
        for round in 0..settings.runs {
            for k in 0..legs.len() {
                let i = (k + round) % legs.len();
                for (o, op) in Operation::ALL.into_iter().enumerate() {
                    let plan = profile::Plan {
                        iterations: settings.iterations,
                        runs: 1,
                        warmup: if round == 0 { settings.warmup } else { 0 },
                        warmup_seconds: if round == 0 {
                            settings.warmup_seconds
                        } else {
                            0.0
                        },
                        plain: false,
                    };
                    let mut work = || legs[i].run(op).map(|n| counts[i][o] = n);
                    let measured =
                        profile::measure(&plan, &timer, &mut work, progress).map_err(within)?;
                    match samples[i].get_mut(o) {
                        Some(s) => s.append(measured),
                        None => samples[i].push(measured),
                    }
                }
            }
        }
        for (i, leg) in legs.iter().enumerate() {
            let repeated = {
                let (first, second) = (leg.fresh_signatures(), leg.fresh_signatures());
                super::linkability::longest_shared_run(
                    &first.map_err(within)?,
                    &second.map_err(within)?,
                )
            };
            let operations: Vec<OperationResult> = Operation::ALL
                .into_iter()
                .enumerate()
                .map(|(o, op)| {
                    let names = samples[i][o].names_at(0);
                    operation_result(op.name(), &samples[i][o], counts[i][o], &names)
                })
                .collect();
            let certificate_chain_us = operations[2]
                .steps
                .iter()
                .find(|s| s.name == crate::mdoc::span::CERTIFICATE_CHAIN)
                .map(|s| s.stats.median_us);
            let round_totals: Vec<f64> = (0..settings.runs)
                .map(|r| {
                    samples[i]
                        .iter()
                        .map(|s| crate::stats::median(&s.total[r]))
                        .sum()
                })
                .collect();
            let range = round_totals
                .iter()
                .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), &t| {
                    (lo.min(t), hi.max(t))
                });
            results.push(FormatResult {
                format: row_name(leg.as_ref(), backends),
                alg: alg.name().to_string(),
                signatures: leg.signature_library().to_string(),
                engine: leg.engine(),
                total_us: operations.iter().map(|o| o.total.median_us).sum(),
                total_range_us: range,
                canonicalizations: operations.iter().map(|o| o.canonicalizations).sum(),
                operations,
                presented_bytes: leg.presented_bytes(),
                issued_bytes: leg.issued_bytes(),
                signature_bytes: leg.signature_bytes(),
                repeated_bytes: Some(repeated),
                certificate_chain_us,
            });
        }
    }
    let ratios = ratios(&results);
    let backend_shares = backend_shares(&results, backends);
    Ok(FormatsReport {
        credential: credential.name.clone(),
        // Without `id` and `type`: the attributes the holder could disclose.
        attributes: super::disclosure::subject_attributes(&parsed).map_or(0, |s| s.len()),
        disclosed: disclosed_attributes(&parsed)?,
        settings: *settings,
        results,
        ratios,
        engine: crate::results::names::EngineSetting::of(sessions.iter().map(|s| s.engine())),
        context_cache: sessions.first().is_some_and(|l| l.caches_contexts()),
        signatures: backends_name(backends),
        backend_shares,
    })
}

/// With RustCrypto and aws-lc-rs among `backends`: each RustCrypto row beside the row of the same format and
/// algorithm with aws-lc-rs, in table order.
fn backend_shares(results: &[FormatResult], backends: &[Backend]) -> Vec<BackendShare> {
    if !(backends.contains(&Backend::RustCrypto) && backends.contains(&Backend::AwsLc)) {
        return Vec::new();
    }
    let (rust, aws) = (Backend::RustCrypto.name(), Backend::AwsLc.name());
    results
        .iter()
        .filter(|r| r.signatures == rust)
        .filter_map(|r| {
            let other = results.iter().find(|o| {
                o.signatures == aws && o.alg == r.alg && o.base_format() == r.base_format()
            })?;
            Some(BackendShare {
                format: r.format.clone(),
                alg: r.alg.clone(),
                rustcrypto_us: r.total_us,
                aws_lc_rs_us: other.total_us,
                speedup: r.total_us / other.total_us,
                share: (r.total_us - other.total_us) / r.total_us,
            })
        })
        .collect()
}

/// Every pair of formats with the same algorithm, slower / faster, largest ratio first.
fn ratios(results: &[FormatResult]) -> Vec<Ratio> {
    let mut ratios = Vec::new();
    for (i, a) in results.iter().enumerate() {
        for b in &results[i + 1..] {
            if a.alg != b.alg || a.signatures != b.signatures {
                continue;
            }
            let (slower, faster) = if a.total_us >= b.total_us {
                (a, b)
            } else {
                (b, a)
            };
            let ratio = slower.total_us / faster.total_us;
            ratios.push(Ratio {
                slower: slower.format.clone(),
                faster: faster.format.clone(),
                alg: a.alg.clone(),
                signatures: a.signatures.clone(),
                ratio,
                within_band: ratio <= 1.0 + BAND,
            });
        }
    }
    // In `Alg` order, RustCrypto's before aws-lc-rs's, then largest first.
    let rank = |name: &str| Alg::ALL.iter().position(|a| a.name() == name);
    ratios.sort_by(|a, b| {
        let backend = |name: &str| Backend::from_name(name).map(|b| b as u8);
        rank(&a.alg)
            .cmp(&rank(&b.alg))
            .then(backend(&a.signatures).cmp(&backend(&b.signatures)))
            .then(b.ratio.total_cmp(&a.ratio))
    });
    ratios
}
