//! Rendering folded stacks as SVG flamegraphs (and differential flamegraphs) with inferno.

use super::folded::{self, Folded};
use crate::error::{Error, ErrorKind, Result};

/// What the SVG says about itself.
#[derive(Debug, Clone)]
pub(crate) struct Titles {
    /// The title line (e.g. `ob3-full — rdfc-1.0 — sampled CPU, 1,125 samples`).
    pub title: String,
    /// The subtitle line (e.g. date, canonprof version, duration).
    pub subtitle: String,
    /// What a count is (`samples`, `ns`).
    pub count_name: String,
}

fn options(titles: &Titles) -> inferno::flamegraph::Options<'static> {
    let mut options = inferno::flamegraph::Options::default();
    options.title = titles.title.clone();
    options.subtitle = Some(titles.subtitle.clone());
    options.count_name = titles.count_name.clone();
    options.deterministic = true;
    options.hash = true;
    options.min_width = 0.05;
    options
}

/// An SVG flamegraph of `stacks`. Errors: [`ErrorKind::Internal`] if there is nothing to draw.
pub(crate) fn svg(stacks: &Folded, titles: &Titles) -> Result<String> {
    let text = folded::to_text(stacks);
    render_text(&text, titles)
}

/// The differential folded text (`stack before after` per line): a differential flamegraph's input, the
/// frames of `after` coloured by how their share changed from `before`.
pub(crate) fn differential_text(
    before: &Folded,
    after: &Folded,
    normalize: bool,
) -> Result<String> {
    let mut diff = Vec::new();
    let options = inferno::differential::Options {
        normalize,
        strip_hex: false,
    };
    inferno::differential::from_readers(
        options,
        folded::to_text(before).as_bytes(),
        folded::to_text(after).as_bytes(),
        &mut diff,
    )
    .map_err(|e| {
        Error::new(
            ErrorKind::Internal,
            format!("differential flamegraph failed: {e}"),
        )
    })?;
    String::from_utf8(diff).map_err(|e| {
        Error::new(
            ErrorKind::Internal,
            format!("differential stacks are not UTF-8: {e}"),
        )
    })
}

/// An SVG flamegraph from folded text (plain or differential lines).
pub(crate) fn render_text(text: &str, titles: &Titles) -> Result<String> {
    if text.trim().is_empty() {
        return Err(Error::new(
            ErrorKind::Internal,
            format!("no stacks to draw for \"{}\"", titles.title),
        ));
    }
    let mut svg = Vec::new();
    inferno::flamegraph::from_lines(&mut options(titles), text.lines(), &mut svg).map_err(|e| {
        Error::new(
            ErrorKind::Internal,
            format!("flamegraph rendering failed: {e}"),
        )
    })?;
    String::from_utf8(svg).map_err(|e| {
        Error::new(ErrorKind::Internal, format!("flamegraph is not UTF-8: {e}")).caused_by(e)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn titles() -> Titles {
        Titles {
            title: "cred — rdfc-1.0 — spans".into(),
            subtitle: "2026-11-30 · canonprof 0.1.0".into(),
            count_name: "ns".into(),
        }
    }

    #[test]
    fn renders_the_phase_names_and_titles() {
        let stacks = Folded::from([
            ("rdfc-1.0;expand".to_string(), 900),
            ("rdfc-1.0;label;first_degree".to_string(), 100),
        ]);
        let svg = svg(&stacks, &titles()).unwrap();
        for needle in [
            "cred — rdfc-1.0 — spans",
            "2026-11-30 · canonprof 0.1.0",
            "expand",
            "first_degree",
            "<svg",
        ] {
            assert!(svg.contains(needle), "{needle}");
        }
        let diff = render_text(
            &differential_text(&stacks, &stacks, true).unwrap(),
            &titles(),
        )
        .unwrap();
        assert!(diff.contains("expand"));
        assert!(super::svg(&Folded::new(), &titles()).is_err());
    }
}
