//! What the terminal views share: a credential's first line, the pipelines' column names, the engines in the
//! order the headlines name them, and the headline line itself.

use crate::export::{engine_words, fmt_share, plural, thousands};
use crate::results::names::{Algorithm, Engine};
use crate::results::{AlgorithmResult, CredentialResult};

/// A credential's first line: its size, quads and blank nodes (and how they were labelled).
pub(super) fn credential_header(c: &CredentialResult) -> String {
    let labeling = if c.blank_nodes == 0 {
        String::new()
    } else {
        format!(
            " ({} by first-degree hash, {})",
            c.unique_first_degree,
            plural(c.hndq_calls, "Hash N-Degree Quads call")
        )
    };
    format!(
        "{} ({}) — {} bytes, {}, {}{labeling}",
        c.credential,
        c.set,
        thousands(c.bytes as u64),
        plural(c.quads, "quad"),
        plural(c.blank_nodes, "blank node"),
    )
}

/// A pipeline's column name: `RDFC-1.0 json-ld`, `RDFC-1.0 canonprof cold`, `JCS` — RDFC-1.0 always with its
/// engine.
pub(super) fn column(a: &AlgorithmResult) -> String {
    match a.algorithm {
        Algorithm::Jcs => "JCS".to_string(),
        _ => {
            let mut name = format!(
                "RDFC-1.0 {}",
                a.engine.map_or("(engine not saved)", |e| e.name())
            );
            if a.context_cache == Some(false) {
                name.push_str(" cold");
            }
            name
        }
    }
}

/// RDFC-1.0 through each engine the run measured, canonprof's first.
pub(super) fn engines_first(c: &CredentialResult) -> Vec<&AlgorithmResult> {
    let mut engines: Vec<&AlgorithmResult> = c.per_engine().collect();
    engines.sort_by_key(|a| a.engine != Some(Engine::Canonprof));
    engines
}

/// With the context cache off too: RDFC-1.0 cold / cached with each engine, in one line.
pub(super) fn cold_line(c: &CredentialResult) -> Option<String> {
    let mut pairs = vec![(&c.rdfc, c.rdfc_cold.as_ref())];
    if let Some(other) = &c.rdfc_engine {
        pairs.push((other, c.rdfc_engine_cold.as_ref()));
    }
    pairs.sort_by_key(|(a, _)| a.engine != Some(Engine::Canonprof));
    let each: Vec<String> = pairs
        .iter()
        .filter_map(|(cached, cold)| {
            let cold = (*cold)?;
            Some(format!(
                "{:.1}x with {}",
                cold.cost_us() / cached.cost_us(),
                engine_words(cached.engine)
            ))
        })
        .collect();
    (!each.is_empty()).then(|| {
        format!(
            "context cache: RDFC-1.0 cold / cached = {}",
            each.join(", ")
        )
    })
}

/// The credential's answer in one line: RDFC-1.0 / JCS with each engine (canonprof's first), and the dominant
/// RDFC-1.0 phase with each, e.g. `RDFC-1.0 / JCS = 8.0x with canonprof's engine, 219.6x with the json-ld
/// crate's engine; dominant RDFC-1.0 phase: expand (34.0% with canonprof's engine, 95.3% with the json-ld
/// crate's engine)`.
pub(super) fn headline(c: &CredentialResult) -> String {
    let engines = engines_first(c);
    let ratios: Vec<String> = engines
        .iter()
        .map(|a| {
            format!(
                "{:.1}x with {}",
                a.cost_us() / c.jcs.cost_us(),
                engine_words(a.engine)
            )
        })
        .collect();
    let dominant: Vec<String> = engines
        .iter()
        .map(|a| {
            let (phase, share) = a.dominant_phase();
            format!(
                "{phase} {} with {}",
                fmt_share(share),
                engine_words(a.engine)
            )
        })
        .collect();
    format!(
        "RDFC-1.0 / JCS = {}; dominant RDFC-1.0 phase: {}",
        ratios.join(", "),
        dominant.join(", ")
    )
}
