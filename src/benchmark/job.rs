//! The main job from a checked plan to its outputs: measure every credential through each session, print the
//! tables, write the exports, draw the flamegraphs with their index pages, and save the run with the report page
//! built from it. The command line only turns flags into a [`Job`] and gives it a [`Console`].

use super::{flames, signed, AlsoMeasured, Config};
use crate::canon::Algorithm;
use crate::canon::{Engine, Session};
use crate::console::{with_progress, Console};
use crate::corpus::Credential;
use crate::error::Result;
use crate::exchange::{runner, subject};
use crate::export::create_dir;
use crate::export::{self, html};
use crate::options::{Signatures, Verbosity};
use crate::results::exchange::FormatsReport;
use crate::results::{Claim, FlameIndex, FlameLink, Report};
use std::path::{Path, PathBuf};

/// The sessions RDFC-1.0 is measured through, built together from the chosen engines and context cache modes.
pub struct Sessions {
    /// The first engine with the first cache mode: every pipeline's, and the one the checks run through.
    pub main: Session,
    /// `--context-cache both`: the first engine with the cache off.
    pub cold: Option<Session>,
    /// `--engine both`: the second engine with the first cache mode.
    pub engine: Option<Session>,
    /// `--engine both --context-cache both`: the second engine with the cache off.
    pub engine_cold: Option<Session>,
}

impl Sessions {
    /// One session per pair of `engines` (the main one first) and cache modes `caches` (on first), made by
    /// `make(engine, cache_on)`. Errors: `make`'s.
    pub fn new(
        engines: &[Engine],
        caches: &[bool],
        make: impl Fn(Engine, bool) -> Result<Session>,
    ) -> Result<Sessions> {
        let optional = |engine: Option<&Engine>, cache: Option<&bool>| match (engine, cache) {
            (Some(&engine), Some(&cache)) => make(engine, cache).map(Some),
            _ => Ok(None),
        };
        Ok(Sessions {
            main: make(engines[0], caches[0])?,
            cold: optional(engines.first(), caches.get(1))?,
            engine: optional(engines.get(1), caches.first())?,
            engine_cold: optional(engines.get(1), caches.get(1))?,
        })
    }

    /// The sessions besides the main one, as [`super::run`] takes them.
    fn also_measured<'a>(&'a self, proofs: &'a [Vec<signed::ProofPart>]) -> AlsoMeasured<'a> {
        AlsoMeasured {
            cold: self.cold.as_ref(),
            engine: self.engine.as_ref(),
            engine_cold: self.engine_cold.as_ref(),
            proofs,
        }
    }

    /// How many pipelines each credential runs: RDFC-1.0 through every session, and JCS.
    fn pipelines(&self) -> usize {
        let extra = [&self.cold, &self.engine, &self.engine_cold];
        2 + extra.iter().filter(|l| l.is_some()).count()
    }
}

/// Where the main job writes its results.
#[derive(Debug, Clone, Default)]
pub struct Exports {
    /// `--export-json`.
    pub json: Option<PathBuf>,
    /// `--export-csv`.
    pub csv: Option<PathBuf>,
    /// `--export-markdown`.
    pub markdown: Option<PathBuf>,
    /// `--report` (default: report.html beside the flamegraphs, or beside --export-json without them).
    pub report: Option<PathBuf>,
}

/// The flamegraphs the main job draws after measuring.
#[derive(Debug, Clone)]
pub struct Flamegraphs {
    /// Their directory (created by the job).
    pub dir: PathBuf,
    /// Sampling time per sampled graph (s).
    pub seconds: f64,
    /// With both engines: draw the json-ld crate's RDFC-1.0 graphs too, in a subdirectory.
    pub all_engines: bool,
    /// The sampled stacks as sampled, recursion and library internals kept (`--keep-recursion`).
    pub keep_recursion: bool,
    /// The files for interactive viewers beside each SVG.
    pub formats: crate::export::profile::ProfileFormats,
}

