//! Flamegraphs for the main job and `canonprof flame`: per credential and algorithm, a sampled CPU flamegraph
//! (pprof, for a wall-clock duration) and a span flamegraph (the phase spans of the same iterations, exact, as
//! the mean per iteration), plus
//! differential flamegraphs — RDFC-1.0 against JCS (phase spans) and each edu credential against the simple
//! baseline `person-20` (sampled, normalized). SVGs and their folded stacks are written side by side.

use crate::canon::step;
use crate::canon::Session;
use crate::canon::{
    jcs,
    rdfc::{self, RdfcOptions},
    Algorithm,
};
use crate::corpus::Credential;
use crate::error::Result;
use crate::export::profile::{chrome_trace, ProfileFormats, Viewable};
use crate::export::{self, html};
use crate::profile::flamegraph::{self, Titles};
use crate::profile::folded::{self, Folded};
use crate::profile::{frames, sampler, take_records, Detail, Timer};
use crate::results::Report;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The subdirectory of a flamegraph directory for `engine`'s RDFC-1.0 graphs when they are not the main ones
/// (with their own `index.html`): `json-ld-engine`, `canonprof-engine`.
pub(crate) fn engine_dir(engine: crate::canon::Engine) -> String {
    format!("{}-engine", engine.name())
}

/// What was drawn, for people: `14 graphs with their folded stacks; 5 sampled, 1,112–1,131 samples each`.
pub(crate) fn describe(graphs: &[Graph]) -> String {
    let sampled: Vec<usize> = graphs.iter().filter_map(|g| g.samples).collect();
    let counts = match (sampled.iter().min(), sampled.iter().max()) {
        (Some(lo), Some(hi)) => format!(
            "; {} sampled, {}–{} samples each",
            sampled.len(),
            crate::export::thousands(*lo as u64),
            crate::export::thousands(*hi as u64)
        ),
        _ => String::new(),
    };
    format!("{} graphs with their folded stacks{counts}", graphs.len())
}

/// Where and how long to sample.
#[derive(Debug, Clone)]
pub struct Settings {
    /// Output directory (must exist).
    pub dir: PathBuf,
    /// Sampling time per sampled graph (s).
    pub seconds: f64,
    /// Run start (RFC 3339), shown in titles.
    pub started_at: String,
    /// The sampled stacks as sampled (`--keep-recursion`); by default recursion is collapsed
    /// ([`crate::profile::frames::collapse_recursion`]) and library runs cut to their ends
    /// ([`crate::profile::frames::compact_library_runs`]).
    pub keep_recursion: bool,
    /// The files for interactive viewers written beside each SVG (`--profile-formats`).
    pub formats: ProfileFormats,
}

/// One written flamegraph.
#[derive(Debug, Clone)]
pub(crate) struct Graph {
    /// Credential name.
    pub credential: String,
    /// What it shows, e.g. `rdfc-1.0 sampled`, `rdfc-1.0 spans`, `jcs → rdfc-1.0 (spans)`.
    pub label: String,
    /// SVG file name inside the output directory.
    pub svg: String,
    /// Folded-stacks file name beside it.
    pub folded: String,
    /// For a sampled graph (not a differential one): the samples it holds.
    pub samples: Option<usize>,
    /// The files for interactive viewers beside the SVG (speedscope, pprof, Chrome trace).
    pub viewers: Vec<String>,
}

/// The profiles of one credential and algorithm.
struct Profiles {
    sampled: sampler::Sampled,
    spans: Folded,
    /// Iterations of the span pass.
    span_iterations: u64,
    /// The span timeline of a few iterations, traced after sampling (empty unless a Chrome trace is wanted).
    timeline: Vec<chrome_trace::Iteration>,
}

/// Iterations in a Chrome trace: enough to see the phases repeat, few enough to read.
const TRACED_ITERATIONS: usize = 5;

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

