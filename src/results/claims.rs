//! The study's claims, each checked on one run's numbers (the main job's [`Report`] and its three-format
//! exchange) with a verdict: holds, does not hold, or depends on the implementation (holds with one JSON-LD
//! engine and not with the other). The study's figures are in `docs/findings.md`. Every measured value names
//! the expansion engine it ran through and, for the exchange's, the signature backend; where the study's ±10%
//! band decides, it says on which side the value fell ([`band_words`]).
//!
//! `canonprof exchange` has no canonicalization rows: it checks the exchange's claims alone ([`for_exchange`])
//! and says which rows the others need ([`unchecked_by_exchange`]).
//!
//! The study measured Ed25519 and P-256, so its claims are checked on those rows alone. Beside them, for every
//! algorithm the exchange measured (the post-quantum ones included), three verdicts ask whether RDFC-1.0 still
//! matters once the signature is what it is ([`question`]): VCDM with RDFC-1.0 against SD-JWT VC and mdoc,
//! canonicalization's share of a VCDM verification, and the RDFC-1.0 / JCS gap of the exchange — each value
//! naming its engine, each verdict judged against the study's ±10% band.

use crate::canon::phase::LABEL;
use crate::results::exchange::{FormatResult, FormatsReport, BAND};
use crate::results::names::{Algorithm, Engine};
use crate::results::{AlgorithmResult, Claim, ClaimVerdict, CredentialResult, Report};

const VERSUS_MDOC: &str = "VCDM is 1.73-2.04x slower than mdoc over issue, present and verify";
const VERSUS_SD_JWT: &str =
    "VCDM is 1.57-1.79x slower than SD-JWT VC over issue, present and verify";
const JCS_VERIFICATION: &str = "with JCS, VCDM verification is within 5% of SD-JWT VC's, or faster";
const SIX_CANONICALIZATIONS: &str =
    "the Data Integrity cryptosuites canonicalize twice per operation, six times per exchange";
const EDU_SIMPLE: &str = "canonicalizing an education credential costs 31-49x a simple one";
const LABELING: &str = "blank node labeling is not what drives the cost";

/// The verdicts, in the study's order, then [`question`]'s for every algorithm of the exchange. `exchange` is
/// `None` with `--no-exchange` (the exchange's claims are then `not measured`, and there are no question's).
pub(crate) fn evaluate(report: &Report, exchange: Option<&FormatsReport>) -> Vec<Claim> {
    let mut claims = exchange_claims(exchange);
    claims.extend([edu_simple(report), labeling(report)]);
    claims.extend(exchange.into_iter().flat_map(question));
    claims
}

/// The study's claims an exchange's rows check, in the study's order (the first four of [`evaluate`]), on the
/// study's algorithms' rows.
fn exchange_claims(exchange: Option<&FormatsReport>) -> Vec<Claim> {
    let study = exchange.map(study_rows);
    let study = study.as_ref();
    vec![
        versus(study, "mdoc", VERSUS_MDOC),
        versus(study, "SD-JWT VC", VERSUS_SD_JWT),
        jcs_verification(study),
        canonicalizations(study),
    ]
}

/// The study's signature algorithms (the `--alg` names): its claims are checked on their rows.
const STUDY_ALGS: [&str; 2] = ["ed25519", "p256"];

/// `exchange` with only the study's algorithms' rows.
fn study_rows(exchange: &FormatsReport) -> FormatsReport {
    let mut study = exchange.clone();
    study
        .results
        .retain(|r| STUDY_ALGS.contains(&r.alg.as_str()));
    study
}

/// The algorithm of a row as the specifications name it (`Ed25519`, `P-256`, `ML-DSA-44`, …).
fn algorithm_words(alg: &str) -> &str {
    crate::exchange::formats::Alg::from_name(alg).map_or(alg, |a| a.display())
}

