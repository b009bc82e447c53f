//! N-Quads input (`--input-format nquads`, the W3C RDFC-1.0 test suite's format) parsed into an oxrdf dataset.

use super::Quads;
use crate::error::{Error, ErrorKind, Result};
use oxttl::NQuadsParser;

/// Parses N-Quads `text` into a dataset, keeping the first occurrence of each quad in input order. Errors: [`ErrorKind::NQuads`] with the `line:column` (1-based) and
/// the parser's reason; `label` names the input.
pub fn parse(label: &str, text: &str) -> Result<Quads> {
    let mut dataset = Quads::new();
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
    use oxrdf::{BlankNode, GraphName, Quad, Subject, Term};
    let relabel = |b: &BlankNode| match issued.get(b.as_str()) {
        Some(c) => BlankNode::new_unchecked(c.as_str()),
        None => b.clone(),
    };
    let mut lines: Vec<String> = quads
        .iter()
        .map(|q| {
            let subject = match &q.subject {
                Subject::BlankNode(b) => Subject::BlankNode(relabel(b)),
                other => other.clone(),
            };
            let object = match &q.object {
                Term::BlankNode(b) => Term::BlankNode(relabel(b)),
                other => other.clone(),
            };
            let graph_name = match &q.graph_name {
                GraphName::BlankNode(b) => GraphName::BlankNode(relabel(b)),
                other => other.clone(),
            };
            format!(
                "{} .\n",
                Quad::new(subject, q.predicate.clone(), object, graph_name)
            )
        })
        .collect();
    lines.sort_unstable();
    lines
}
