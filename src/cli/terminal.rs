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

/// The terminal a job runs on: its text on stdout, its progress bar on stderr (see [`progress_bar`]).
#[derive(Default)]
pub(super) struct Terminal {
    bar: Option<indicatif::ProgressBar>,
}

impl crate::console::Console for Terminal {
    fn print(&mut self, text: &str) -> Result<()> {
        write_stdout(text)
    }

    fn start(&mut self, steps: u64, what: &str) {
        self.bar = Some(progress_bar(steps, what));
    }

    fn step(&mut self, message: Option<&str>) {
        if let Some(bar) = &self.bar {
            if let Some(message) = message {
                bar.set_message(message.to_string());
            }
            bar.inc(1);
        }
    }

    fn finish(&mut self) {
        if let Some(bar) = self.bar.take() {
            bar.finish_and_clear();
        }
    }
}

/// A progress bar on stderr when it is a terminal, hidden otherwise.
fn progress_bar(steps: u64, what: &str) -> indicatif::ProgressBar {
    if !std::io::stderr().is_terminal() {
        return indicatif::ProgressBar::hidden();
    }
    let bar = indicatif::ProgressBar::new(steps);
    let template = format!("{{spinner}} {what} [{{bar:40}}] {{pos}}/{{len}} {{msg}} ETA {{eta}}");
    bar.set_style(
        indicatif::ProgressStyle::with_template(&template)
            .expect("valid template")
            .progress_chars("=> "),
    );
    bar
}