/// The claims that ask whether RDFC-1.0 still matters under each algorithm `exchange` measured, in its order:
/// for each, [`versus_both`], [`verification_share`] and [`rdfc_jcs_gap`].
pub(crate) fn question(exchange: &FormatsReport) -> Vec<Claim> {
    let mut algs: Vec<&str> = Vec::new();
    for r in &exchange.results {
        if !algs.contains(&r.alg.as_str()) {
            algs.push(&r.alg);
        }
    }
    // An algorithm with no RDFC-1.0 re-signing suite (BLS12-381: bbs-2023 alone) has nothing to ask them of.
    algs.retain(|alg| rdfc_rows_of(exchange, alg).next().is_some());
    let mut claims: Vec<Claim> = algs
        .into_iter()
        .flat_map(|alg| {
            [
                versus_both(exchange, alg),
                verification_share(exchange, alg),
                rdfc_jcs_gap(exchange, alg),
            ]
        })
        .collect();
    claims.extend(unlinkability(exchange));
    claims
}

/// The row name of the unlinkable selective-disclosure suite (W3C Data Integrity BBS Cryptosuites v1.0).
const BBS_2023: &str = "VCDM bbs-2023";
/// The row name of the linkable one it is weighed against (W3C Data Integrity ECDSA Cryptosuites v1.0 §3.6).
const ECDSA_SD_2023: &str = "VCDM ecdsa-sd-2023";

/// With bbs-2023 rows: what unlinkable presentations cost against ecdsa-sd-2023 ([`unlinkability_cost`]) and
/// whether they are unlinkable by their bytes ([`unlinkable_bytes`]); nothing without them.
fn unlinkability(exchange: &FormatsReport) -> Vec<Claim> {
    if !exchange
        .results
        .iter()
        .any(|r| r.base_format() == BBS_2023 || plain_format(r) == BBS_2023)
    {
        return Vec::new();
    }
    vec![unlinkability_cost(exchange), unlinkable_bytes(exchange)]
}

/// "bbs-2023 costs more than ecdsa-sd-2023 over the exchange": per bbs-2023 row, its total over the
/// ecdsa-sd-2023 row of the same expansion engine, and the share of each exchange spent canonicalizing; holds
/// where bbs-2023 is slower beyond the ±10% band.
fn unlinkability_cost(exchange: &FormatsReport) -> Claim {
    let mut measured = Vec::new();
    let mut outcomes = Vec::new();
    for bbs in exchange
        .results
        .iter()
        .filter(|r| plain_format(r) == BBS_2023)
    {
        let Some(sd) = exchange
            .results
            .iter()
            .find(|r| plain_format(r) == ECDSA_SD_2023 && r.engine == bbs.engine)
        else {
            continue;
        };
        let ratio = bbs.total_us / sd.total_us;
        let share = |r: &FormatResult| 100.0 * canonicalization_us(r) / r.total_us;
        measured.push(format!(
            "{} / {} ({}; BBS: {}, ECDSA: {}): {ratio:.2}x ({} vs {} µs); canonicalization {:.1}% of bbs-2023's exchange, {:.1}% of ecdsa-sd-2023's; {}",
            plain_format(bbs),
            plain_format(sd),
            engine_words(bbs.engine),
            backend_words(&bbs.signatures),
            backend_words(&sd.signatures),
            whole_us(bbs.total_us),
            whole_us(sd.total_us),
            share(bbs),
            share(sd),
            band_words(ratio.max(1.0 / ratio) > 1.0 + BAND)
        ));
        outcomes.push(ratio > 1.0 + BAND);
    }
    Claim {
        claim: "unlinkable presentations cost more: bbs-2023 is slower than ecdsa-sd-2023 over the exchange".to_string(),
        measured,
        verdict: verdict(&outcomes),
    }
}

