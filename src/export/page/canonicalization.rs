//! A canonicalization run's sections: the answer in three sentences, the claims, RDFC-1.0 / JCS per credential,
//! then each credential ([`super::credential`]), its exchange and its flamegraphs ([`super::flamegraphs`]).

use super::section::{heading, slug, RunPlace};
use crate::export::html::escape;
use crate::export::{fmt_share, fmt_us, thousands};
use crate::results::canonicalization::{Canonicalization, Entry};
use crate::results::names::{Algorithm, Engine};
use crate::results::summary;
use crate::results::ClaimVerdict;
use std::fmt::Write;

/// The engine as sentences say it.
fn engine_words(engine: Engine) -> &'static str {
    match engine {
        Engine::JsonLd => "the json-ld crate",
        Engine::Canonprof => "canonprof's engine",
    }
}

/// `a–b` of ratios, or the one value.
fn ratio_span(values: &[f64], unit: &str) -> String {
    let lo = values.iter().copied().fold(f64::INFINITY, f64::min);
    let hi = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let one = |v: f64| {
        if v >= 10.0 {
            format!("{v:.0}")
        } else {
            format!("{v:.1}")
        }
    };
    if (hi - lo).abs() < 0.05 {
        format!("{}{unit}", one(lo))
    } else {
        format!("{}–{}{unit}", one(lo), one(hi))
    }
}

/// The three sentences that answer the cost question with the run's own numbers ([`summary::answer`]).
fn summary_sentences(c: &Canonicalization) -> Vec<String> {
    let answer = summary::answer(c);
    let per_engine = |figures: &[(Engine, Vec<f64>)], unit: &str| {
        figures
            .iter()
            .map(|(engine, values)| {
                format!("{} ({})", ratio_span(values, unit), engine_words(*engine))
            })
            .collect::<Vec<_>>()
            .join(" and ")
    };
    let mut sentences = vec![
        format!(
            "On the same credential, RDFC-1.0 took {} as long as JCS (RFC 8785), over {} credential{}.",
            per_engine(&answer.rdfc_over_jcs, "x"),
            answer.credentials,
            if answer.credentials == 1 { "" } else { "s" }
        ),
        format!(
            "JSON-LD expansion was {} of RDFC-1.0's time.",
            per_engine(&answer.expansion_percent, "%")
        ),
    ];
    // Labeling's largest share with each engine, and where.
    let label_parts: Vec<String> = answer
        .largest_label_share
        .iter()
        .map(|(engine, share, credential)| {
            format!(
                "{} ({}, {})",
                fmt_share(*share),
                engine_words(*engine),
                escape(credential)
            )
        })
        .collect();
    let largest = answer
        .largest_label_share
        .iter()
        .fold(0.0f64, |m, (_, share, _)| m.max(*share));
    let label_words = if label_parts.is_empty() {
        "blank node labeling was not measured".to_string()
    } else {
        format!(
            "blank node labeling took at most {} of RDFC-1.0, so it is {}what drives the cost",
            label_parts.join(" and "),
            if largest < 0.25 {
                "not "
            } else {
                "a large part of "
            }
        )
    };
    let main = answer.main_engine.map_or("the main engine", engine_words);
    sentences.push(if answer.edu_simple.is_empty() {
format!("No simple and education credentials side by side in this run, so the edu/simple ratio (the study: 31–49x) is not measured; {label_words}.")
} else {
format!(
            "Education credentials cost {} the median of the simple credentials with {main}, the run's main engine (the study: 31–49x); {label_words}.",
            ratio_span(&answer.edu_simple, "x")
        )
});
    sentences
}

