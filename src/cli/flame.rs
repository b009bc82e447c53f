//! `canonprof flame FILE`: the flamegraphs of one credential.

use super::args::{FlameArgs, LoaderArgs, RdfcArgs};
use super::{now, write_stdout, Terminal};
use crate::benchmark::create_dir;
use crate::benchmark::{self, flames, Config};
use crate::canon::rdfc::HashAlgorithm;
use crate::canon::Algorithm;
use crate::corpus;
use crate::error::Result;
use clap::Args;
use std::path::PathBuf;

#[derive(Debug, Args)]
pub(super) struct FlameCommandArgs {
    /// The credential (JSON-LD) to profile.
    file: PathBuf,
    /// Only this algorithm (default: both, plus their differential graph).
    #[arg(long, value_enum)]
    algorithm: Option<Algorithm>,
    #[command(flatten)]
    flame: FlameArgs,
    #[command(flatten)]
    rdfc: RdfcArgs,
    #[command(flatten)]
    loader: LoaderArgs,
}

pub(super) fn run(args: FlameCommandArgs) -> Result<()> {
    let config = Config {
        rdfc: args.rdfc.options(HashAlgorithm::Sha256)?,
        ..Config::DEFAULT
    };
    let started_at = now();
    let dir = args.flame.dir(&started_at)?;
    let loaders = args.loader.per_engine()?;
    let loader = &loaders[0];
    let credentials = vec![corpus::user_file(&args.file)?];
    benchmark::check(&credentials, loader, &config)?;
    create_dir(&dir)?;
    let algorithms = match args.algorithm {
        Some(algorithm) => vec![algorithm],
        None => vec![Algorithm::Rdfc, Algorithm::Jcs],
    };
    let settings = flames::Settings {
        dir,
        seconds: args.flame.flame_seconds,
        started_at,
        detail: args.flame.detail,
    };
    let mut terminal = Terminal::default();
    let graphs = flames::draw(
        &credentials,
        &algorithms,
        loader,
        &config.rdfc,
        &settings,
        &mut terminal,
    )?;
    let mut listing: String = graphs
        .iter()
        .map(|g| format!("{}  {}\n", settings.dir.join(&g.svg).display(), g.label))
        .collect();
    // With `--engine both`, RDFC-1.0 once more through canonprof's engine, in its own directory as the main job
    // does.
    if let (Some(other), true) = (loaders.get(1), algorithms.contains(&Algorithm::Rdfc)) {
        benchmark::check(&credentials, other, &config)?;
        let sub = settings.dir.join(flames::engine_dir(other.engine()));
        create_dir(&sub)?;
        let settings = flames::Settings {
            dir: sub,
            ..settings
        };
        let graphs = flames::draw(
            &credentials,
            &[Algorithm::Rdfc],
            other,
            &config.rdfc,
            &settings,
            &mut terminal,
        )?;
        for g in &graphs {
            let svg = settings.dir.join(&g.svg);
            listing.push_str(&format!(
                "{}  {} (canonprof engine)\n",
                svg.display(),
                g.label
            ));
        }
    }
    write_stdout(&listing)
}
