//! Running the exchange for the command line and the main job: the three-format tables of several credentials
//! ([`run_formats`]), the main job's table ([`study_table`], on the simple reference credential or the user's) and every Data
//! Integrity cryptosuite in detail ([`run_suites`]), each with the number of progress steps it reports
//! beforehand, so a caller can show progress. The measuring itself is [`super::formats`]' and
//! [`super::vcdm`]'s.

use super::formats::{self, Alg, Settings};
use super::leg::Leg;
use super::vcdm;
use crate::canon::Session;
use crate::corpus::Credential;
use crate::error::Result;
use crate::integrity::suites::Cryptosuite;
use crate::keys::{Backend, SignatureAlgorithm};
use crate::profile::Plan;
use crate::results::exchange::{FormatsReport, SuitesConfig, SuitesReport};

/// The seed of the main job's exchange (`canonprof exchange`'s default `--seed`).
pub(crate) const SEED: u64 = 2026;

/// How many times [`run_formats`] calls `progress`: once per measured iteration of every operation of every
/// format and signature backend.
pub(crate) fn formats_steps(
    credentials: usize,
    algs: &[Alg],
    sessions: &[&Session],
    settings: &Settings,
    backends: &[Backend],
) -> u64 {
    let legs: usize = algs
        .iter()
        .map(|&a| formats::leg_count(a, sessions, backends))
        .sum();
    (credentials * legs * 3 * settings.runs * settings.iterations) as u64
}

/// The three-format exchange of each credential with `algs` through `sessions` (one per expansion engine) and
/// `backends` (one per signature backend); `progress` is called after every measured iteration. Errors: see
/// [`formats::run`].
pub(crate) fn run_formats(
    credentials: &[Credential],
    algs: &[Alg],
    sessions: &[&Session],
    settings: &Settings,
    backends: &[Backend],
    progress: &mut dyn FnMut(),
) -> Result<Vec<FormatsReport>> {
    credentials
        .iter()
        .map(|c| formats::run(c, algs, sessions, settings, backends, progress))
        .collect()
}

/// The main job's table: the three-format exchange of `credential` (the simple reference credential
/// [`crate::corpus::SIMPLE_REFERENCE`], or the user's, see [`super::subject`]) with [`Alg::DEFAULT`] (Ed25519,
/// P-256, ML-DSA-44), `backends` and
/// [`SEED`], N, R and warm-up as in `plan`.
pub(crate) fn study_table(
    credential: &Credential,
    sessions: &[&Session],
    plan: &Plan,
    backends: &[Backend],
    progress: &mut dyn FnMut(),
) -> Result<FormatsReport> {
    formats::run(
        credential,
        &Alg::DEFAULT,
        sessions,
        &study_settings(plan),
        backends,
        progress,
    )
}

/// [`formats_steps`] of [`study_table`].
pub(crate) fn study_table_steps(sessions: &[&Session], plan: &Plan, backends: &[Backend]) -> u64 {
    formats_steps(1, &Alg::DEFAULT, sessions, &study_settings(plan), backends)
}

fn study_settings(plan: &Plan) -> Settings {
    Settings {
        iterations: plan.iterations,
        runs: plan.runs,
        warmup: plan.warmup,
        warmup_seconds: plan.warmup_seconds,
        seed: SEED,
    }
}

/// How many times [`run_suites`] calls `progress`.
pub(crate) fn suites_steps(
    credentials: usize,
    suites: &[Cryptosuite],
    sessions: &[&Session],
    settings: &vcdm::Settings,
    backends: &[Backend],
) -> u64 {
    let legs = Leg::plan(suites, sessions).count() * backends.len();
    (credentials * legs * 3 * settings.plan.runs * settings.plan.iterations) as u64
}

/// Every (credential, suite) exchange (see [`vcdm::run`]; `ecdsa`: the keys of ecdsa-rdfc-2019 and
/// ecdsa-jcs-2019, P-256 or P-384; each with every signature backend of `backends`) with the settings it ran
/// with; `progress` is called after every measured iteration.
pub(crate) fn run_suites(
    credentials: &[Credential],
    suites: &[Cryptosuite],
    ecdsa: SignatureAlgorithm,
    sessions: &[&Session],
    settings: &vcdm::Settings,
    backends: &[Backend],
    progress: &mut dyn FnMut(),
) -> Result<SuitesReport> {
    let p384 = ecdsa == SignatureAlgorithm::P384;
    let results = vcdm::run(
        credentials,
        suites,
        p384,
        sessions,
        settings,
        backends,
        progress,
    )?;
    Ok(SuitesReport {
        config: SuitesConfig {
            settings: Settings {
                iterations: settings.plan.iterations,
                runs: settings.plan.runs,
                warmup: settings.plan.warmup,
                warmup_seconds: settings.plan.warmup_seconds,
                seed: settings.seed,
            },
            disclosed: super::disclosure::DISCLOSED,
            context_cache: sessions.first().is_some_and(|l| l.caches_contexts()),
            signatures: formats::backends_name(backends),
            interleaved: true,
        },
        results,
        flamegraph_dir: None,
    })
}
