//! `canonprof report`, `canonprof diff` and `canonprof merge`: saved exports read back ([`crate::results::saved`]),
//! compared ([`crate::results::compare`]) and rendered ([`crate::export::compare`], [`crate::export::page`]).

use super::terminal::write_stdout;
use crate::error::{Error, ErrorKind, Result};
use crate::export::check_writable;
use crate::export::{self, compare as render};
use crate::results::compare::{diff, merge, parse_percent, Criteria, DEFAULT_SIGNIFICANCE};
use crate::results::saved::{self, SavedRun};
use clap::Args;
use std::path::PathBuf;

/// `--band` and `--significance` of `diff`, `merge` and `--baseline`: what is called a change
/// ([`Criteria`]).
#[derive(Debug, Args)]
pub(super) struct BandArgs {
    /// A difference within this band is not called real (diff: B/A within ±PCT of 1; merge: a ratio within it is
    /// no ordering) — the study's 10% by default.
    #[arg(
        long = "band",
        value_name = "PCT",
        default_value = "10%",
        allow_hyphen_values = true
    )]
    text: String,
    /// The significance level: a row is slower or faster only when the two-sided Mann-Whitney U test over the
    /// run medians gives p below it (and the change is beyond --band); with fewer than 4 runs per side (at
    /// 0.05) it cannot, and the row is "too few runs to tell" (docs/report.md).
    #[arg(long, value_name = "ALPHA", default_value_t = DEFAULT_SIGNIFICANCE, allow_hyphen_values = true)]
    significance: f64,
}

impl BandArgs {
    /// The criteria. Errors: [`ErrorKind::Usage`] for a band that is not a percentage or a level outside
    /// (0, 1).
    pub(super) fn criteria(&self) -> Result<Criteria> {
        let band =
            parse_percent(&self.text, "--band").map_err(|e| Error::new(ErrorKind::Usage, e))?;
        if !(self.significance > 0.0 && self.significance < 1.0) {
            return Err(Error::new(
                ErrorKind::Usage,
                format!(
                    "--significance takes a level between 0 and 1, such as 0.05; got {}",
                    self.significance
                ),
            ));
        }
        Ok(Criteria {
            band,
            significance: self.significance,
        })
    }
}

#[derive(Debug, Args)]
pub(super) struct ReportArgs {
    /// Saved exports (`--export-json` of the main job, exchange, sweep, jws or verify), shown in this order;
    /// with several main-job or exchange runs, the cross-run table comes first.
    #[arg(value_name = "RESULTS.json", required = true)]
    files: Vec<PathBuf>,
    /// The report file to write.
    #[arg(
        short = 'o',
        long = "output",
        value_name = "FILE",
        default_value = "report.html"
    )]
    output: PathBuf,
}

pub(super) fn report(args: ReportArgs) -> Result<()> {
    check_writable(&args.output)?;
    let runs: Vec<SavedRun> = args
        .files
        .iter()
        .map(|p| SavedRun::read(p))
        .collect::<Result<_>>()?;
    export::page::write_report(&runs, &args.output)?;
    write_stdout(&format!("Report: {}\n", args.output.display()))
}

#[derive(Debug, Args)]
pub(super) struct DiffArgs {
    /// The baseline run (A).
    #[arg(value_name = "A.json")]
    a: PathBuf,
    /// The run compared with it (B).
    #[arg(value_name = "B.json")]
    b: PathBuf,
    #[command(flatten)]
    band: BandArgs,
    /// Exit 1 when any row is "slower" (significant and beyond --band) by more than PCT (B/A > 1 + PCT), for CI
    /// baselines.
    #[arg(long, value_name = "PCT", allow_hyphen_values = true)]
    fail_above: Option<String>,
    /// Also write the comparison as Markdown.
    #[arg(long, value_name = "FILE")]
    export_markdown: Option<PathBuf>,
}

pub(super) fn diff(args: DiffArgs) -> Result<()> {
    let criteria = args.band.criteria()?;
    let fail_above = match &args.fail_above {
        Some(t) => {
            Some(parse_percent(t, "--fail-above").map_err(|e| Error::new(ErrorKind::Usage, e))?)
        }
        None => None,
    };
    if let Some(path) = &args.export_markdown {
        check_writable(path)?;
    }
    let runs = saved::read_all(&[args.a.clone(), args.b.clone()], None)?;
    let d = diff::diff(&runs[0], &runs[1], criteria);
    write_stdout(&render::diff_table(&d))?;
    if let Some(path) = &args.export_markdown {
        export::write_atomically(path, &render::diff_markdown(&d))?;
    }
    if d.rows.is_empty() {
        return Err(Error::new(
            ErrorKind::SavedExport,
            "the two runs have no row in common: nothing was compared",
        ));
    }
    if let Some(limit) = fail_above {
        let slower = d.slower_than(limit);
        if let Some(worst) = slower.iter().max_by(|a, b| a.ratio.total_cmp(&b.ratio)) {
            return Err(Error::new(
                ErrorKind::Regression,
                format!(
                    "{} row{} got slower (significant, beyond the band) by more than {}% (--fail-above); the most: {} · {} at {:.2}x",
                    slower.len(),
                    if slower.len() == 1 { "" } else { "s" },
                    (limit * 1000.0).round() / 10.0,
                    worst.group,
                    worst.key,
                    worst.ratio
                ),
            ));
        }
    }
    Ok(())
}

#[derive(Debug, Args)]
pub(super) struct MergeArgs {
    /// Saved main-job or `exchange --format all` exports, one column each, in this order.
    #[arg(value_name = "RESULTS.json", required = true, num_args = 2..)]
    files: Vec<PathBuf>,
    #[command(flatten)]
    band: BandArgs,
    /// Also write the table as JSON.
    #[arg(long, value_name = "FILE")]
    export_json: Option<PathBuf>,
    /// Also write the table as Markdown.
    #[arg(long, value_name = "FILE")]
    export_markdown: Option<PathBuf>,
    /// Also write the table as an HTML page (the report's style).
    #[arg(long, value_name = "FILE")]
    html: Option<PathBuf>,
}

pub(super) fn merge(args: MergeArgs) -> Result<()> {
    let criteria = args.band.criteria()?;
    for path in [&args.export_json, &args.export_markdown, &args.html]
        .into_iter()
        .flatten()
    {
        check_writable(path)?;
    }
    // Main-job and exchange exports mix: both hold a three-format exchange table.
    let runs: Vec<SavedRun> = args
        .files
        .iter()
        .map(|p| SavedRun::read(p))
        .collect::<Result<_>>()?;
    if let Some(run) = runs.iter().find(|r| !r.is_comparable()) {
        return Err(Error::new(
            ErrorKind::SavedExport,
            format!(
                "{} export: merge takes main-job or exchange exports (their totals and the study's ratios)",
                run.kind().with_article()
            ),
        )
        .in_source(run.path.display().to_string()));
    }
    let m = merge::merge(&runs.iter().collect::<Vec<_>>(), criteria);
    write_stdout(&render::merge_markdown(&m))?;
    if let Some(path) = &args.export_json {
        export::write_atomically(path, &render::merge_json(&m))?;
    }
    if let Some(path) = &args.export_markdown {
        export::write_atomically(path, &render::merge_markdown(&m))?;
    }
    if let Some(path) = &args.html {
        let page = export::page::Page {
            runs: &[],
            report_dir: export::parent_dir(path),
            merge: Some(&m),
        };
        export::write_atomically(path, &export::page::render(&page))?;
    }
    Ok(())
}
