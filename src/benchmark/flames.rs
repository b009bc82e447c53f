//! Flamegraphs for the main job and `canonprof flame`: per credential and algorithm, a sampled CPU flamegraph
//! (pprof, for a wall-clock duration) and a span flamegraph (the phase spans of the same iterations, exact), plus
//! differential flamegraphs — RDFC-1.0 against JCS (phase spans) and each edu credential against the simple
//! baseline `person-20` (sampled, normalized). SVGs and their folded stacks are written side by side.

use crate::canon::{
    jcs,
    rdfc::{self, RdfcOptions},
    Algorithm,
};
use crate::corpus::Credential;
use crate::error::{Error, Result};
use crate::loader::OfflineLoader;
use crate::profile::flamegraph::{self, Titles};
use crate::profile::folded::{self, Folded};
use crate::profile::{sampler, take_records, Timer};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The simple credential edu credentials are compared with (the study's 20-attribute credential).
pub const SIMPLE_REFERENCE: &str = "person-20";

/// Where and how long to sample.
#[derive(Debug, Clone)]
pub struct Settings {
    /// Output directory (created if missing).
    pub dir: PathBuf,
    /// Sampling time per sampled graph (s).
    pub seconds: f64,
    /// Run start (RFC 3339), shown in titles.
    pub started_at: String,
}

/// One written flamegraph.
#[derive(Debug, Clone)]
pub struct Graph {
    /// Credential name.
    pub credential: String,
    /// What it shows, e.g. `rdfc-1.0 sampled`, `rdfc-1.0 spans`, `jcs → rdfc-1.0 (spans)`.
    pub label: String,
    /// SVG file name inside the output directory.
    pub svg: String,
    /// Folded-stacks file name beside it.
    pub folded: String,
}

/// The profiles of one credential and algorithm.
struct Profiles {
    sampled: sampler::Sampled,
    spans: Folded,
}

/// A file-name-safe form of a credential name.
fn file_stem(name: &str) -> String {
    name.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || "-_.".contains(c) {
                c
            } else {
                '_'
            }
        })
        .collect()
}

/// Runs one pipeline under the sampler for `seconds`, with the span timer on, and folds both.
fn profile(
    credential: &Credential,
    algorithm: Algorithm,
    loader: &OfflineLoader,
    rdfc: &RdfcOptions,
    seconds: f64,
    timer: &Timer,
) -> Result<Profiles> {
    let doc = &credential.document;
    let root = algorithm.name();
    timer.prime();
    take_records();
    let mut records = Vec::new();
    let mut work = || -> Result<()> {
        timer.timed(|| match algorithm {
            Algorithm::Rdfc => {
                rdfc::canonicalize_jsonld(&doc.label, &doc.text, loader, rdfc).map(drop)
            }
            Algorithm::Jcs => jcs::canonicalize(&doc.label, &doc.text).map(drop),
        })?;
        records.append(&mut take_records());
        Ok(())
    };
    let start = match algorithm {
        Algorithm::Rdfc => "canonicalize_jsonld",
        Algorithm::Jcs => "canonicalize",
    };
    let mut sampled = sampler::sample_for(
        Duration::from_secs_f64(seconds),
        root,
        Some(start),
        &mut work,
    )?;
    if sampled.stacks.is_empty() {
        // Too short to catch a sample: draw a placeholder rather than fail the run.
        sampled
            .stacks
            .insert(format!("{root};(no samples: raise --flame-seconds)"), 1);
    }
    Ok(Profiles {
        spans: folded::from_span_records(&records, root),
        sampled,
    })
}

/// Writes `<stem>.svg` and `<stem>.folded` (folded stacks, or for a differential graph the `stack before after`
/// lines inferno draws it from).
fn write_graph(dir: &Path, stem: &str, svg: &str, folded_text: &str) -> Result<(String, String)> {
    let (svg_name, folded_name) = (format!("{stem}.svg"), format!("{stem}.folded"));
    crate::export::write_atomically(&dir.join(&svg_name), svg)?;
    crate::export::write_atomically(&dir.join(&folded_name), folded_text)?;
    Ok((svg_name, folded_name))
}

fn subtitle(settings: &Settings) -> String {
    format!(
        "{} · canonprof {} · commit {}",
        settings.started_at,
        env!("CARGO_PKG_VERSION"),
        env!("CANONPROF_GIT_COMMIT")
    )
}

/// Re-roots folded stacks (`old;a;b` → `new;a;b`) so two pipelines' phases compare in a differential graph.
fn reroot(stacks: &Folded, root: &str) -> Folded {
    stacks
        .iter()
        .map(|(s, c)| (format!("{root}{}", s.find(';').map_or("", |i| &s[i..])), *c))
        .collect()
}

