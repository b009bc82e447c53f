//! `canonprof flame FILE`: the flamegraphs of one credential.

use super::args::{FlameArgs, LoaderArgs, RdfcArgs};
use super::terminal::Terminal;
use crate::benchmark::{flames, Config, FlameJob};
use crate::canon::rdfc::HashAlgorithm;
use crate::canon::Algorithm;
use crate::corpus;
use crate::error::Result;
use crate::results::metadata::now;
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
    session: LoaderArgs,
}

pub(super) fn run(args: FlameCommandArgs) -> Result<()> {
    let config = Config {
        rdfc: args.rdfc.options(HashAlgorithm::Sha256)?,
        ..Config::DEFAULT
    };
    let started_at = now();
    let dir = args.flame.dir(&started_at)?;
    let sessions = args.session.per_engine()?;
    let job = FlameJob {
        credential: corpus::user_file(&args.file, &args.session.limits())?,
        algorithms: match args.algorithm {
            Some(algorithm) => vec![algorithm],
            None => vec![Algorithm::Rdfc, Algorithm::Jcs],
        },
        sessions,
        config,
        settings: flames::Settings {
            dir,
            seconds: args.flame.flame_seconds,
            started_at,
            detail: args.flame.detail,
            formats: args.flame.formats(),
        },
    };
    job.run(&mut Terminal::default())
}
