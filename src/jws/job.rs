//! `canonprof jws` from a checked plan: run the signature matrix with its progress count, print the table and
//! write the exports and the chart.

use super::algorithms::Spec;
use super::matrix::{self, Settings};
use crate::console::{with_progress, Console};
use crate::error::Result;
use crate::export::{self, jws as render};
use std::path::PathBuf;

/// The matrix, checked.
pub struct Job {
    /// The algorithms, in table order.
    pub specs: Vec<Spec>,
    /// Warm-up, measurements, payload sizes and seed.
    pub settings: Settings,
    /// `--export-csv`.
    pub csv: Option<PathBuf>,
    /// `--export-json`.
    pub json: Option<PathBuf>,
    /// `--export-markdown`.
    pub markdown: Option<PathBuf>,
    /// `--chart`.
    pub chart: Option<PathBuf>,
}

impl Job {
    /// Runs the matrix. Errors: a measurement that fails, an output that cannot be written.
    pub fn run(&self, console: &mut dyn Console) -> Result<()> {
        let metadata = crate::results::metadata::collect(crate::results::metadata::now());
        let steps = (self.specs.len() * self.settings.sizes.len()) as u64;
        let m = with_progress(console, steps, "signing", |step| {
            matrix::run(&self.specs, &self.settings, &mut |name| step(Some(name)))
        })?;
        console.print(&render::table(&m))?;
        if let Some(path) = &self.csv {
            export::write_atomically(path, &render::csv(&m))?;
        }
        if let Some(path) = &self.json {
            export::write_atomically(path, &render::json(&m, &metadata))?;
        }
        if let Some(path) = &self.markdown {
            export::write_atomically(path, &render::markdown(&m))?;
        }
        if let Some(path) = &self.chart {
            export::write_atomically(path, &render::chart(&m)?)?;
        }
        Ok(())
    }
}
