//! Profiles for interactive viewers, written beside each flamegraph SVG (`--profile-formats`): speedscope JSON
//! for sampled and span profiles ([`speedscope`]), pprof protobuf for sampled ones ([`mod@pprof`]), and the
//! span timeline of a few iterations as a Chrome trace ([`chrome_trace`]). docs/flamegraphs.md says how to open
//! each.

pub(crate) mod chrome_trace;
pub(crate) mod pprof;
pub(crate) mod speedscope;

use crate::error::Result;
use crate::profile::folded::Folded;
use std::path::Path;

/// A profile file format (`--profile-formats`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ProfileFormat {
    /// The inferno SVG flamegraph with its folded stacks (always written: the index and the report show them).
    Svg,
    /// speedscope's JSON file format, for sampled and span profiles.
    Speedscope,
    /// pprof's protobuf profile, for sampled profiles (`go tool pprof`).
    Pprof,
    /// The span timeline of a few iterations as a Chrome trace (Perfetto, chrome://tracing).
    Chrome,
}

/// Which formats to write beside each SVG.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ProfileFormats {
    speedscope: bool,
    pprof: bool,
    chrome: bool,
}

impl Default for ProfileFormats {
    /// SVG and speedscope.
    fn default() -> Self {
        ProfileFormats::of(&[ProfileFormat::Svg, ProfileFormat::Speedscope])
    }
}

impl ProfileFormats {
    /// The formats listed (the SVG is written whether or not `svg` is among them).
    pub fn of(formats: &[ProfileFormat]) -> Self {
        ProfileFormats {
            speedscope: formats.contains(&ProfileFormat::Speedscope),
            pprof: formats.contains(&ProfileFormat::Pprof),
            chrome: formats.contains(&ProfileFormat::Chrome),
        }
    }

    /// Whether the span timeline is wanted (which takes a traced pass of its own).
    pub(crate) fn timeline(&self) -> bool {
        self.chrome
    }
}

/// A profile to write for the viewers.
pub(crate) enum Viewable<'a> {
    /// A sampled CPU profile: folded stacks → samples, over `seconds` of sampling.
    Sampled { stacks: &'a Folded, seconds: f64 },
    /// Span times: folded stacks → nanoseconds.
    Spans { stacks: &'a Folded },
    /// The span timeline of a few iterations of the pipeline `root`.
    Timeline {
        root: &'a str,
        iterations: &'a [chrome_trace::Iteration],
    },
}

/// Writes `<stem>.speedscope.json`, `<stem>.pprof.pb` and `<stem>.trace.json` into `dir`, each when `formats`
/// asks for it and it suits `profile`; `title` names the profile inside the file. Returns the names written.
/// Errors: a file cannot be written.
pub(crate) fn write_beside(
    dir: &Path,
    stem: &str,
    title: &str,
    profile: &Viewable,
    formats: ProfileFormats,
) -> Result<Vec<String>> {
    let mut files: Vec<(String, Vec<u8>)> = Vec::new();
    match profile {
        Viewable::Sampled { stacks, seconds } => {
            if formats.speedscope {
                let text = speedscope::render(title, stacks, speedscope::Unit::Samples);
                files.push((format!("{stem}.speedscope.json"), text.into_bytes()));
            }
            if formats.pprof {
                let sampled = pprof::Sampled {
                    stacks,
                    seconds: *seconds,
                };
                files.push((format!("{stem}.pprof.pb"), pprof::encode(&sampled)));
            }
        }
        Viewable::Spans { stacks } => {
            if formats.speedscope {
                let text = speedscope::render(title, stacks, speedscope::Unit::Nanoseconds);
                files.push((format!("{stem}.speedscope.json"), text.into_bytes()));
            }
        }
        Viewable::Timeline { root, iterations } => {
            if formats.chrome {
                let text = chrome_trace::render(title, root, iterations);
                files.push((format!("{stem}.trace.json"), text.into_bytes()));
            }
        }
    }
    for (name, contents) in &files {
        super::write_bytes_atomically(&dir.join(name), contents)?;
    }
    Ok(files.into_iter().map(|(name, _)| name).collect())
}