/// Longest the span pass of [`profile`] runs, as a share of the sampling time: the span graph needs enough
/// iterations for a steady mean, not the sampler's count.
const SPAN_PASS_SHARE: f64 = 0.25;

/// Runs one pipeline under the sampler for `seconds` (the phase timer on, as in the measured tables, so the
/// samples do not pay for the spec steps' clock reads), then, for the span graph, in a pass of its own with the
/// spec-step timer ([`Detail::Spec`]: phases with the specification steps inside them) for as many iterations
/// as the sampler ran, within a quarter of its time; folds both.
fn profile(
    credential: &Credential,
    algorithm: Algorithm,
    session: &Session,
    rdfc: &RdfcOptions,
    settings: &Settings,
) -> Result<Profiles> {
    let doc = &credential.document;
    let root = algorithm.name();
    let checked = doc.check_json(&session.settings().input_limits)?;
    let run = || -> Result<()> {
        match algorithm {
            Algorithm::Rdfc => {
                rdfc::canonicalize_jsonld(&doc.label, &doc.text, session, rdfc).map(drop)
            }
            Algorithm::Jcs => jcs::canonicalize_checked(checked).map(drop),
        }
    };
    let phases = Timer::with_detail(Detail::Phases);
    let mut work = || -> Result<()> {
        phases.timed(run)?;
        take_records();
        Ok(())
    };
    let start = match algorithm {
        Algorithm::Rdfc => "canonicalize_jsonld",
        Algorithm::Jcs => "canonicalize_checked",
    };
    let mut sampled = sampler::sample_for(
        Duration::from_secs_f64(settings.seconds),
        root,
        Some(start),
        settings.keep_recursion,
        &mut work,
    )?;
    sampled.stacks = frames::relabel(&sampled.stacks, step::FUNCTIONS, settings.keep_recursion);
    if sampled.stacks.is_empty() {
        // Too short to catch a sample: draw a placeholder rather than fail the run.
        sampled
            .stacks
            .insert(format!("{root};(no samples: raise --flame-seconds)"), 1);
    }
    let spec = Timer::with_detail(Detail::Spec);
    take_records();
    let (mut records, mut iterations) = (Vec::new(), 0u64);
    let budget = Duration::from_secs_f64(settings.seconds * SPAN_PASS_SHARE);
    let begun = std::time::Instant::now();
    while iterations < sampled.iterations.max(1) && (iterations == 0 || begun.elapsed() < budget) {
        spec.timed(run)?;
        records.append(&mut take_records());
        iterations += 1;
    }
    // Mean per iteration, so pipelines that ran a different number of times compare.
    let spans = folded::per(&folded::from_span_records(&records, root), iterations);
    let timeline = match settings.formats.timeline() {
        true => chrome_trace::trace(TRACED_ITERATIONS, &mut || spec.timed(run))?,
        false => Vec::new(),
    };
    Ok(Profiles {
        spans,
        sampled,
        span_iterations: iterations,
        timeline,
    })
}

/// Collects the graphs of a run as they are written.
struct Output<'a> {
    settings: &'a Settings,
    graphs: Vec<Graph>,
}

