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
    /// The root frame's label in place of inferno's `all` (a blank bar until the SVG's script runs), e.g.
    /// `ob3-full — rdfc-1.0 sampled`: what the whole graph is, readable in an embedded or printed graph.
    pub root: String,
}

fn options(titles: &Titles) -> inferno::flamegraph::Options<'static> {
    let mut options = inferno::flamegraph::Options::default();
    options.title = titles.title.clone();
    options.subtitle = Some(titles.subtitle.clone());
    options.count_name = titles.count_name.clone();
    options.deterministic = true;
    options.hash = true;
    options.min_width = 0.05;
    // A fixed width (inferno's default, 1200 px) turns off its "fluid drawing", which removes the SVG's width to
    // follow the window's and, inside an <object> (the report, the index), reads that width as 0 and sets a
    // negative one (a console error, and bars laid out for no width).
    options.image_width = Some(1200);
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
    let svg = String::from_utf8(svg).map_err(|e| {
        Error::new(ErrorKind::Internal, format!("flamegraph is not UTF-8: {e}")).caused_by(e)
    })?;
    Ok(label_root(svg, &titles.root))
}

/// Names inferno's root frame `root`: its title `all (N ns, 100%)` becomes `root (N ns, 100%)` (the SVG's
/// script labels each bar from its title) and its empty text the label itself (for a viewer without scripts).
/// The root is the one frame titled `all (…, 100%)`: every other frame's share has decimals.
fn label_root(svg: String, root: &str) -> String {
    const OPEN: &str = "<g><title>all (";
    let mut from = 0;
    while let Some(at) = svg[from..].find(OPEN).map(|i| from + i) {
        let title_end = match svg[at..].find("</title>") {
            Some(i) => at + i,
            None => break,
        };
        if !svg[at..title_end].ends_with(", 100%)") {
            from = title_end;
            continue;
        }
        let label = xml_escape(root);
        let rest = &svg[at + OPEN.len() - 1..];
        let mut group = format!("<g><title>{label} {rest}");
        if let Some(empty) = group.find("></text></g>") {
            group.replace_range(empty..empty + 2, &format!(">{label}<"));
        }
        return format!("{}{group}", &svg[..at]);
    }
    svg
}

/// Escapes text for an SVG text node or title.
fn xml_escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn titles() -> Titles {
        Titles {
            title: "cred — rdfc-1.0 — spans".into(),
            subtitle: "2026-11-30 · canonprof 0.1.0".into(),
            count_name: "ns".into(),
            root: "cred — rdfc-1.0 spans".into(),
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
            "<g><title>cred — rdfc-1.0 spans (1,000 ns, 100%)</title>",
        ] {
            assert!(svg.contains(needle), "{needle}");
        }
        assert!(!svg.contains("<title>all ("), "the root is named");
        let root = svg.find("<title>cred — rdfc-1.0 spans (").unwrap();
        let text = &svg[root..root + svg[root..].find("</g>").unwrap()];
        assert!(text.ends_with(">cred — rdfc-1.0 spans</text>"), "{text}");
        let diff = render_text(
            &differential_text(&stacks, &stacks, true).unwrap(),
            &titles(),
        )
        .unwrap();
        assert!(diff.contains("expand"));
        assert!(super::svg(&Folded::new(), &titles()).is_err());
    }
}
