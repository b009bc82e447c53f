//! `canonprof sweep` from a checked plan: measure every size with its progress count, draw the chart, write the
//! exports and print the table with the fitted growth.

use super::sweep::{self, Kind};
use super::Config;
use crate::canon::Session;
use crate::console::{with_progress, Console};
use crate::error::Result;
use crate::export::{self, sweep as render};
use std::path::PathBuf;

/// A sweep, checked.
pub struct SweepJob {
    /// What grows.
    pub kind: Kind,
    /// The sizes, each at least 1.
    pub sizes: Vec<usize>,
    /// N, R, warm-up and the RDFC-1.0 options.
    pub config: Config,
    /// The session (engine and context cache) RDFC-1.0 runs through.
    pub session: Session,
    /// Where the SVG chart goes.
    pub chart: PathBuf,
    /// `--export-csv`.
    pub csv: Option<PathBuf>,
    /// `--export-json`.
    pub json: Option<PathBuf>,
    /// `--export-markdown`.
    pub markdown: Option<PathBuf>,
}

impl SweepJob {
    /// Runs the sweep. Errors: a size that fails its checks or measurement, an output that cannot be written.
    pub fn run(&self, console: &mut dyn Console) -> Result<()> {
        let metadata = crate::results::metadata::collect(crate::results::metadata::now());
        let plan = &self.config.plan;
        let steps = (self.sizes.len() * 2 * plan.runs * plan.iterations) as u64;
        let sweep = with_progress(console, steps, "measuring", |step| {
            let (kind, sizes) = (self.kind, &self.sizes);
            sweep::run(kind, sizes, &self.session, &self.config, &mut || step(None))
        })?;
        let series = render::series(&sweep.points);
        export::write_atomically(&self.chart, &render::chart(&sweep, &series)?)?;
        if let Some(path) = &self.csv {
            export::write_atomically(path, &render::csv(&sweep))?;
        }
        if let Some(path) = &self.json {
            export::write_atomically(path, &render::json(&sweep, &metadata))?;
        }
        if let Some(path) = &self.markdown {
            export::write_atomically(path, &render::markdown(&sweep, &series))?;
        }
        let text = render::text(&sweep, &series);
        console.print(&format!("{text}\nChart: {}\n", self.chart.display()))
    }
}
