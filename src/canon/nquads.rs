//! N-Quads input (`--input-format nquads`, the W3C RDFC-1.0 test suite's format) parsed into an oxrdf dataset.

use super::dataset::{Dataset, TermId};
use super::label::Canonical;
use super::Quads;
use crate::error::{Error, ErrorKind, Result};
use oxttl::NQuadsParser;

/// Parses N-Quads `text` into a dataset, keeping the first occurrence of each quad in input order. Errors: [`ErrorKind::NQuads`] with the `line:column` (1-based) and
/// the parser's reason; `label` names the input.
pub fn parse(label: &str, text: &str) -> Result<Quads> {
    let mut dataset = Quads::default();
    for quad in NQuadsParser::new().for_slice(text.as_bytes()) {
        match quad {
            Ok(quad) => {
                dataset.insert(quad);
            }
            Err(e) => {
                let start = e.location().start;
                return Err(Error::new(
                    ErrorKind::NQuads,
                    format!("invalid N-Quads: {}", e.message()),
                )
                .in_source(label)
                .at(format!("{}:{}", start.line + 1, start.column + 1)));
            }
        }
    }
    Ok(dataset)
}

/// RDFC-1.0 §4.5/§5: replaces every blank node by its canonical identifier from `issued` (input label → `c14nN`)
/// and returns the canonical N-Quads — one statement per line in canonical form (RDFC-1.0 Appendix A: oxrdf's
/// N-Quads escaping), sorted in code point order, concatenated. A blank node missing from `issued` is kept as is.
pub fn canonical_nquads(
    quads: &Quads,
    issued: &std::collections::HashMap<String, String>,
) -> String {
    canonical_lines(quads, issued).concat()
}

/// [`canonical_nquads`] as separate statements: relabeled with `issued`, each in canonical form ending in
/// `\n`, sorted in code point order.
pub fn canonical_lines(
    quads: &Quads,
    issued: &std::collections::HashMap<String, String>,
) -> Vec<String> {
    let blank = |out: &mut String, label: &str| {
        out.push_str("_:");
        out.push_str(issued.get(label).map_or(label, String::as_str));
    };
    let mut lines: Vec<String> = quads
        .iter()
        .map(|q| {
            let mut line = String::with_capacity(160);
            push_quad(&mut line, q.as_ref(), &blank);
            line
        })
        .collect();
    lines.sort_unstable();
    lines
}

/// RDFC-1.0 §4.5/§5 on an interned dataset: every blank node written as its canonical identifier (`_:c14nN`, from
/// `canonical`; a blank node without one keeps its label) and the canonical N-Quads returned — one statement per
/// line in canonical form (RDFC-1.0 Appendix A), sorted in code point order, concatenated. The lines are written
/// one after the other into one buffer and sorted as ranges of it.
pub fn canonical_dataset(dataset: &Dataset, canonical: &Canonical) -> String {
    let blank = |out: &mut String, id: TermId| match canonical.of(id) {
        Some(n) => {
            out.push_str("_:c14n");
            push_number(out, n);
        }
        None => {
            out.push_str("_:");
            out.push_str(dataset.blank_label(id));
        }
    };
    let mut lines = String::with_capacity(dataset.len() * 96);
    let mut ranges = Vec::with_capacity(dataset.len());
    for quad in dataset.quads() {
        let start = lines.len();
        dataset.push_quad(&mut lines, quad, &blank);
        ranges.push((start, lines.len()));
    }
    let bytes = lines.as_bytes();
    ranges.sort_unstable_by(|a: &(usize, usize), b| bytes[a.0..a.1].cmp(&bytes[b.0..b.1]));
    let mut out = String::with_capacity(lines.len());
    for (start, end) in ranges {
        out.push_str(&lines[start..end]);
    }
    out
}

/// Appends `n` in decimal.
fn push_number(out: &mut String, n: u32) {
    let mut digits = [0u8; 10];
    let mut at = digits.len();
    let mut rest = n;
    loop {
        at -= 1;
        digits[at] = b'0' + (rest % 10) as u8;
        rest /= 10;
        if rest == 0 {
            break;
        }
    }
    out.push_str(std::str::from_utf8(&digits[at..]).expect("ASCII digits"));
}