/// The main job, checked: what to measure, how, through which sessions, and where the results go.
pub struct Job {
    /// The credentials, read and checked for UTF-8.
    pub credentials: Vec<Credential>,
    /// N, R, warm-up, RDFC-1.0 options and span detail.
    pub config: Config,
    /// The sessions RDFC-1.0 runs through.
    pub sessions: Sessions,
    /// The signature backends of the exchange table (`None`: no exchange table).
    pub exchange: Option<Signatures>,
    /// The exports.
    pub exports: Exports,
    /// The flamegraphs (`None`: `--no-flamegraphs`).
    pub flamegraphs: Option<Flamegraphs>,
    /// How much goes to the terminal (`--quiet`, `--verbose`).
    pub verbosity: Verbosity,
}

impl Job {
    /// Runs the job, printing and showing progress on `console`. Errors: a credential that fails its checks (before
    /// anything is measured), a measurement's error, an export or flamegraph that cannot be written.
    pub fn run(mut self, console: &mut dyn Console) -> Result<()> {
        // A signed credential is profiled as a verifier sees it: without its proof, and each proof configuration.
        let settings = *self.sessions.main.settings();
        let proofs = signed::verifier_view(
            &mut self.credentials,
            &settings.input_limits,
            &settings.proof_limits,
        )?;
        let (credentials, config, sessions) = (&self.credentials, &self.config, &self.sessions);
        let facts = super::check(credentials, &sessions.main, config)?;
        if let Some(other) = &sessions.engine {
            super::check(credentials, other, config)?;
        }
        if let Some(flamegraphs) = &self.flamegraphs {
            create_dir(&flamegraphs.dir)?;
        }
        let parts: usize = proofs.iter().map(Vec::len).sum();
        let plan = &config.plan;
        let steps = ((credentials.len() * sessions.pipelines() + parts)
            * plan.runs
            * plan.iterations) as u64;
        let also = sessions.also_measured(&proofs);
        let report = with_progress(console, steps, "measuring", |step| {
            super::run(
                credentials,
                &facts,
                &sessions.main,
                also,
                config,
                &mut || step(None),
            )
        })?;
        console.print(&export::table::render(&report, self.verbosity))?;
        let exchange = self.exchange_table(console)?;
        if let (Some(exchange), false) = (&exchange, self.verbosity == Verbosity::Quiet) {
            let verbose = self.verbosity == Verbosity::Verbose;
            console.print(&format!(
                "\n{}",
                export::exchange::formats_table(exchange, verbose)
            ))?;
        }
        let claims = crate::results::claims::evaluate(&report, exchange.as_ref());
        console.print(&format!("\n{}", export::table::claims(&claims)))?;
        let results = Results {
            report: &report,
            exchange: exchange.as_ref(),
            claims: &claims,
        };
        self.write_exports(&results)?;
        let saved = self.saved_paths();
        let drawn = match &self.flamegraphs {
            Some(flamegraphs) => Some(self.draw(flamegraphs, &report, console)?),
            None => None,
        };
        saved.write(&results, drawn, console)
    }

    /// The three-format exchange table, through each engine's main session, on the simple reference credential
    /// or, with `--credential`, the first of the user's that the formats can carry ([`subject::choose`]); `None`
    /// with `--no-exchange` or when none fits (a line says why).
    fn exchange_table(&self, console: &mut dyn Console) -> Result<Option<FormatsReport>> {
        let Some(signatures) = self.exchange else {
            return Ok(None);
        };
        let subject = subject::choose(&self.credentials);
        if let Some(note) = subject.note() {
            console.print(&format!("\n{note}\n"))?;
        }
        let Some(credential) = subject.credential() else {
            return Ok(None);
        };
        let sessions = &self.sessions;
        let per_engine: Vec<_> = std::iter::once(&sessions.main)
            .chain(&sessions.engine)
            .collect();
        let plan = self.config.plan;
        let backends = signatures.backends();
        let steps = runner::study_table_steps(&per_engine, &plan, backends);
        let table = with_progress(console, steps, "exchanging", |step| {
            runner::study_table(credential, &per_engine, &plan, backends, &mut || step(None))
        });
        match (table, &subject) {
            // The user's credential passed the checks and still failed in a format: the canonicalization
            // results stand, the exchange is skipped with the reason.
            (Err(e), subject::Subject::Yours { credential, .. }) => {
                console.print(&format!(
                    "\nexchange: skipped for {}: {e}\n",
                    credential.name
                ))?;
                Ok(None)
            }
            (table, _) => table.map(Some),
        }
    }

