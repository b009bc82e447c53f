//! The study's claims, each checked on one run's numbers (the main job's [`Report`] and its three-format
//! exchange) with a verdict: holds, does not hold, or depends on the implementation (holds with one JSON-LD
//! engine and not with the other). The study's figures are in `docs/findings.md`.

use crate::report::exchange::{FormatResult, FormatsReport, BAND};
use crate::report::{Claim, CredentialResult, Report};
use crate::stats::median;

/// The verdicts, in the study's order. `exchange` is `None` with `--no-exchange` (those claims are then `not
/// measured`).
pub fn evaluate(report: &Report, exchange: Option<&FormatsReport>) -> Vec<Claim> {
    vec![
        versus(
            exchange,
            "mdoc",
            "VCDM is 1.73-2.04x slower than mdoc over issue, present and verify",
        ),
        versus(
            exchange,
            "SD-JWT VC",
            "VCDM is 1.57-1.79x slower than SD-JWT VC over issue, present and verify",
        ),
        jcs_verification(exchange),
        canonicalizations(exchange),
        edu_simple(report),
        labeling(report),
    ]
}

/// Joins per-engine outcomes into a verdict.
fn verdict(outcomes: &[bool]) -> String {
    match (outcomes.iter().all(|o| *o), outcomes.iter().any(|o| *o)) {
        _ if outcomes.is_empty() => "not measured",
        (true, _) => "holds",
        (false, true) => "depends on the implementation",
        (false, false) => "does not hold",
    }
    .to_string()
}

/// The RDFC-1.0 VCDM rows (eddsa-rdfc-2022, ecdsa-rdfc-2019) of the exchange, each with its engine.
fn rdfc_rows(exchange: &FormatsReport) -> impl Iterator<Item = &FormatResult> {
    exchange
        .results
        .iter()
        .filter(|r| r.format.starts_with("VCDM") && r.format.contains("-rdfc-"))
}

fn row<'a>(exchange: &'a FormatsReport, alg: &str, format: &str) -> Option<&'a FormatResult> {
    exchange
        .results
        .iter()
        .find(|r| r.alg == alg && r.format == format)
}

/// VCDM (an RDFC-1.0 suite) against `other` over the whole exchange: holds where VCDM is slower beyond the
/// ±10% band.
fn versus(exchange: Option<&FormatsReport>, other: &str, claim: &str) -> Claim {
    let mut measured = Vec::new();
    let mut outcomes = Vec::new();
    for vcdm in exchange.into_iter().flat_map(rdfc_rows) {
        let Some(base) = exchange.and_then(|e| row(e, &vcdm.alg, other)) else {
            continue;
        };
        let ratio = vcdm.total_us / base.total_us;
        measured.push(format!(
            "{} {} {ratio:.2}x",
            vcdm.engine.as_deref().unwrap_or("-"),
            vcdm.alg
        ));
        outcomes.push(ratio > 1.0 + BAND);
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
            .filter(|r| r.format.starts_with("VCDM") && r.format.contains("-jcs-"))
    }) {
        let Some(sd_jwt) = exchange.and_then(|e| row(e, &jcs.alg, "SD-JWT VC")) else {
            continue;
        };
        let (Some(a), Some(b)) = (operation_us(jcs, "verify"), operation_us(sd_jwt, "verify"))
        else {
            continue;
        };
        let ratio = a / b;
        measured.push(format!(
            "{} verify / SD-JWT VC verify {ratio:.2}x",
            jcs.format
        ));
        outcomes.push(ratio <= 1.05);
    }
    Claim {
        claim: "with JCS, VCDM verification is within 5% of SD-JWT VC's, or faster".to_string(),
        measured,
        verdict: verdict(&outcomes),
    }
}

/// Six canonicalizations per VCDM exchange (two per operation), as counted from the canonicalizer's calls.
fn canonicalizations(exchange: Option<&FormatsReport>) -> Claim {
    let rows: Vec<&FormatResult> = exchange
        .into_iter()
        .flat_map(|e| e.results.iter().filter(|r| r.format.starts_with("VCDM")))
        .collect();
    let mut counts: Vec<usize> = rows.iter().map(|r| r.canonicalizations).collect();
    counts.sort_unstable();
    counts.dedup();
    let measured = counts
        .iter()
        .map(|n| {
            let formats = rows.iter().filter(|r| r.canonicalizations == *n).count();
            format!("{n} per exchange in {formats} of {} VCDM rows", rows.len())
        })
        .collect();
    Claim {
        claim: "the Data Integrity cryptosuites canonicalize twice per operation, six times per exchange"
            .to_string(),
        measured,
        verdict: verdict(&rows.iter().map(|r| r.canonicalizations == 6).collect::<Vec<_>>()),
    }
}