/// Appends one statement in canonical N-Quads form (RDFC-1.0 Appendix A), ending in ` .\n`, with each blank
/// node written by `blank` (given its label). IRIs are written as `<iri>` (an oxrdf IRI is valid, so it needs no
/// escaping); literals use oxrdf's canonical escaping.
pub fn push_quad(out: &mut String, quad: oxrdf::QuadRef<'_>, blank: &dyn Fn(&mut String, &str)) {
    use oxrdf::GraphNameRef;
    push_term(out, quad.subject.into(), blank);
    out.push(' ');
    push_term(out, quad.predicate.into(), blank);
    out.push(' ');
    push_term(out, quad.object, blank);
    match quad.graph_name {
        GraphNameRef::DefaultGraph => {}
        GraphNameRef::NamedNode(n) => {
            out.push(' ');
            push_term(out, n.into(), blank);
        }
        GraphNameRef::BlankNode(b) => {
            out.push(' ');
            blank(out, b.as_str());
        }
    }
    out.push_str(" .\n");
}

/// Appends one term in canonical N-Quads form (see [`push_quad`]).
pub fn push_term(out: &mut String, term: oxrdf::TermRef<'_>, blank: &dyn Fn(&mut String, &str)) {
    use oxrdf::TermRef;
    use std::fmt::Write;
    match term {
        TermRef::NamedNode(n) => {
            out.push('<');
            out.push_str(n.as_str());
            out.push('>');
        }
        TermRef::BlankNode(b) => blank(out, b.as_str()),
        TermRef::Literal(l) => {
            push_quoted(out, l.value());
            if let Some(language) = l.language() {
                out.push('@');
                out.push_str(language);
            } else if l.datatype() != oxrdf::vocab::xsd::STRING {
                out.push_str("^^<");
                out.push_str(l.datatype().as_str());
                out.push('>');
            }
        }
        #[allow(unreachable_patterns)]
        other => {
            let _ = write!(out, "{other}");
        }
    }
}

/// Appends a string literal's lexical form quoted and escaped as RDFC-1.0 Appendix A requires: `"`, `\\`,
/// line feed and carriage return (and backspace, tab, form feed) as ECHAR; the other characters U+0000–U+001F
/// and U+007F as UCHAR `\u00XX` (upper-case hex); everything else as is.
pub fn push_quoted(out: &mut String, value: &str) {
    use std::fmt::Write;
    out.push('"');
    let needs_escape = |b: u8| b < 0x20 || b == b'"' || b == b'\\' || b == 0x7F;
    if !value.bytes().any(needs_escape) {
        out.push_str(value);
    } else {
        for c in value.chars() {
            match c {
                '\u{08}' => out.push_str("\\b"),
                '\t' => out.push_str("\\t"),
                '\n' => out.push_str("\\n"),
                '\u{0C}' => out.push_str("\\f"),
                '\r' => out.push_str("\\r"),
                '"' => out.push_str("\\\""),
                '\\' => out.push_str("\\\\"),
                '\0'..='\u{1F}' | '\u{7F}' => {
                    let _ = write!(out, "\\u{:04X}", u32::from(c));
                }
                c => out.push(c),
            }
        }
    }
    out.push('"');
}

#[cfg(test)]
mod tests {
    use super::*;
    use oxrdf::{Literal, NamedNode, Term};

    #[test]
    fn terms_are_written_exactly_as_oxrdf_displays_them() {
        let mut all_controls: String = (0u8..0x20).map(char::from).collect();
        all_controls.push('\u{7F}');
        let texts = [
            "plain",
            "",
            "quote \" and backslash \\",
            "é 日本 😀 \u{2028}",
            all_controls.as_str(),
        ];
        for text in texts {
            let literals = [
                Literal::new_simple_literal(text),
                Literal::new_language_tagged_literal_unchecked(text, "en-us"),
                Literal::new_typed_literal(
                    text,
                    NamedNode::new_unchecked("http://www.w3.org/2001/XMLSchema#token"),
                ),
            ];
            for literal in literals {
                let term = Term::from(literal);
                let mut ours = String::new();
                push_term(&mut ours, term.as_ref(), &|o, l| o.push_str(l));
                assert_eq!(ours, term.to_string());
            }
        }
        let iri = Term::from(NamedNode::new_unchecked("https://ex.example/a?b#c"));
        let mut ours = String::new();
        push_term(&mut ours, iri.as_ref(), &|o, l| o.push_str(l));
        assert_eq!(ours, iri.to_string());
    }
}
