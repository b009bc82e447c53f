//! N-Quads input (`--input-format nquads`, the W3C RDFC-1.0 test suite's format) parsed into an oxrdf dataset.

use super::dataset::{Dataset, TermId};
use super::label::Canonical;
use super::literal_escape::push_quoted;
use super::Quads;
use crate::error::{Error, ErrorKind, Result};
use oxttl::NQuadsParser;

/// Parses N-Quads `text` into a dataset, keeping the first occurrence of each quad in input order. Errors: [`ErrorKind::NQuads`] with the `line:column` (1-based) and
/// the parser's reason; `label` names the input.
pub fn parse(label: &str, text: &str) -> Result<Quads> {
    let mut dataset = Quads::default();
    parse_each(label, text, |quad| {
        dataset.insert(quad);
    })?;
    Ok(dataset)
}

/// [`parse`] straight into an interned `Dataset` (the same quads in the same order): each parsed quad is
/// dropped once interned, so the text's quads are never held twice (a large N-Quads input costs one dataset).
pub fn parse_dataset(label: &str, text: &str) -> Result<Dataset> {
    let mut dataset = Dataset::new();
    parse_each(label, text, |quad| {
        dataset.insert_ref(quad.as_ref());
    })?;
    Ok(dataset)
}

/// Parses `text` and hands each quad to `each`. Errors: as [`parse`].
fn parse_each(label: &str, text: &str, mut each: impl FnMut(oxrdf::Quad)) -> Result<()> {
    for quad in NQuadsParser::new().for_slice(text.as_bytes()) {
        match quad {
            Ok(quad) => each(quad),
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
    Ok(())
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
/// line in canonical form (RDFC-1.0 Appendix A), sorted in code point order, concatenated.
///
/// The lines are written one after the other into one buffer and sorted as ranges of it, by an order that is the
/// code point order of the lines, computed with fewer byte comparisons: a line is `subject predicate rest`, the
/// subject and predicate contain no space, and where one written term is a proper prefix of another (`_:c14n1`,
/// `_:c14n10`) the longer one continues with a character above the space that follows the shorter; so lines
/// compare as (subject text, predicate text, rest) compare. Subjects and predicates are few and repeat: each
/// distinct one is ranked once by its text, and lines are sorted by (subject rank, predicate rank, rest).
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
    /// A line of `lines`: where it starts, where its subject and predicate end, where it ends, its subject and
    /// predicate, and their ranks.
    struct Line {
        start: usize,
        subject_end: usize,
        predicate_end: usize,
        end: usize,
        subject: TermId,
        predicate: TermId,
        subject_rank: u32,
        predicate_rank: u32,
    }
    let mut lines = String::with_capacity(dataset.len() * 96);
    let mut ranges = Vec::with_capacity(dataset.len());
    for quad in dataset.quads() {
        let start = lines.len();
        dataset.push_term(&mut lines, quad.subject, &blank);
        let subject_end = lines.len();
        lines.push(' ');
        dataset.push_term(&mut lines, quad.predicate, &blank);
        let predicate_end = lines.len();
        lines.push(' ');
        dataset.push_term(&mut lines, quad.object, &blank);
        if quad.graph != crate::canon::dataset::DEFAULT_GRAPH {
            lines.push(' ');
            dataset.push_term(&mut lines, quad.graph, &blank);
        }
        lines.push_str(" .\n");
        ranges.push(Line {
            start,
            subject_end,
            predicate_end,
            end: lines.len(),
            subject: quad.subject,
            predicate: quad.predicate,
            subject_rank: 0,
            predicate_rank: 0,
        });
    }
    let bytes = lines.as_bytes();
    // Rank each distinct subject, then each distinct predicate, by its text (a table by term number; one term can
    // be both, with a rank of each kind).
    let mut rank = vec![u32::MAX; dataset.term_count()];
    let mut distinct: Vec<(u32, usize, usize)> = Vec::new();
    for predicates in [false, true] {
        rank.fill(u32::MAX);
        distinct.clear();
        for line in &ranges {
            let (term, text) = if predicates {
                (line.predicate, (line.subject_end + 1, line.predicate_end))
            } else {
                (line.subject, (line.start, line.subject_end))
            };
            if rank[term as usize] == u32::MAX {
                rank[term as usize] = 0;
                distinct.push((term, text.0, text.1));
            }
        }
        distinct.sort_unstable_by(|x, y| bytes[x.1..x.2].cmp(&bytes[y.1..y.2]));
        for (r, &(term, _, _)) in distinct.iter().enumerate() {
            rank[term as usize] = r as u32;
        }
        for line in &mut ranges {
            if predicates {
                line.predicate_rank = rank[line.predicate as usize]
            } else {
                line.subject_rank = rank[line.subject as usize]
            }
        }
    }
    ranges.sort_unstable_by(|a, b| {
        (a.subject_rank, a.predicate_rank)
            .cmp(&(b.subject_rank, b.predicate_rank))
            .then_with(|| bytes[a.predicate_end..a.end].cmp(&bytes[b.predicate_end..b.end]))
    });
    let mut out = String::with_capacity(lines.len());
    for line in ranges {
        out.push_str(&lines[line.start..line.end]);
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

#[cfg(test)]
mod tests {
    use super::*;
    use oxrdf::{Literal, NamedNode, Term};

    /// The lines of [`canonical_dataset`] are in the order a plain sort of the whole lines gives, on datasets made
    /// to trip an order by terms: labels that are prefixes of others (`c14n1`, `c14n10`), IRIs that are prefixes
    /// of others, one IRI as subject and predicate, literals with spaces and tags, named graphs.
    #[test]
    fn lines_are_in_code_point_order() {
        use oxrdf::{BlankNode, GraphName, Quad, Subject};
        let iris = [
            "http://a",
            "http://a/b",
            "http://a/",
            "http://a#",
            "urn:x",
            "http://a b",
        ];
        let mut seed = 0x2026_1202u64;
        let mut next = |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as usize
        };
        for _ in 0..200 {
            let mut quads = Quads::default();
            for _ in 0..(1 + next(40)) {
                let subject: Subject = match next(3) {
                    0 => BlankNode::new_unchecked(format!("b{}", next(14))).into(),
                    _ => NamedNode::new_unchecked(iris[next(5)]).into(),
                };
                let predicate = NamedNode::new_unchecked(iris[next(5)]);
                let object: Term = match next(5) {
                    0 => BlankNode::new_unchecked(format!("b{}", next(14))).into(),
                    1 => NamedNode::new_unchecked(iris[next(5)]).into(),
                    2 => Literal::new_language_tagged_literal_unchecked(iris[next(6)], "en").into(),
                    3 => Literal::new_typed_literal(
                        iris[next(6)],
                        NamedNode::new_unchecked(iris[next(5)]),
                    )
                    .into(),
                    _ => Literal::new_simple_literal(iris[next(6)]).into(),
                };
                let graph = match next(3) {
                    0 => GraphName::NamedNode(NamedNode::new_unchecked(iris[next(5)])),
                    1 => GraphName::BlankNode(BlankNode::new_unchecked(format!("b{}", next(14)))),
                    _ => GraphName::DefaultGraph,
                };
                quads.insert(Quad::new(subject, predicate, object, graph));
            }
            let dataset = Dataset::from(&quads);
            // Canonical numbers in an arbitrary order, so that `c14n1` and `c14n10` both occur.
            let (map, canonical) =
                crate::canon::label::issue_dataset::<sha2::Sha256>(&dataset, 100_000, None)
                    .map(|((map, _), canonical)| (map, canonical))
                    .unwrap();
            let ours = canonical_dataset(&dataset, &canonical);
            assert_eq!(ours, canonical_nquads(&quads, &map));
        }
    }

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
