//! `canonprof flame FILE` from a checked plan: check the credential, draw its sampled, span and differential
//! flamegraphs, and with a second engine (`--engine both`) RDFC-1.0 once more through it in its own directory, as
//! the main job does.

use super::{check, flames, Config};
use crate::canon::Algorithm;
use crate::canon::Session;
use crate::console::Console;
use crate::corpus::Credential;
use crate::error::Result;
use crate::export::create_dir;

/// The flamegraphs of one credential, checked.
pub struct FlameJob {
    /// The credential.
    pub credential: Credential,
    /// The algorithms to draw (both: their differential graph too).
    pub algorithms: Vec<Algorithm>,
    /// One session per engine, the main one first.
    pub sessions: Vec<Session>,
    /// The RDFC-1.0 options (the rest of the configuration is the default).
    pub config: Config,
    /// Where and how long to sample.
    pub settings: flames::Settings,
}

impl FlameJob {
    /// Draws the graphs and prints one line per SVG (`PATH  LABEL`). Errors: the credential fails its checks, a
    /// graph cannot be sampled or written.
    pub fn run(&self, console: &mut dyn Console) -> Result<()> {
        let credentials = std::slice::from_ref(&self.credential);
        let (config, settings) = (&self.config, &self.settings);
        let session = &self.sessions[0];
        check(credentials, session, config)?;
        create_dir(&settings.dir)?;
        let graphs = flames::draw(
            credentials,
            &self.algorithms,
            session,
            &config.rdfc,
            settings,
            console,
        )?;
        let mut listing: String = graphs
            .iter()
            .map(|g| format!("{}  {}\n", settings.dir.join(&g.svg).display(), g.label))
            .collect();
        if let (Some(other), true) = (
            self.sessions.get(1),
            self.algorithms.contains(&Algorithm::Rdfc),
        ) {
            check(credentials, other, config)?;
            let sub = settings.dir.join(flames::engine_dir(other.engine()));
            create_dir(&sub)?;
            let settings = flames::Settings {
                dir: sub,
                ..settings.clone()
            };
            let rdfc = [Algorithm::Rdfc];
            let graphs = flames::draw(credentials, &rdfc, other, &config.rdfc, &settings, console)?;
            for g in &graphs {
                let svg = settings.dir.join(&g.svg);
                listing.push_str(&format!(
                    "{}  {} (canonprof engine)\n",
                    svg.display(),
                    g.label
                ));
            }
        }
        console.print(&listing)
    }
}