/// "two presentations of one bbs-2023 credential share no signature bytes": every row's longest run of
/// signature bytes two of its presentations share (the exchange measures it); holds where every bbs-2023 row
/// repeats fewer than [`LINKABLE_RUN`](crate::results::exchange::LINKABLE_RUN) bytes. The other rows are listed
/// beside them: each repeats its issuer's signature.
fn unlinkable_bytes(exchange: &FormatsReport) -> Claim {
    let mut measured = Vec::new();
    let mut outcomes = Vec::new();
    for r in &exchange.results {
        let (Some(repeated), Some(linkable)) = (r.repeated_bytes, r.linkable()) else {
            continue;
        };
        let words = if linkable { "linkable" } else { "unlinkable" };
        measured.push(format!(
            "{} ({}, {}): {} bytes repeat, {words}",
            plain_format(r),
            algorithm_words(&r.alg),
            engine_words(r.engine),
            crate::export::thousands(repeated as u64)
        ));
        if plain_format(r) == BBS_2023 {
            outcomes.push(!linkable);
        }
    }
    Claim {
        claim: "two presentations of one bbs-2023 credential share no signature bytes (the other formats repeat their issuer's signature)".to_string(),
        measured,
        verdict: verdict(&outcomes),
    }
}

/// A row's canonicalization over the exchange: the medians of its `canonicalize_document` and
/// `canonicalize_proof_config` steps, summed over the operations (µs). The rest of a gap between two rows is
/// hashing and signing — with ML-DSA, whose signing repeats a rejection loop a number of times fixed by the key
/// and the message (FIPS 204 Algorithm 7), the signing of each row's messages takes its own time.
fn canonicalization_us(row: &FormatResult) -> f64 {
    use crate::integrity::proof_span::{CANONICALIZE_DOCUMENT, CANONICALIZE_PROOF_CONFIG};
    row.operations
        .iter()
        .flat_map(|o| &o.steps)
        .filter(|s| s.name == CANONICALIZE_DOCUMENT || s.name == CANONICALIZE_PROOF_CONFIG)
        .map(|s| s.stats.median_us)
        .sum()
}

/// `us` rounded to whole µs with thousands separators (`12,345`).
fn whole_us(us: f64) -> String {
    crate::export::thousands(us.round().max(0.0) as u64)
}

/// The RDFC-1.0 VCDM rows of `alg` (each engine, each backend).
fn rdfc_rows_of<'a>(
    exchange: &'a FormatsReport,
    alg: &'a str,
) -> impl Iterator<Item = &'a FormatResult> {
    rdfc_rows(exchange).filter(move |r| r.alg == alg)
}

/// "with <algorithm>, VCDM with RDFC-1.0 is slower than SD-JWT VC and mdoc over the exchange": per RDFC-1.0 row,
/// its total over SD-JWT VC's and over mdoc's (those of them measured with the algorithm); holds where VCDM is
/// slower than each beyond the ±10% band.
fn versus_both(exchange: &FormatsReport, alg: &str) -> Claim {
    let mut measured = Vec::new();
    let mut outcomes = Vec::new();
    for vcdm in rdfc_rows_of(exchange, alg) {
        let ratios: Vec<(&str, Option<f64>)> = ["SD-JWT VC", "mdoc"]
            .into_iter()
            .map(|other| {
                let ratio = row(exchange, vcdm, other).map(|base| vcdm.total_us / base.total_us);
                (other, ratio)
            })
            .collect();
        if ratios.iter().all(|(_, r)| r.is_none()) {
            continue;
        }
        let outside = ratios.iter().flat_map(|(_, r)| r).all(|r| *r > 1.0 + BAND);
        let values: Vec<String> = ratios
            .iter()
            .map(|(other, r)| match r {
                Some(r) => format!("{r:.2}x {other}"),
                None => format!("no {other} row"),
            })
            .collect();
        measured.push(format!(
            "{} ({}): {}, {}",
            plain_format(vcdm),
            ran_through(vcdm),
            values.join(" and "),
            if outside {
                band_words(true)
            } else {
                "not slower than each beyond the 10% band".to_string()
            }
        ));
        outcomes.push(outside);
    }
    Claim {
        claim: format!(
            "with {}, VCDM with RDFC-1.0 is slower than SD-JWT VC and mdoc over the exchange",
            algorithm_words(alg)
        ),
        measured,
        verdict: verdict(&outcomes),
    }
}