/// The RDFC-1.0 results of each engine the run measured (context cache as the main run), by engine name.
fn per_engine(
    report: &Report,
) -> Vec<(
    String,
    Vec<(&CredentialResult, &crate::report::AlgorithmResult)>,
)> {
    let mut engines: Vec<(String, Vec<_>)> = Vec::new();
    for c in &report.credentials {
        for a in std::iter::once(&c.rdfc).chain(c.rdfc_engine.as_ref()) {
            let name = a.engine.clone().unwrap_or_default();
            match engines.iter_mut().find(|(n, _)| *n == name) {
                Some((_, list)) => list.push((c, a)),
                None => engines.push((name, vec![(c, a)])),
            }
        }
    }
    engines
}

/// Education credentials' RDFC-1.0 cost against the simple ones': holds where every edu credential's ratio is
/// inside 31–49x widened by the ±10% band.
fn edu_simple(report: &Report) -> Claim {
    let (low, high) = (31.0 * (1.0 - BAND), 49.0 * (1.0 + BAND));
    let mut measured = Vec::new();
    let mut outcomes = Vec::new();
    for (engine, results) in per_engine(report) {
        let simple: Vec<f64> = results
            .iter()
            .filter(|(c, _)| c.set == "simple")
            .map(|(_, a)| a.total.median_us)
            .collect();
        let edu: Vec<(&str, f64)> = results
            .iter()
            .filter(|(c, _)| c.set == "edu")
            .map(|(c, a)| (c.credential.as_str(), a.total.median_us))
            .collect();
        if simple.is_empty() || edu.is_empty() {
            continue;
        }
        let base = median(&simple);
        let ratios: Vec<f64> = edu.iter().map(|(_, t)| t / base).collect();
        let (lo, hi) = ratios
            .iter()
            .fold((f64::INFINITY, 0.0_f64), |(a, b), r| (a.min(*r), b.max(*r)));
        measured.push(format!("{engine} {lo:.1}-{hi:.1}x"));
        outcomes.push(ratios.iter().all(|r| (low..=high).contains(r)));
    }
    Claim {
        claim: "canonicalizing an education credential costs 31-49x a simple one".to_string(),
        measured,
        verdict: verdict(&outcomes),
    }
}

/// Blank node labeling is not what drives RDFC-1.0's cost: holds where it is nowhere the largest phase.
fn labeling(report: &Report) -> Claim {
    let mut measured = Vec::new();
    let mut outcomes = Vec::new();
    for (engine, results) in per_engine(report) {
        let profiled: Vec<_> = results.iter().filter(|(c, _)| !c.baseline).collect();
        if profiled.is_empty() {
            continue;
        }
        let label_share = |a: &crate::report::AlgorithmResult| {
            a.phases
                .iter()
                .find(|p| p.name == crate::canon::phase::LABEL && p.parent.is_none())
                .map_or(0.0, |p| p.share)
        };
        let (worst, share) = profiled
            .iter()
            .map(|(c, a)| (c.credential.as_str(), label_share(a)))
            .fold(("-", 0.0), |best, x| if x.1 > best.1 { x } else { best });
        let dominant = profiled.iter().any(|(_, a)| {
            a.phases
                .iter()
                .filter(|p| p.parent.is_none() && p.name != crate::report::OTHER_PHASE)
                .max_by(|x, y| x.share.total_cmp(&y.share))
                .is_some_and(|p| p.name == crate::canon::phase::LABEL)
        });
        measured.push(format!("{engine} at most {:.1}% ({worst})", share * 100.0));
        outcomes.push(!dominant);
    }
    Claim {
        claim: "blank node labeling is not what drives the cost".to_string(),
        measured,
        verdict: verdict(&outcomes),
    }
}