/// Profiles `algorithms` of every credential and writes the graphs; `progress` is called after each sampled
/// graph. `baseline` credentials are only profiled when they are the simple reference of an edu credential.
pub fn write_all(
    credentials: &[Credential],
    algorithms: &[Algorithm],
    loader: &OfflineLoader,
    rdfc: &RdfcOptions,
    settings: &Settings,
    progress: &mut dyn FnMut(&str),
) -> Result<Vec<Graph>> {
    std::fs::create_dir_all(&settings.dir)
        .map_err(|e| Error::io(&settings.dir.display().to_string(), &e))?;
    let timer = Timer::new();
    let has_edu = credentials.iter().any(|c| c.set == "edu");
    let mut graphs = Vec::new();
    let mut reference: Option<(String, Folded)> = None;
    let mut edu_rdfc: Vec<(String, Folded)> = Vec::new();
    for credential in credentials {
        let is_reference = credential.name == SIMPLE_REFERENCE && credential.set == "simple";
        if credential.baseline && !(is_reference && has_edu) {
            continue;
        }
        let wanted: Vec<Algorithm> = if credential.baseline {
            vec![Algorithm::Rdfc]
        } else {
            algorithms.to_vec()
        };
        let stem = file_stem(&credential.name);
        let mut spans_by_algorithm = Vec::new();
        for &algorithm in &wanted {
            progress(&format!("{} {}", credential.name, algorithm.name()));
            let p = profile(
                credential,
                algorithm,
                loader,
                rdfc,
                settings.seconds,
                &timer,
            )?;
            let s = &p.sampled;
            let titles = Titles {
                title: format!(
                    "{} — {} — sampled CPU time, {} samples ({:.1} s, {} iterations)",
                    credential.name,
                    algorithm.name(),
                    s.samples,
                    s.seconds,
                    s.iterations
                ),
                subtitle: subtitle(settings),
                count_name: "samples".into(),
            };
            let name = format!("{stem}.{}.sampled", algorithm.name());
            let (svg, folded) = write_graph(
                &settings.dir,
                &name,
                &flamegraph::svg(&s.stacks, &titles)?,
                &folded::to_text(&s.stacks),
            )?;
            graphs.push(Graph {
                credential: credential.name.clone(),
                label: format!("{} sampled", algorithm.name()),
                svg,
                folded,
            });
            let titles = Titles {
                title: format!(
                    "{} — {} — phase spans (exact wall time in ns, {} iterations)",
                    credential.name,
                    algorithm.name(),
                    s.iterations
                ),
                subtitle: subtitle(settings),
                count_name: "ns".into(),
            };
            let name = format!("{stem}.{}.spans", algorithm.name());
            let (svg, folded) = write_graph(
                &settings.dir,
                &name,
                &flamegraph::svg(&p.spans, &titles)?,
                &folded::to_text(&p.spans),
            )?;
            graphs.push(Graph {
                credential: credential.name.clone(),
                label: format!("{} spans", algorithm.name()),
                svg,
                folded,
            });
            if algorithm == Algorithm::Rdfc {
                if is_reference {
                    reference = Some((credential.name.clone(), s.stacks.clone()));
                }
                if credential.set == "edu" {
                    edu_rdfc.push((credential.name.clone(), s.stacks.clone()));
                }
            }
            spans_by_algorithm.push((algorithm, p.spans));
        }
        if let [(Algorithm::Rdfc, rdfc_spans), (Algorithm::Jcs, jcs_spans)] =
            spans_by_algorithm.as_slice()
        {
            let titles = Titles {
                title: format!(
                    "{} — JCS → RDFC-1.0 — phase spans per iteration (red: more time in RDFC-1.0)",
                    credential.name
                ),
                subtitle: subtitle(settings),
                count_name: "ns".into(),
            };
            let (before, after) = (
                reroot(jcs_spans, "canonicalize"),
                reroot(rdfc_spans, "canonicalize"),
            );
            let diff = flamegraph::differential_text(&before, &after, false)?;
            let svg = flamegraph::render_text(&diff, &titles)?;
            let (svg, folded) = write_graph(
                &settings.dir,
                &format!("{stem}.diff-jcs-rdfc-1.0.spans"),
                &svg,
                &diff,
            )?;
            graphs.push(Graph {
                credential: credential.name.clone(),
                label: "JCS → RDFC-1.0 (spans, differential)".into(),
                svg,
                folded,
            });
        }
    }
    if let Some((reference_name, reference_stacks)) = &reference {
        for (name, stacks) in &edu_rdfc {
            let titles = Titles {
                title: format!(
                    "{reference_name} → {name} — RDFC-1.0 sampled, normalized (red: a larger share of the time in {name})"
                ),
                subtitle: subtitle(settings),
                count_name: "samples".into(),
            };
            let diff = flamegraph::differential_text(reference_stacks, stacks, true)?;
            let svg = flamegraph::render_text(&diff, &titles)?;
            let stem = format!(
                "{}.diff-{}.rdfc-1.0.sampled",
                file_stem(name),
                file_stem(reference_name)
            );
            let (svg, folded) = write_graph(&settings.dir, &stem, &svg, &diff)?;
            graphs.push(Graph {
                credential: name.clone(),
                label: format!("{reference_name} → {name} (RDFC-1.0 sampled, differential)"),
                svg,
                folded,
            });
        }
    }
    Ok(graphs)
}

/// Number of sampled graphs [`write_all`] will draw (for progress bars and time estimates).
pub fn sampled_graph_count(credentials: &[Credential], algorithms: &[Algorithm]) -> usize {
    let has_edu = credentials.iter().any(|c| c.set == "edu");
    credentials
        .iter()
        .map(|c| match c.baseline {
            false => algorithms.len(),
            true if has_edu && c.name == SIMPLE_REFERENCE => 1,
            true => 0,
        })
        .sum()
}
