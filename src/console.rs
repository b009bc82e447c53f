//! What a job shows while it runs: the text it prints as results come in, and a progress bar over the steps it
//! counts. The command line's terminal implements it (stdout and an indicatif bar on stderr); a job knows its own
//! loops, so it counts the steps and the console only draws them.

use crate::error::Result;

/// Where a job prints and shows its progress.
pub trait Console {
    /// Prints `text` as it is (the job supplies the newlines).
    fn print(&mut self, text: &str) -> Result<()>;
    /// Shows a progress bar of `steps` steps named `what`, replacing any other.
    fn start(&mut self, steps: u64, what: &str);
    /// Advances the bar one step, showing `message` beside it when given.
    fn step(&mut self, message: Option<&str>);
    /// Clears the bar.
    fn finish(&mut self);
}

/// Runs `work` under a progress bar of `steps` steps named `what`; `work` gets the function that advances it.
pub(crate) fn with_progress<T>(
    console: &mut dyn Console,
    steps: u64,
    what: &str,
    work: impl FnOnce(&mut dyn FnMut(Option<&str>)) -> T,
) -> T {
    console.start(steps, what);
    let result = work(&mut |message| console.step(message));
    console.finish();
    result
}
