//! `canonprof exchange` from a checked plan to its outputs: run the three-format table or every cryptosuite in
//! detail, with the progress counts the runners give, print the tables, draw the span flamegraphs and write
//! the exports.

use super::formats::{self, Alg};
use super::{runner, vcdm};
use crate::canon::Session;
use crate::console::{with_progress, Console};
use crate::corpus::Credential;
use crate::error::Result;
use crate::export::profile::ProfileFormats;
use crate::export::{self, exchange as render};
use crate::integrity::suites::Cryptosuite;
use crate::keys::SignatureAlgorithm;
use crate::options::Signatures;
use crate::results::exchange::Export;
use crate::results::Metadata;
use std::path::PathBuf;

/// Which exchange to run.
#[derive(Debug, Clone)]
pub enum Tables {
    /// SD-JWT VC, mdoc and W3C VCDM side by side, one table per credential, with each of `algs`.
    Formats {
        /// The signature algorithms every format uses.
        algs: Vec<Alg>,
    },
    /// W3C VCDM with each of `suites`, per operation and step.
    Suites {
        /// The cryptosuites.
        suites: Vec<Cryptosuite>,
        /// The curve of ecdsa-rdfc-2019 and ecdsa-jcs-2019.
        ecdsa: SignatureAlgorithm,
        /// The directory of one span flamegraph per credential and suite (created by the job).
        flamegraphs: Option<PathBuf>,
        /// The files for interactive viewers beside each flamegraph (`--profile-formats`).
        profile_formats: ProfileFormats,
    },
}

/// Where the exchange writes its results.
#[derive(Debug, Clone, Default)]
pub struct Exports {
    /// `--export-json`.
    pub json: Option<PathBuf>,
    /// `--export-csv`.
    pub csv: Option<PathBuf>,
    /// `--export-markdown`.
    pub markdown: Option<PathBuf>,
}

/// The exchange, checked.
pub struct Job {
    /// Which exchange.
    pub tables: Tables,
    /// The credentials.
    pub credentials: Vec<Credential>,
    /// One session per engine (the RDFC-1.0 suites run once through each).
    pub sessions: Vec<Session>,
    /// N, R and warm-up.
    pub plan: crate::profile::Plan,
    /// The seed of the issuer and holder keys.
    pub seed: u64,
    /// The signature backends.
    pub signatures: Signatures,
    /// The exports.
    pub exports: Exports,
    /// Print what "present" does per format and the pairwise ratios too (`--verbose`; always in the exports).
    pub verbose: bool,
}

impl Job {
    /// Runs the exchange, printing its tables and showing progress on `console`. Errors: an exchange that
    /// fails, an export or flamegraph that cannot be written.
    pub fn run(&self, console: &mut dyn Console) -> Result<()> {
        let metadata = crate::results::metadata::collect(crate::results::metadata::now());
        match &self.tables {
            Tables::Formats { algs } => self.formats(algs, &metadata, console),
            Tables::Suites {
                suites,
                ecdsa,
                flamegraphs,
                profile_formats,
            } => {
                let settings = vcdm::Settings {
                    plan: self.plan,
                    seed: self.seed,
                    flamegraphs: flamegraphs.clone(),
                    profile_formats: *profile_formats,
                };
                self.suites(suites, *ecdsa, &settings, &metadata, console)
            }
        }
    }

    /// `--format all`: the three-format table for each credential.
    fn formats(&self, algs: &[Alg], metadata: &Metadata, console: &mut dyn Console) -> Result<()> {
        let sessions: Vec<&Session> = self.sessions.iter().collect();
        let settings = formats::Settings {
            iterations: self.plan.iterations,
            runs: self.plan.runs,
            warmup: self.plan.warmup,
            warmup_seconds: self.plan.warmup_seconds,
            seed: self.seed,
        };
        let backends = self.signatures.backends();
        let credentials = &self.credentials;
        let steps = runner::formats_steps(credentials.len(), algs, &sessions, &settings, backends);
        let reports = with_progress(console, steps, "exchanging", |step| {
            runner::run_formats(
                credentials,
                algs,
                &sessions,
                &settings,
                backends,
                &mut || step(None),
            )
        })?;
        let claims: Vec<_> = reports
            .iter()
            .map(crate::results::claims::for_exchange)
            .collect();
        for (report, claims) in reports.iter().zip(&claims) {
            console.print(&render::formats_table(report, self.verbose))?;
            console.print(&format!(
                "{}\n",
                render::claims(report, claims, reports.len() > 1)
            ))?;
        }
        if let Some(path) = &self.exports.csv {
            export::write_atomically(path, &render::formats_csv(&reports))?;
        }
        if let Some(path) = &self.exports.markdown {
            let text = render::formats_markdown_with_claims(&reports, &claims);
            export::write_atomically(path, &text)?;
        }
        if let Some(path) = &self.exports.json {
            let export = Export::All { reports, claims };
            export::write_atomically(path, &render::json(&export, metadata))?;
        }
        Ok(())
    }

    /// `--format vcdm`: every cryptosuite of `suites` per operation and step.
    fn suites(
        &self,
        suites: &[Cryptosuite],
        ecdsa: SignatureAlgorithm,
        settings: &vcdm::Settings,
        metadata: &Metadata,
        console: &mut dyn Console,
    ) -> Result<()> {
        let sessions: Vec<&Session> = self.sessions.iter().collect();
        if let Some(dir) = &settings.flamegraphs {
            crate::export::create_dir(dir)?;
        }
        let backends = self.signatures.backends();
        let credentials = &self.credentials;
        let steps = runner::suites_steps(credentials.len(), suites, &sessions, settings, backends);
        let mut report = with_progress(console, steps, "exchanging", |step| {
            runner::run_suites(
                credentials,
                suites,
                ecdsa,
                &sessions,
                settings,
                backends,
                &mut || step(None),
            )
        })?;
        console.print(&render::suites_table(&report))?;
        if let Some(dir) = &settings.flamegraphs {
            let drawn = report
                .results
                .iter()
                .filter(|r| r.flamegraph.is_some())
                .count();
            console.print(&format!(
                "flamegraphs: {drawn} exchange span graphs in {}\n",
                dir.display()
            ))?;
        }
        if let Some(path) = &self.exports.csv {
            export::write_atomically(path, &render::suites_csv(&report))?;
        }
        if let Some(path) = &self.exports.markdown {
            export::write_atomically(path, &render::suites_markdown(&report))?;
        }
        if let Some(path) = &self.exports.json {
            report.flamegraph_dir = settings
                .flamegraphs
                .as_deref()
                .map(|dir| export::relative_path(export::parent_dir(path), dir));
            export::write_atomically(path, &render::json(&Export::Vcdm(report), metadata))?;
        }
        Ok(())
    }
}