    /// Writes the CSV and Markdown exports, and the JSON one at once when flamegraphs follow, so that the results
    /// survive a failure while sampling (it is written again, with the flamegraphs, at the end).
    fn write_exports(&self, results: &Results) -> Result<()> {
        let Results {
            report,
            exchange,
            claims,
        } = *results;
        if let (Some(path), Some(_)) = (&self.exports.json, &self.flamegraphs) {
            let json = export::json::render_with(report, exchange, claims, None);
            export::write_atomically(path, &json)?;
        }
        if let Some(path) = &self.exports.csv {
            export::write_atomically(path, &export::csv::render(report))?;
        }
        if let Some(path) = &self.exports.markdown {
            export::write_atomically(path, &export::markdown::render(report, exchange, claims))?;
        }
        Ok(())
    }

    /// Where the report page goes and the saved run it is built from (the user's --export-json, or results.json
    /// beside the page).
    fn saved_paths(&self) -> SavedRunPaths {
        let json = &self.exports.json;
        let page = self
            .exports
            .report
            .clone()
            .or_else(|| match (&self.flamegraphs, json) {
                (Some(flamegraphs), _) => Some(flamegraphs.dir.join("report.html")),
                (None, Some(json)) => Some(page_beside(json)),
                (None, None) => None,
            });
        let json = match (json, &page) {
            (Some(json), _) => Some(json.clone()),
            (None, Some(page)) => Some(export::parent_dir(page).join("results.json")),
            (None, None) => None,
        };
        SavedRunPaths { json, page }
    }

    /// Draws the flamegraphs and their index pages. The main directory shows RDFC-1.0 and JCS with canonprof's
    /// engine when it runs (its frames are the spec steps); the json-ld crate's RDFC-1.0 graphs (towers of the
    /// crate's async frames) are drawn too, in a subdirectory, when `all_engines`. Returns the directory and
    /// the export's records of the graphs.
    fn draw(
        &self,
        flamegraphs: &Flamegraphs,
        report: &Report,
        console: &mut dyn Console,
    ) -> Result<(PathBuf, Vec<FlameLink>)> {
        let dir = &flamegraphs.dir;
        let main = &self.sessions.main;
        let (primary, secondary) = match &self.sessions.engine {
            Some(other) => (other, flamegraphs.all_engines.then_some(main)),
            None => (main, None),
        };
        let settings = flames::Settings {
            dir: dir.clone(),
            seconds: flamegraphs.seconds,
            started_at: report.metadata.started_at.clone(),
            keep_recursion: flamegraphs.keep_recursion,
            formats: flamegraphs.formats,
        };
        let sub_dir = secondary.map(|l| flames::engine_dir(l.engine()));
        let intro = html::engine_note(
            primary.engine().name(),
            secondary.map(|l| l.engine().name()).zip(sub_dir.as_deref()),
            self.sessions.engine.is_some() && secondary.is_none(),
        );
        let algorithms = [Algorithm::Rdfc, Algorithm::Jcs];
        let pages = Pages { job: self, report };
        let (index, graphs) = pages.draw(&algorithms, primary, &settings, &intro, console)?;
        let mut drawn = links(&graphs, primary.engine(), "");
        console.print(&format!(
            "\nFlamegraphs: {} ({}, RDFC-1.0 with the {} engine)\n",
            index.display(),
            flames::describe(&graphs),
            primary.engine().name()
        ))?;
        if let (Some(other), Some(sub_dir)) = (secondary, sub_dir) {
            let sub = dir.join(&sub_dir);
            create_dir(&sub)?;
            let settings = flames::Settings {
                dir: sub,
                ..settings
            };
            let note = html::other_engine_note(other.engine().name());
            let (index, graphs) =
                pages.draw(&[Algorithm::Rdfc], other, &settings, &note, console)?;
            console.print(&format!(
                "Flamegraphs of the {} engine: {} ({})\n",
                other.engine().name(),
                index.display(),
                flames::describe(&graphs)
            ))?;
            drawn.extend(links(&graphs, other.engine(), &format!("{sub_dir}/")));
        }
        Ok((dir.clone(), drawn))
    }
}