/// "with <algorithm>, canonicalization is more than 10% of a VCDM verification with RDFC-1.0": per RDFC-1.0 row,
/// the share of its verify operation spent canonicalizing (document and proof configuration) and the operation's
/// median; holds where the share is beyond the ±10% band (removing it would be a real difference).
fn verification_share(exchange: &FormatsReport, alg: &str) -> Claim {
    let mut measured = Vec::new();
    let mut outcomes = Vec::new();
    for vcdm in rdfc_rows_of(exchange, alg) {
        let Some(verify) = vcdm.operations.iter().find(|o| o.operation == "verify") else {
            continue;
        };
        let share = verify.canonicalization_share;
        measured.push(format!(
            "{} verify ({}): canonicalization {:.1}% of {} µs",
            plain_format(vcdm),
            ran_through(vcdm),
            share * 100.0,
            whole_us(verify.total.median_us)
        ));
        outcomes.push(share > BAND);
    }
    Claim {
        claim: format!(
            "with {}, canonicalization is more than 10% of a VCDM verification with RDFC-1.0",
            algorithm_words(alg)
        ),
        measured,
        verdict: verdict(&outcomes),
    }
}

/// "under <algorithm>, the RDFC-1.0 / JCS gap of the exchange is beyond the 10% band": per RDFC-1.0 row, its
/// total over the JCS suite's of the same algorithm and backend, and the difference; holds where RDFC-1.0 is
/// slower beyond the band.
fn rdfc_jcs_gap(exchange: &FormatsReport, alg: &str) -> Claim {
    let mut measured = Vec::new();
    let mut outcomes = Vec::new();
    for rdfc in rdfc_rows_of(exchange, alg) {
        let Some(jcs) = exchange.results.iter().find(|r| {
            r.alg == rdfc.alg
                && r.signatures == rdfc.signatures
                && r.vcdm_canonicalization() == Some(Algorithm::Jcs)
        }) else {
            continue;
        };
        let ratio = rdfc.total_us / jcs.total_us;
        let outside = ratio > 1.0 + BAND;
        let signed = |us: f64| {
            let sign = if us >= 0.0 { "+" } else { "-" };
            format!("{sign}{}", whole_us(us.abs()))
        };
        measured.push(format!(
            "{} / {} ({}): {ratio:.2}x, {} µs (canonicalization {} µs of it), {}",
            plain_format(rdfc),
            plain_format(jcs),
            ran_through(rdfc),
            signed(rdfc.total_us - jcs.total_us),
            signed(canonicalization_us(rdfc) - canonicalization_us(jcs)),
            band_words(ratio.max(1.0 / ratio) > 1.0 + BAND)
        ));
        outcomes.push(outside);
    }
    Claim {
        claim: format!(
            "under {}, the RDFC-1.0 / JCS gap of the exchange is beyond the 10% band",
            algorithm_words(alg)
        ),
        measured,
        verdict: verdict(&outcomes),
    }
}

/// The claims `canonprof exchange` can check on its three-format table: the study's it has the rows for, then
/// [`question`]'s.
pub(crate) fn for_exchange(exchange: &FormatsReport) -> Vec<Claim> {
    exchange_claims(Some(exchange))
        .into_iter()
        .chain(question(exchange))
        .filter(|c| !c.measured.is_empty())
        .collect()
}

/// The exchange's claims, each with the rows it needs.
const EXCHANGE_NEEDS: [(&str, &str); 4] = [
    (
        VERSUS_MDOC,
        "VCDM rows with an RDFC-1.0 cryptosuite and mdoc rows of the same study algorithm (ed25519, p256)",
    ),
    (
        VERSUS_SD_JWT,
        "VCDM rows with an RDFC-1.0 cryptosuite and SD-JWT VC rows of the same study algorithm (ed25519, p256)",
    ),
    (
        JCS_VERIFICATION,
        "VCDM rows with a JCS cryptosuite and SD-JWT VC rows of the same study algorithm (ed25519, p256)",
    ),
    (SIX_CANONICALIZATIONS, "VCDM rows of a study algorithm (ed25519, p256)"),
];

