//! Rendering the report models of `crate::results` — a leaf: it knows names and numbers, no credential
//! format, key or algorithm type. The main job's `Report`: the terminal table
//! (`table`), `--export-json` (`json`), `--export-csv` (`csv`), `--export-markdown` (`markdown`) and
//! the flamegraph index (`html`); the exchange's tables and JSON (`exchange`), the sweep's (`sweep`), the
//! JWS matrix's (`jws`); SVG line charts (`chart`). Files are written atomically (a temporary file renamed
//! into place), so a failed run never leaves a half-written export.

pub(crate) mod chart;
pub(crate) mod compare;
pub(crate) mod csv;
pub(crate) mod exchange;
pub(crate) mod html;
pub(crate) mod json;
pub(crate) mod jws;
pub(crate) mod markdown;
pub(crate) mod page;
pub(crate) mod profile;
pub(crate) mod sweep;
pub(crate) mod table;
pub(crate) mod verify;

use crate::error::{Error, ErrorKind, Result};
use std::path::Path;

/// Writes `contents` to `path` atomically. Errors: [`crate::ErrorKind::Io`] naming the path.
pub fn write_atomically(path: &Path, contents: &str) -> Result<()> {
    write_bytes_atomically(path, contents.as_bytes())
}

/// [`write_atomically`] for bytes (a protobuf profile).
pub(crate) fn write_bytes_atomically(path: &Path, contents: &[u8]) -> Result<()> {
    let label = path.display().to_string();
    if path.file_name().is_none() {
        return Err(Error::new(crate::ErrorKind::Io, "not a file path").in_source(&label));
    }
    // A device or FIFO (`/dev/stdout`, a pipe) is written into, never replaced by a regular file: renaming over it
    // would delete the node (as root, even `/dev/full`).
    if std::fs::metadata(path).is_ok_and(|m| !m.is_file() && !m.is_dir()) {
        return std::fs::write(path, contents).map_err(|e| Error::io(&label, e));
    }
    let tmp = temporary_path(path);
    std::fs::write(&tmp, contents).map_err(|e| Error::io(&label, e))?;
    std::fs::rename(&tmp, path).map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        Error::io(&label, e)
    })
}

/// Creates a flamegraph directory (and its parents). Errors: [`ErrorKind::Usage`] when the path is a file,
/// [`ErrorKind::Io`] when it cannot be created.
pub fn create_dir(dir: &Path) -> Result<()> {
    if dir.exists() && !dir.is_dir() {
        return Err(Error::new(
            ErrorKind::Usage,
            "--flamegraphs must name a directory, and this is a file",
        )
        .in_source(dir.display().to_string()));
    }
    std::fs::create_dir_all(dir).map_err(|e| Error::io(&dir.display().to_string(), e))
}

/// `to` as a `/`-separated path relative to the directory `from_dir` (both made absolute against the current
/// directory first), e.g. `../flamegraphs/x.svg`; `.` when they are the same.
pub fn relative_path(from_dir: &Path, to: &Path) -> String {
    use std::path::Component;
    let absolute = |p: &Path| {
        let p = std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf());
        p.components()
            .fold(Vec::new(), |mut parts: Vec<Component>, c| {
                match c {
                    Component::CurDir => {}
                    Component::ParentDir if matches!(parts.last(), Some(Component::Normal(_))) => {
                        parts.pop();
                    }
                    c => parts.push(c),
                }
                parts
            })
            .into_iter()
            .map(|c| c.as_os_str().to_string_lossy().into_owned())
            .collect::<Vec<_>>()
    };
    let (from, to) = (absolute(from_dir), absolute(to));
    let common = from.iter().zip(&to).take_while(|(a, b)| a == b).count();
    let parts: Vec<&str> = std::iter::repeat_n("..", from.len() - common)
        .chain(to[common..].iter().map(String::as_str))
        .collect();
    if parts.is_empty() {
        ".".into()
    } else {
        parts.join("/")
    }
}

/// The directory a file is in, `.` for a bare file name.
pub fn parent_dir(path: &Path) -> &Path {
    path.parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."))
}

/// The temporary file next to `path` that [`write_atomically`] renames into place.
pub fn temporary_path(path: &Path) -> std::path::PathBuf {
    let name = path
        .file_name()
        .map_or_else(|| "export".into(), |n| n.to_string_lossy().into_owned());
    path.with_file_name(format!(".{name}.canonprof-tmp"))
}