/// The job's results, as the exports take them.
#[derive(Clone, Copy)]
struct Results<'a> {
    report: &'a Report,
    exchange: Option<&'a FormatsReport>,
    claims: &'a [Claim],
}

/// Flamegraph directories with their index pages, each credential's tables of the report beside its graphs.
struct Pages<'a> {
    job: &'a Job,
    report: &'a Report,
}

impl Pages<'_> {
    /// Draws the flamegraphs of `algorithms` through `session` into `settings.dir` with their `index.html`
    /// (`intro`: trusted HTML under its heading); returns the index path and the graphs.
    fn draw(
        &self,
        algorithms: &[Algorithm],
        session: &Session,
        settings: &flames::Settings,
        intro: &str,
        console: &mut dyn Console,
    ) -> Result<(PathBuf, Vec<flames::Graph>)> {
        let credentials = &self.job.credentials;
        let rdfc = &self.job.config.rdfc;
        let graphs = flames::draw(credentials, algorithms, session, rdfc, settings, console)?;
        let index = flames::write_index(&graphs, self.report, intro, &settings.dir)?;
        Ok((index, graphs))
    }
}

/// Where the main job saves its run at the end: the JSON export (or results.json beside the page) with the
/// flamegraphs drawn, and the report page built from it.
struct SavedRunPaths {
    /// Where the saved run goes (`None`: neither a report nor --export-json).
    json: Option<PathBuf>,
    /// Where the report page goes.
    page: Option<PathBuf>,
}

impl SavedRunPaths {
    /// Writes the saved run with the flamegraphs `drawn` (their directory and graphs) and the page built from it.
    fn write(
        &self,
        results: &Results,
        drawn: Option<(PathBuf, Vec<FlameLink>)>,
        console: &mut dyn Console,
    ) -> Result<()> {
        let Some(json_path) = &self.json else {
            return console.print(
                "\nReport: not written (--no-flamegraphs without --export-json or --report)\n",
            );
        };
        let index = drawn.map(|(dir, graphs)| FlameIndex {
            dir: export::relative_path(export::parent_dir(json_path), &dir),
            index: Some("index.html".into()),
            graphs,
        });
        let json = export::json::render_with(
            results.report,
            results.exchange,
            results.claims,
            index.as_ref(),
        );
        export::write_atomically(json_path, &json)?;
        let Some(page) = &self.page else {
            return Ok(());
        };
        let run = crate::results::saved::SavedRun::parse(&json, json_path)?;
        let replaced = match page.exists() {
            true => " (replaced an existing page)",
            false => "",
        };
        crate::export::page::write_report(std::slice::from_ref(&run), page)?;
        console.print(&format!(
            "\nReport: {} (from {}){replaced}\n",
            page.display(),
            json_path.display()
        ))
    }
}

/// The report page that follows a JSON export without flamegraphs: `run-b.json` → `run-b.html` beside it
/// (`run-b.report.html` for an export already named `.html`).
fn page_beside(json: &Path) -> PathBuf {
    match json.with_extension("html") {
        page if page == json => json.with_extension("report.html"),
        page => page,
    }
}

/// The export's records of `graphs`, drawn with `engine`'s RDFC-1.0, their files under `prefix`.
fn links(graphs: &[flames::Graph], engine: crate::canon::Engine, prefix: &str) -> Vec<FlameLink> {
    graphs
        .iter()
        .map(|g| FlameLink {
            credential: g.credential.clone(),
            label: g.label.clone(),
            engine: g.label.contains("rdfc-1.0").then_some(engine),
            svg: format!("{prefix}{}", g.svg),
            folded: format!("{prefix}{}", g.folded),
            samples: g.samples,
            viewers: g.viewers.iter().map(|v| format!("{prefix}{v}")).collect(),
        })
        .collect()
}
