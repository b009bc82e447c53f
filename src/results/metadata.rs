//! Run metadata: machine, build and versions, recorded with every report so a number can be reproduced.

use crate::results::Metadata;

/// Collects the metadata of this process; `started_at` is the run's RFC 3339 start time.
pub(crate) fn collect(started_at: String) -> Metadata {
    Metadata {
        canonprof_version: env!("CARGO_PKG_VERSION").to_string(),
        git_commit: env!("CANONPROF_GIT_COMMIT").to_string(),
        rustc: env!("CANONPROF_RUSTC_VERSION").to_string(),
        crates: env!("CANONPROF_CRATE_VERSIONS")
            .split(',')
            .filter(|s| !s.is_empty())
            .map(str::to_string)
            .collect(),
        cpu: cpu_model(),
        cores: std::thread::available_parallelism().map_or(1, |n| n.get()),
        os: format!("{} {}", std::env::consts::OS, std::env::consts::ARCH),
        started_at,
        optimized_build: !cfg!(debug_assertions),
    }
}

/// The current time as RFC 3339 (UTC, whole seconds): a run's start, and the default flamegraph directory's name.
pub(crate) fn now() -> String {
    chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

fn cpu_model() -> String {
    std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|info| {
            info.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split_once(':'))
                .map(|(_, v)| v.trim().to_string())
        })
        .unwrap_or_else(|| "unknown".to_string())
}
