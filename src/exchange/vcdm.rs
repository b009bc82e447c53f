//! The VCDM leg of the exchange (the study's method): **issue** a Data Integrity proof on the credential,
//! **present** by re-signing the credential reduced to 5 disclosed subject attributes with the holder's key
//! (eddsa/ecdsa-rdfc/-jcs have no derivation step) or, for ecdsa-sd-2023, by deriving a proof that discloses
//! those 5 attributes (and the mandatory `/issuer`), **verify** the presented credential. Each operation is measured like
//! the main job (warm-up, R × N, median of run medians) with its steps timed by span (canonicalize document,
//! canonicalize proof configuration, hash, sign / verify) and its canonicalizations counted. A VCDM 1.1
//! credential gets the Data Integrity context appended first
//! ([`suites::with_suite_context`](crate::integrity::suites::with_suite_context)); a credential that already
//! carries a proof is exchanged without it ([`unsecured`]). Keys come from a seeded RNG, so runs are
//! reproducible.

use super::disclosure::unsecured;
use super::flames;
use super::leg::Leg;
use super::{Exchange, Operation};
use crate::canon::Session;
use crate::corpus::Credential;
use crate::error::{Error, Result};
use crate::integrity::proof_span;
use crate::integrity::suites::Cryptosuite;
use crate::keys::{Backend, SignatureAlgorithm};
use crate::profile::{self, Timer};
use crate::results::exchange::{OperationResult, StepResult, SuiteResult};
use crate::stats::RunStats;
use serde_json::Value;

/// Measurement settings.
#[derive(Debug, Clone)]
pub(crate) struct Settings {
    /// Iterations, runs and warm-up of every operation ([`profile::Plan::plain`] is not used).
    pub plan: profile::Plan,
    /// RNG seed for the issuer and holder keys.
    pub seed: u64,
    /// Where to draw one span flamegraph per (credential, suite), if anywhere.
    pub flamegraphs: Option<std::path::PathBuf>,
    /// The files for interactive viewers beside each flamegraph.
    pub profile_formats: crate::export::profile::ProfileFormats,
}