impl Output<'_> {
    /// Renders `folded_text` (plain or differential folded lines) under `title` and writes `<stem>.svg` beside
    /// `<stem>.folded`.
    fn graph(
        &mut self,
        credential: &str,
        label: String,
        stem: &str,
        title: String,
        count_name: &str,
        folded_text: &str,
    ) -> Result<()> {
        let subtitle = format!(
            "{} · canonprof {} · commit {}",
            self.settings.started_at,
            env!("CARGO_PKG_VERSION"),
            env!("CANONPROF_GIT_COMMIT")
        );
        let titles = Titles {
            title,
            subtitle,
            count_name: count_name.to_string(),
            root: format!("{credential} — {label}"),
        };
        let svg_text = flamegraph::render_text(folded_text, &titles)?;
        let (svg, folded) = (format!("{stem}.svg"), format!("{stem}.folded"));
        crate::export::write_atomically(&self.settings.dir.join(&svg), &svg_text)?;
        crate::export::write_atomically(&self.settings.dir.join(&folded), folded_text)?;
        self.graphs.push(Graph {
            credential: credential.to_string(),
            label,
            svg,
            folded,
            samples: None,
            viewers: Vec::new(),
        });
        Ok(())
    }

    /// Writes `profile` for the interactive viewers beside `<stem>.svg`, the graph just drawn.
    fn viewers(&mut self, stem: &str, title: &str, profile: &Viewable) -> Result<()> {
        let (dir, formats) = (&self.settings.dir, self.settings.formats);
        let files = export::profile::write_beside(dir, stem, title, profile, formats)?;
        if let Some(graph) = self.graphs.last_mut() {
            graph.viewers.extend(files);
        }
        Ok(())
    }
}

/// Re-roots folded stacks (`old;a;b` → `new;a;b`) so two pipelines' phases compare in a differential graph.
fn reroot(stacks: &Folded, root: &str) -> Folded {
    stacks
        .iter()
        .map(|(s, c)| (format!("{root}{}", s.find(';').map_or("", |i| &s[i..])), *c))
        .collect()
}

/// Profiles `algorithms` of every credential and writes the graphs; `progress` is called before each sampled
/// graph. `baseline` credentials are only profiled when they are the simple reference of an edu credential.
pub(crate) fn write_all(
    credentials: &[Credential],
    algorithms: &[Algorithm],
    session: &Session,
    rdfc: &RdfcOptions,
    settings: &Settings,
    progress: &mut dyn FnMut(&str),
) -> Result<Vec<Graph>> {
    let has_edu = credentials.iter().any(|c| c.set == "edu");
    let mut out = Output {
        settings,
        graphs: Vec::new(),
    };
    let mut reference: Option<(String, Folded)> = None;
    let mut edu_rdfc: Vec<(String, Folded)> = Vec::new();
    for credential in credentials {
        let is_reference = credential.is_simple_reference();
        if credential.baseline && !(is_reference && has_edu) {
            continue;
        }
        let wanted: Vec<Algorithm> = if credential.baseline {
            vec![Algorithm::Rdfc]
        } else {
            algorithms.to_vec()
        };
        let (name, stem) = (credential.name.as_str(), file_stem(&credential.name));
        let mut spans_by_algorithm = Vec::new();
        for &algorithm in &wanted {
            let alg = algorithm.name();
            progress(&format!("{name} {alg}"));
            let p = profile(credential, algorithm, session, rdfc, settings)?;
            let s = &p.sampled;
            let title = format!(
                "{name} — {alg} — sampled CPU time, {} samples ({:.1} s, {} iterations)",
                s.samples, s.seconds, s.iterations
            );
            out.graph(
                name,
                format!("{alg} sampled"),
                &format!("{stem}.{alg}.sampled"),
                title,
                "samples",
                &folded::to_text(&s.stacks),
            )?;
            if let Some(graph) = out.graphs.last_mut() {
                graph.samples = Some(s.samples as usize);
            }
            let (stacks, seconds) = (&s.stacks, s.seconds);
            let what = format!("{name} {alg}");
            let sampled = Viewable::Sampled { stacks, seconds };
            out.viewers(&format!("{stem}.{alg}.sampled"), &what, &sampled)?;
            let title = format!(
                "{name} — {alg} — phase and spec-step spans (mean wall time per iteration in ns, {} iterations)",
                p.span_iterations
            );
            out.graph(
                name,
                format!("{alg} spans"),
                &format!("{stem}.{alg}.spans"),
                title,
                "ns",
                &folded::to_text(&p.spans),
            )?;
            let spans_stem = format!("{stem}.{alg}.spans");
            out.viewers(&spans_stem, &what, &Viewable::Spans { stacks: &p.spans })?;
            let (root, iterations) = (alg, p.timeline.as_slice());
            out.viewers(&spans_stem, &what, &Viewable::Timeline { root, iterations })?;
            if algorithm == Algorithm::Rdfc {
                if is_reference {
                    reference = Some((name.to_string(), s.stacks.clone()));
                }
                if credential.set == "edu" {
                    edu_rdfc.push((name.to_string(), s.stacks.clone()));
                }
            }
            spans_by_algorithm.push((algorithm, p.spans));
        }
        if let [(Algorithm::Rdfc, rdfc_spans), (Algorithm::Jcs, jcs_spans)] =
            spans_by_algorithm.as_slice()
        {
            let (before, after) = (
                reroot(jcs_spans, "canonicalize"),
                reroot(rdfc_spans, "canonicalize"),
            );
            let diff = flamegraph::differential_text(&before, &after, false)?;
            let title = format!(
                "{name} — JCS → RDFC-1.0 — phase spans, mean ns per iteration (red: more time in RDFC-1.0 than in JCS)"
            );
            let label = "JCS → RDFC-1.0 (spans, differential)".to_string();
            out.graph(
                name,
                label,
                &format!("{stem}.diff-jcs-rdfc-1.0.spans"),
                title,
                "ns",
                &diff,
            )?;
        }
    }
    if let Some((reference_name, reference_stacks)) = &reference {
        for (name, stacks) in &edu_rdfc {
            let diff = flamegraph::differential_text(reference_stacks, stacks, true)?;
            let title = format!(
                "{reference_name} → {name} — RDFC-1.0 sampled, normalized (red: a larger share of the time in {name})"
            );
            let label = format!("{reference_name} → {name} (RDFC-1.0 sampled, differential)");
            let stem = format!(
                "{}.diff-{}.rdfc-1.0.sampled",
                file_stem(name),
                file_stem(reference_name)
            );
            out.graph(name, label, &stem, title, "samples", &diff)?;
        }
    }
    Ok(out.graphs)
}

