//! The terminal the commands write to: their text on stdout (a closed pipe is not an error), their progress
//! bars on stderr when it is a terminal.

use crate::error::{Error, Result};
use std::io::{IsTerminal, Write};

/// Writes to stdout; a reader that went away (`| head`) is not an error.
pub(super) fn write_stdout(text: &str) -> Result<()> {
    let mut stdout = std::io::stdout().lock();
    match stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush())
    {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => Err(Error::io("<stdout>", e)),
        _ => Ok(()),
    }
}

/// The terminal a job runs on: its text on stdout, its progress bar on stderr when that is a terminal (see
/// [`progress_bar`]); otherwise (a log, CI) each named step — a flamegraph sampled, a JWS row signed — as one line
/// on stderr, so that long steps still show they are moving.
#[derive(Default)]
pub(super) struct Terminal {
    bar: Option<indicatif::ProgressBar>,
    /// The steps shown as lines: what they are, how many, how many done.
    lines: Option<(String, u64, u64)>,
}

impl crate::console::Console for Terminal {
    fn print(&mut self, text: &str) -> Result<()> {
        write_stdout(text)
    }

    fn start(&mut self, steps: u64, what: &str) {
        match std::io::stderr().is_terminal() {
            true => self.bar = Some(progress_bar(steps, what)),
            false => self.lines = Some((what.to_string(), steps, 0)),
        }
    }

    fn step(&mut self, message: Option<&str>) {
        if let Some((what, steps, done)) = &mut self.lines {
            *done += 1;
            if let Some(message) = message {
                // A closed stderr is not worth failing the run for (eprintln! would panic).
                let _ = writeln!(
                    std::io::stderr(),
                    "canonprof: {what} {done}/{steps}: {message}"
                );
            }
        }
        if let Some(bar) = &self.bar {
            if let Some(message) = message {
                bar.set_message(message.to_string());
            }
            bar.inc(1);
        }
    }

    fn finish(&mut self) {
        self.lines = None;
        if let Some(bar) = self.bar.take() {
            bar.finish_and_clear();
        }
    }
}

/// A progress bar on stderr.
fn progress_bar(steps: u64, what: &str) -> indicatif::ProgressBar {
    let bar = indicatif::ProgressBar::new(steps);
    let template = format!("{{spinner}} {what} [{{bar:40}}] {{pos}}/{{len}} {{msg}} ETA {{eta}}");
    bar.set_style(
        indicatif::ProgressStyle::with_template(&template)
            .expect("valid template")
            .progress_chars("=> "),
    );
    bar
}