/// What the main job needs to check `claim` (one of [`evaluate`]'s), for the line that says it was not measured.
pub(crate) fn main_job_needs(claim: &str) -> &'static str {
    match EXCHANGE_NEEDS.iter().find(|(c, _)| *c == claim) {
        Some(_) => "the exchange table (this run skipped it)",
        None if claim == EDU_SIMPLE => {
            "edu and simple credentials in one run (--schema edu or all)"
        }
        None => "the RDFC-1.0 phase rows",
    }
}

/// The claims `canonprof exchange` cannot check on `exchange`, each with the rows it needs: the exchange's
/// claims it has no rows for, and the two that need the main job's canonicalization rows.
pub(crate) fn unchecked_by_exchange(exchange: &FormatsReport) -> Vec<(&'static str, &'static str)> {
    let checked = for_exchange(exchange);
    EXCHANGE_NEEDS
        .into_iter()
        .filter(|(claim, _)| !checked.iter().any(|c| c.claim == *claim))
        .chain([
            (
                EDU_SIMPLE,
                "the main job's RDFC-1.0 rows of simple and edu credentials (canonprof --schema all)",
            ),
            (LABELING, "the main job's RDFC-1.0 phase rows (canonprof)"),
        ])
        .collect()
}

/// Where a value fell against the study's ±10% band: `differs by more than the 10% band` or `within the 10% band
/// (no real difference)`.
pub(crate) fn band_words(outside: bool) -> String {
    if outside {
        format!("differs by more than the {:.0}% band", BAND * 100.0)
    } else {
        format!("within the {:.0}% band (no real difference)", BAND * 100.0)
    }
}

/// An expansion engine as a claim value names it: `json-ld crate's engine`, `canonprof's engine`, or `no JSON-LD
/// engine` for a row that expands nothing (JCS).
fn engine_words(engine: Option<Engine>) -> &'static str {
    match engine {
        Some(Engine::JsonLd) => "json-ld crate's engine",
        Some(Engine::Canonprof) => "canonprof's engine",
        None => "no JSON-LD engine",
    }
}

/// A signature backend (`rustcrypto`, `aws-lc-rs`) as a claim value names it: `RustCrypto`, `aws-lc-rs`.
fn backend_words(signatures: &str) -> &str {
    match signatures {
        "rustcrypto" => "RustCrypto",
        other => other,
    }
}

/// A row's format without what tells its twins apart (`VCDM eddsa-rdfc-2022 (canonprof engine)` → `VCDM
/// eddsa-rdfc-2022`): a claim value says the engine and backend in words ([`ran_through`]).
fn plain_format(row: &FormatResult) -> &str {
    row.format.split(" (").next().unwrap_or(&row.format)
}

/// `json-ld crate's engine, RustCrypto`: what a claim value from an exchange row ran through.
fn ran_through(row: &FormatResult) -> String {
    format!(
        "{}, {}",
        engine_words(row.engine),
        backend_words(&row.signatures)
    )
}

/// Joins per-engine outcomes into a verdict.
fn verdict(outcomes: &[bool]) -> ClaimVerdict {
    match (outcomes.iter().all(|o| *o), outcomes.iter().any(|o| *o)) {
        _ if outcomes.is_empty() => ClaimVerdict::NotMeasured,
        (true, _) => ClaimVerdict::Holds,
        (false, true) => ClaimVerdict::DependsOnTheImplementation,
        (false, false) => ClaimVerdict::DoesNotHold,
    }
}