/// An operation's statistics from its samples: the total, and each of `steps` (span names directly inside the
/// operation) that it entered, in that order.
pub(crate) fn operation_result(
    name: &str,
    samples: &profile::Samples,
    canonicalizations: usize,
    steps: &[&'static str],
) -> OperationResult {
    let total = RunStats::from_runs(&samples.total);
    let steps: Vec<StepResult> = steps
        .iter()
        .filter(|&&name| samples.entered((0, name)))
        .map(|&name| StepResult {
            name: name.to_string(),
            stats: RunStats::from_runs(&samples.span((0, name))),
        })
        .collect();
    let canonical: f64 = steps
        .iter()
        .filter(|s| {
            s.name == proof_span::CANONICALIZE_DOCUMENT
                || s.name == proof_span::CANONICALIZE_PROOF_CONFIG
        })
        .map(|s| s.stats.median_us)
        .sum();
    OperationResult {
        operation: name.to_string(),
        canonicalization_share: canonical / total.median_us,
        total,
        steps,
        canonicalizations,
    }
}

/// The steps of an operation in report order (`relabel` and `group` only for ecdsa-sd-2023 and bbs-2023, the
/// statements' signatures only for ecdsa-sd-2023, the BBS steps only for bbs-2023).
const STEPS: [&str; 12] = [
    proof_span::CANONICALIZE_PROOF_CONFIG,
    proof_span::CANONICALIZE_DOCUMENT,
    proof_span::RELABEL,
    proof_span::GROUP,
    proof_span::HASH_DATA,
    proof_span::SIGN,
    proof_span::SIGN_STATEMENTS,
    proof_span::BBS_SIGN,
    proof_span::BBS_PROOF_GEN,
    proof_span::VERIFY,
    proof_span::VERIFY_STATEMENTS,
    proof_span::BBS_PROOF_VERIFY,
];

/// Runs the exchange for every (credential, suite) through `sessions[0]`, and the RDFC-1.0 re-signing suites once
/// more through each further session (another expansion engine, `--engine both`), each once per signature
/// backend of `backends`; `p384` uses P-384 keys for the ECDSA suites. A credential's legs and operations are
/// measured interleaved ([`profile::measure_interleaved`]): each warmed up, then R rounds in which every (leg,
/// operation) runs N iterations in turn, so that a slow spell of the machine falls on every suite, engine and
/// backend alike. `progress` is called after every iteration.
pub(crate) fn run(
    credentials: &[Credential],
    suites_to_run: &[Cryptosuite],
    p384: bool,
    sessions: &[&Session],
    settings: &Settings,
    backends: &[Backend],
    progress: &mut dyn FnMut(),
) -> Result<Vec<SuiteResult>> {
    let timer = Timer::new();
    let plan = profile::Plan {
        plain: false,
        ..settings.plan
    };
    let mut results = Vec::new();
    for credential in credentials {
        let doc = &credential.document;
        let within = |e: Error| e.within(&doc.label);
        let parsed: Value = serde_json::from_str(&doc.text)
            .map_err(|e| crate::document::json_error(&doc.label, e))?;
        let unsecured = unsecured(&parsed);
        let legs = Leg::plan(suites_to_run, sessions)
            .flat_map(|(suite, n, session)| backends.iter().map(move |&b| (suite, n, session, b)))
            .map(|(suite, nth_engine, session, backend)| {
                Leg::new(
                    suite,
                    p384,
                    unsecured.clone(),
                    session,
                    settings.seed,
                    backend,
                )
                .map(|leg| (suite, nth_engine, backend, leg))
                .map_err(within)
            })
            .collect::<Result<Vec<_>>>()?;
        // Every (leg, operation) as one workload, legs in plan order, operations in report order.
        let mut canonicalizations = vec![0; legs.len() * Operation::ALL.len()];
        let mut workloads: Vec<_> = legs
            .iter()
            .flat_map(|(.., leg)| Operation::ALL.map(|op| (leg, op)))
            .zip(canonicalizations.iter_mut())
            .map(|((leg, op), count)| {
                move || -> Result<()> {
                    *count = leg.run(op)?;
                    Ok(())
                }
            })
            .collect();
        let samples = profile::measure_interleaved(&plan, &timer, &mut workloads, progress)
            .map_err(within)?;
        drop(workloads);
        let mut measured = samples.iter().zip(&canonicalizations);
        for (suite, nth_engine, backend, leg) in &legs {
            let (suite, backend) = (*suite, *backend);
            let operations: Vec<OperationResult> = Operation::ALL
                .iter()
                .zip(measured.by_ref())
                .map(|(op, (samples, &n))| operation_result(op.name(), samples, n, &STEPS))
                .collect();
            // The graphs of a second engine's legs, and of a second backend's, get their own file names.
            let mut graph_name = match nth_engine {
                0 => suite.name().to_string(),
                _ => format!("{}.{}-engine", suite.name(), leg.engine()),
            };
            if backends.first().is_some_and(|&main| main != backend) {
                graph_name = format!("{graph_name}.{}", backend.name());
            }
            let presented = &leg.presented;
            let flamegraph = match &settings.flamegraphs {
                Some(dir) => {
                    let stacks = flames::exchange_stacks(
                        leg,
                        suite.name(),
                        settings.plan.iterations,
                        &timer,
                    )?;
                    let formats = settings.profile_formats;
                    let timeline = match formats.timeline() {
                        true => flames::exchange_timeline(leg, &timer)?,
                        false => Vec::new(),
                    };
                    let graph = flames::Graph {
                        stacks: &stacks,
                        timeline: &timeline,
                        credential: &credential.name,
                        suite: &graph_name,
                        exchanges: settings.plan.iterations,
                    };
                    Some(flames::write(&graph, dir, formats)?)
                }
                None => None,
            };
            let name = if suite.key_algorithm(p384) == SignatureAlgorithm::P384 {
                format!("{}-p384", suite.name())
            } else {
                suite.name().to_string()
            };
            results.push(SuiteResult {
                credential: credential.name.clone(),
                cryptosuite: name,
                engine: leg.engine(),
                signatures: leg.signature_library().to_string(),
                exchange_median_us: operations.iter().map(|o| o.total.median_us).sum(),
                canonicalizations: operations.iter().map(|o| o.canonicalizations).sum(),
                operations,
                presented_bytes: serde_json::to_string(presented).map_or(0, |s| s.len()),
                flamegraph,
            });
        }
    }
    Ok(results)
}