/// [`write_all`] under a progress bar on `console`, one step per sampled graph.
pub(crate) fn draw(
    credentials: &[Credential],
    algorithms: &[Algorithm],
    session: &Session,
    rdfc: &RdfcOptions,
    settings: &Settings,
    console: &mut dyn crate::console::Console,
) -> Result<Vec<Graph>> {
    let steps = sampled_graph_count(credentials, algorithms) as u64;
    crate::console::with_progress(console, steps, "sampling", |step| {
        write_all(
            credentials,
            algorithms,
            session,
            rdfc,
            settings,
            &mut |what| step(Some(what)),
        )
    })
}

/// Writes `<dir>/index.html` for `graphs` (drawn by [`write_all`] into `dir`): each credential's tables of
/// `report` beside its graphs, `intro` (trusted HTML) under the heading. Returns the index's path.
pub(crate) fn write_index(
    graphs: &[Graph],
    report: &Report,
    intro: &str,
    dir: &Path,
) -> Result<PathBuf> {
    let links: Vec<html::Link> = graphs
        .iter()
        .map(|g| {
            (
                g.credential.as_str(),
                g.label.as_str(),
                g.svg.as_str(),
                g.folded.as_str(),
                g.viewers.as_slice(),
            )
        })
        .collect();
    let index = dir.join("index.html");
    crate::export::write_atomically(&index, &html::render(report, &links, intro))?;
    Ok(index)
}

/// Number of sampled graphs [`write_all`] will draw (for progress bars and time estimates).
fn sampled_graph_count(credentials: &[Credential], algorithms: &[Algorithm]) -> usize {
    let has_edu = credentials.iter().any(|c| c.set == "edu");
    credentials
        .iter()
        .map(|c| {
            if !c.baseline {
                algorithms.len()
            } else if has_edu && c.is_simple_reference() {
                1
            } else {
                0
            }
        })
        .sum()
}