/// The RDFC-1.0 VCDM rows (eddsa-rdfc-2022, ecdsa-rdfc-2019) of the exchange, each with its engine, with every
/// signature backend.
fn rdfc_rows(exchange: &FormatsReport) -> impl Iterator<Item = &FormatResult> {
    exchange
        .results
        .iter()
        .filter(|r| r.vcdm_canonicalization() == Some(Algorithm::Rdfc10))
}

/// The row of `format` for `like`'s algorithm and signature backend.
fn row<'a>(
    exchange: &'a FormatsReport,
    like: &FormatResult,
    format: &str,
) -> Option<&'a FormatResult> {
    exchange
        .results
        .iter()
        .find(|r| r.alg == like.alg && r.signatures == like.signatures && r.base_format() == format)
}

/// VCDM (an RDFC-1.0 suite) against `other` over the whole exchange: holds where VCDM is slower beyond the
/// ±10% band.
fn versus(exchange: Option<&FormatsReport>, other: &str, claim: &str) -> Claim {
    let mut measured = Vec::new();
    let mut outcomes = Vec::new();
    for vcdm in exchange.into_iter().flat_map(rdfc_rows) {
        let Some(base) = exchange.and_then(|e| row(e, vcdm, other)) else {
            continue;
        };
        let ratio = vcdm.total_us / base.total_us;
        // The band is symmetric (slower / faster within 1.1x); the claim needs VCDM on the slower side.
        let outside = ratio.max(1.0 / ratio) > 1.0 + BAND;
        measured.push(format!(
            "{} / {} ({}, {}): {ratio:.2}x, {}",
            plain_format(vcdm),
            plain_format(base),
            vcdm.alg,
            ran_through(vcdm),
            band_words(outside)
        ));
        outcomes.push(outside && ratio > 1.0);
    }
    Claim {
        claim: claim.to_string(),
        measured,
        verdict: verdict(&outcomes),
    }
}

fn operation_us(row: &FormatResult, operation: &str) -> Option<f64> {
    row.operations
        .iter()
        .find(|o| o.operation == operation)
        .map(|o| o.total.median_us)
}

/// JCS suites' verification against SD-JWT VC's: holds within 5%.
fn jcs_verification(exchange: Option<&FormatsReport>) -> Claim {
    let mut measured = Vec::new();
    let mut outcomes = Vec::new();
    for jcs in exchange.into_iter().flat_map(|e| {
        e.results
            .iter()
            .filter(|r| r.vcdm_canonicalization() == Some(Algorithm::Jcs))
    }) {
        let Some(sd_jwt) = exchange.and_then(|e| row(e, jcs, "SD-JWT VC")) else {
            continue;
        };
        let (Some(a), Some(b)) = (operation_us(jcs, "verify"), operation_us(sd_jwt, "verify"))
        else {
            continue;
        };
        let ratio = a / b;
        measured.push(format!(
            "{} verify / {} verify ({}, {}): {ratio:.2}x",
            plain_format(jcs),
            plain_format(sd_jwt),
            jcs.alg,
            ran_through(jcs)
        ));
        outcomes.push(ratio <= 1.05);
    }
    Claim {
        claim: JCS_VERIFICATION.to_string(),
        measured,
        verdict: verdict(&outcomes),
    }
}

/// Six canonicalizations per VCDM exchange (two per operation), as counted from the canonicalizer's calls.
fn canonicalizations(exchange: Option<&FormatsReport>) -> Claim {
    let rows: Vec<&FormatResult> = exchange
        .into_iter()
        .flat_map(|e| e.results.iter().filter(|r| r.is_vcdm()))
        .collect();
    let mut counts: Vec<usize> = rows.iter().map(|r| r.canonicalizations).collect();
    counts.sort_unstable();
    counts.dedup();
    let measured = counts
        .iter()
        .map(|n| {
            let counted: Vec<&&FormatResult> =
                rows.iter().filter(|r| r.canonicalizations == *n).collect();
            let engines = distinct(counted.iter().map(|r| engine_words(r.engine)));
            let backends = distinct(counted.iter().map(|r| backend_words(&r.signatures)));
            format!(
                "{n} per exchange in {} of {} VCDM rows ({}; {})",
                counted.len(),
                rows.len(),
                engines.join(", "),
                backends.join(", ")
            )
        })
        .collect();
    Claim {
        claim: SIX_CANONICALIZATIONS.to_string(),
        measured,
        verdict: verdict(
            &rows
                .iter()
                .map(|r| r.canonicalizations == 6)
                .collect::<Vec<_>>(),
        ),
    }
}