pub(super) fn section(out: &mut String, ctx: &RunPlace, c: &Canonicalization) {
    let id = ctx.id;
    heading(out, ctx, "The answer, from this run");
    out.push_str("<div class=\"summary\">");
    for s in summary_sentences(c) {
        let _ = write!(out, "<p>{s}</p>");
    }
    out.push_str("</div>\n");
    // Contents.
    let docs = c.documents();
    let mut credentials: Vec<&Entry> = Vec::new();
    for e in c.results.iter() {
        if !credentials.iter().any(|x| x.credential == e.credential) {
            credentials.push(e);
        }
    }
    out.push_str("<nav><ul>");
    let _ = write!(
        out,
        "<li><a href=\"#{id}-claims\">The study's claims</a></li>"
    );
    for e in &credentials {
        let _ = write!(
            out,
            "<li><a href=\"#{id}-c-{}\">{}</a> ({})</li>",
            slug(&e.credential),
            escape(&e.credential),
            escape(&e.set)
        );
    }
    if c.exchange.is_some() {
        let _ = write!(
            out,
            "<li><a href=\"#{id}-x0\">The three-format exchange</a></li>"
        );
    }
    if c.flamegraphs.is_some() {
        let _ = write!(out, "<li><a href=\"#{id}-flames\">Flamegraphs</a></li>");
    }
    let _ = writeln!(
        out,
        "<li><a href=\"#{id}-meta\">Run metadata</a></li></ul></nav>"
    );
    // The claims.
    let _ = writeln!(
        out,
        "<h3 id=\"{id}-claims\">The study's claims, checked on this run</h3>"
    );
    out.push_str("<table><tr><th class=\"l\">claim</th><th class=\"l\">verdict</th><th class=\"l\">measured</th></tr>\n");
    for claim in &c.claims {
        let class = match claim.verdict {
            ClaimVerdict::Holds => " holds",
            ClaimVerdict::DoesNotHold => " fails",
            ClaimVerdict::DependsOnTheImplementation | ClaimVerdict::NotMeasured => "",
        };
        let _ = writeln!(
            out,
            "<tr><td class=\"l\">{}</td><td class=\"l{class}\"><strong>{}</strong></td><td class=\"l\">{}</td></tr>",
            escape(&claim.claim),
            escape(claim.verdict.name()),
            claim.measured.iter().map(|m| escape(m)).collect::<Vec<_>>().join("<br/>")
        );
    }
    out.push_str("</table>\n");
    // RDFC-1.0 / JCS per credential.
    let _ = writeln!(
        out,
        "<h3 id=\"{id}-ratios\">RDFC-1.0 / JCS per credential</h3><p class=\"meta\">Medians of the iterations run without the span timer (whose own cost grows with the number of spans).</p>"
    );
    out.push_str("<table><tr><th class=\"l\">credential</th><th class=\"l\">set</th><th>bytes</th><th>quads</th><th>blank nodes</th><th>JCS µs</th>");
    let engines = c.engines();
    for engine in &engines {
        let _ = write!(
            out,
            "<th>RDFC-1.0 {0} µs</th><th>RDFC-1.0 {0} / JCS</th><th>expand share ({0})</th>",
            escape(engine.name())
        );
    }
    out.push_str("</tr>\n");
    for e in &credentials {
        let jcs = docs
            .iter()
            .find(|j| j.algorithm == Algorithm::Jcs && j.credential == e.credential);
        let _ = write!(
            out,
            "<tr><td class=\"l\">{}</td><td class=\"l\">{}{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td>",
            escape(&e.credential),
            escape(&e.set),
            if e.baseline { " (baseline)" } else { "" },
            thousands(e.bytes as u64),
            thousands(e.quads as u64),
            thousands(e.blank_nodes as u64),
            jcs.map_or("-".into(), |j| fmt_us(j.cost_us()))
        );
        for engine in &engines {
            let rdfc = docs.iter().find(|r| {
                r.algorithm == Algorithm::Rdfc10
                    && r.credential == e.credential
                    && r.engine == Some(*engine)
            });
            match (rdfc, jcs) {
                (Some(r), Some(j)) => {
                    let _ = write!(
                        out,
                        "<td>{}</td><td>{:.1}x</td><td>{}</td>",
                        fmt_us(r.cost_us()),
                        r.cost_us() / j.cost_us(),
                        r.phases
                            .get("expand")
                            .map_or("-".into(), |p| fmt_share(p.share))
                    );
                }
                _ => out.push_str("<td>-</td><td>-</td><td>-</td>"),
            }
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</table>\n");
    // Per credential.
    for e in &credentials {
        super::credential::section(out, ctx, c, &e.credential);
    }
    if let Some(x) = &c.exchange {
        let _ = writeln!(out, "<h3>The three-format exchange</h3>");
        super::exchange::formats(out, &format!("{id}-x0"), x);
    }
    if let Some(flames) = &c.flamegraphs {
        super::flamegraphs::section(out, ctx, flames);
    }
}