/// Fails early (before minutes of measuring) if an export file cannot be written. Errors: [`ErrorKind::Io`] for a
/// directory, a missing parent directory, or a file that cannot be created.
pub fn check_writable(path: &Path) -> Result<()> {
    let label = path.display().to_string();
    if path.is_dir() {
        return Err(Error::new(
            ErrorKind::Io,
            "cannot write export: the path is a directory",
        )
        .in_source(label));
    }
    let dir = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    if !dir.is_dir() {
        return Err(Error::new(
            ErrorKind::Io,
            "cannot write export: its directory does not exist",
        )
        .in_source(label));
    }
    // Probe with the same temporary name the atomic writer uses, then remove it.
    let probe = temporary_path(path);
    std::fs::write(&probe, b"").map_err(|e| {
        Error::new(ErrorKind::Io, format!("cannot write export: {e}")).in_source(&label)
    })?;
    let _ = std::fs::remove_file(&probe);
    Ok(())
}

/// Formats microseconds for people: `0.85`, `12.3`, `1,234`.
pub fn fmt_us(us: f64) -> String {
    if !us.is_finite() {
        return "-".to_string();
    }
    if us < 10.0 {
        format!("{us:.2}")
    } else if us < 100.0 {
        format!("{us:.1}")
    } else {
        thousands(us.round() as u64)
    }
}

/// The instrumentation overhead of a run for people: per engine when it measured two (`json-ld +0.4%, canonprof
/// +14.6%`), else the one figure.
pub fn fmt_overheads(summary: &crate::results::Summary) -> String {
    match summary.instrumentation_overhead_by_engine.as_slice() {
        [_, _, ..] => summary
            .instrumentation_overhead_by_engine
            .iter()
            .map(|(engine, o)| format!("{engine} {:+.1}%", o * 100.0))
            .collect::<Vec<_>>()
            .join(", "),
        _ => format!("{:+.1}%", summary.instrumentation_overhead * 100.0),
    }
}

/// A range of microseconds for people, as [`fmt_us`] formats each end: `12.3–14.0`.
pub fn fmt_range(low_us: f64, high_us: f64) -> String {
    format!("{}–{}", fmt_us(low_us), fmt_us(high_us))
}

/// `1234567` → `1,234,567`.
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

pub use crate::results::{fmt_interleaved, fmt_warmup};

/// `3 quads`, `1 quad`, `2,000 iterations` (grouped as [`thousands`] groups).
pub fn plural(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{} {noun}s", thousands(n as u64))
    }
}

/// A share (0–1) as a percentage with one decimal.
pub fn fmt_share(share: f64) -> String {
    if share.is_finite() {
        format!("{:.1}%", share * 100.0)
    } else {
        "-".to_string()
    }
}

/// An expansion engine in words: `the json-ld crate's engine`, `canonprof's engine`.
pub(crate) fn engine_words(engine: Option<crate::results::names::Engine>) -> &'static str {
    match engine {
        Some(crate::results::names::Engine::JsonLd) => "the json-ld crate's engine",
        Some(crate::results::names::Engine::Canonprof) => "canonprof's engine",
        None => "the run's engine",
    }
}

/// A credential's RDFC-1.0 / JCS with each engine the run measured, named: `23.0x with the json-ld crate's
/// engine, 3.7x with canonprof's engine` (the iterations run without the span timer).
pub(crate) fn rdfc_jcs_per_engine(c: &crate::results::CredentialResult) -> String {
    c.per_engine()
        .map(|a| {
            format!(
                "{:.1}x with {}",
                a.cost_us() / c.jcs.cost_us(),
                engine_words(a.engine)
            )
        })
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn number_formats() {
        assert_eq!(thousands(1234567), "1,234,567");
        assert_eq!(thousands(999), "999");
        assert_eq!(fmt_us(0.854), "0.85");
        assert_eq!(fmt_us(12.34), "12.3");
        assert_eq!(fmt_us(45210.6), "45,211");
        assert_eq!(fmt_range(12.34, 1234.4), "12.3–1,234");
        assert_eq!(fmt_share(0.7734), "77.3%");
        assert_eq!(plural(1, "blank node"), "1 blank node");
        assert_eq!(plural(0, "quad"), "0 quads");
        assert_eq!(plural(2000, "iteration"), "2,000 iterations");
        assert_eq!(
            relative_path(Path::new("/a/b"), Path::new("/a/c/d.svg")),
            "../c/d.svg"
        );
        assert_eq!(
            relative_path(Path::new("/a/b/"), Path::new("/a/b/x/./y.svg")),
            "x/y.svg"
        );
        assert_eq!(relative_path(Path::new("/a"), Path::new("/a")), ".");
    }
}