/// `names` without repeats, in first-seen order.
fn distinct<'a>(names: impl Iterator<Item = &'a str>) -> Vec<&'a str> {
    let mut seen: Vec<&str> = Vec::new();
    for name in names {
        if !seen.contains(&name) {
            seen.push(name);
        }
    }
    seen
}

/// The engines the run measured RDFC-1.0 with, the main one first.
fn engines(report: &Report) -> Vec<Engine> {
    let mut engines: Vec<Engine> = Vec::new();
    for engine in report
        .credentials
        .iter()
        .flat_map(CredentialResult::per_engine)
        .filter_map(|a| a.engine)
    {
        if !engines.contains(&engine) {
            engines.push(engine);
        }
    }
    engines
}

/// A credential's RDFC-1.0 result through `engine`, if measured.
fn through(c: &CredentialResult, engine: Engine) -> Option<&AlgorithmResult> {
    c.per_engine().find(|a| a.engine == Some(engine))
}

/// Education credentials' RDFC-1.0 cost against the simple ones': holds where every edu credential's ratio is
/// inside 31–49x widened by the ±10% band.
fn edu_simple(report: &Report) -> Claim {
    let (low, high) = (31.0 * (1.0 - BAND), 49.0 * (1.0 + BAND));
    let mut measured = Vec::new();
    let mut outcomes = Vec::new();
    for engine in engines(report) {
        let ratios: Vec<f64> =
            super::summary::edu_simple_ratios(&report.credentials, |c| through(c, engine))
                .into_iter()
                .map(|(_, r)| r)
                .collect();
        if ratios.is_empty() {
            continue;
        }
        let (lo, hi) = ratios
            .iter()
            .fold((f64::INFINITY, 0.0_f64), |(a, b), r| (a.min(*r), b.max(*r)));
        let within = ratios.iter().all(|r| (low..=high).contains(r));
        measured.push(format!(
            "{}: {lo:.1}-{hi:.1}x, {} of 31-49x",
            engine_words(Some(engine)),
            band_words(!within).replace(" (no real difference)", "")
        ));
        outcomes.push(within);
    }
    Claim {
        claim: EDU_SIMPLE.to_string(),
        measured,
        verdict: verdict(&outcomes),
    }
}

/// Blank node labeling is not what drives RDFC-1.0's cost: holds where it is nowhere the largest phase.
fn labeling(report: &Report) -> Claim {
    let mut measured = Vec::new();
    let mut outcomes = Vec::new();
    for engine in engines(report) {
        let profiled: Vec<(&str, &AlgorithmResult)> = report
            .credentials
            .iter()
            .filter(|c| !c.baseline)
            .filter_map(|c| Some((c.credential.as_str(), through(c, engine)?)))
            .collect();
        if profiled.is_empty() {
            continue;
        }
        let (worst, share) = profiled
            .iter()
            .map(|(name, a)| (*name, a.phase_share(LABEL)))
            .fold(("-", 0.0), |best, x| if x.1 > best.1 { x } else { best });
        let dominant = profiled.iter().any(|(_, a)| a.dominant_phase().0 == LABEL);
        measured.push(format!(
            "{}: at most {:.1}% ({worst})",
            engine_words(Some(engine)),
            share * 100.0
        ));
        outcomes.push(!dominant);
    }
    Claim {
        claim: LABELING.to_string(),
        measured,
        verdict: verdict(&outcomes),
    }
}
