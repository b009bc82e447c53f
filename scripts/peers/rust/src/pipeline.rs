//! One iteration of each peer: parse (parser set-up), expand_to_rdf (oxjsonld: JSON tokenizing, expansion and
//! toRdf in one streaming pass, into an oxrdf `Dataset`), canonize (RDFC-1.0 by one of three crates, including
//! the adapter from oxrdf 0.3 terms into that crate's own terms and the canonical N-Quads serialization), hash.

use crate::loader::{callback, Contexts};
use oxjsonld::JsonLdParser;
use oxrdf::dataset::{CanonicalizationAlgorithm, CanonicalizationHashAlgorithm};
use oxrdf::{
    BlankNode, BlankNodeRef, Dataset, GraphNameRef, NamedOrBlankNodeRef, QuadRef, TermRef,
};
use sha2::{Digest, Sha256};
use std::collections::HashSet;
use std::time::Instant;

use crate::steady::us_since;

#[derive(Clone, Copy, PartialEq)]
pub enum Peer {
    Sophia,
    RdfCanon,
    Oxrdf,
}

pub const ALL: [Peer; 3] = [Peer::Sophia, Peer::RdfCanon, Peer::Oxrdf];

impl Peer {
    pub fn peer(self) -> &'static str {
        match self {
            Peer::Sophia => "oxjsonld+sophia_c14n",
            Peer::RdfCanon => "oxjsonld+rdf-canon",
            Peer::Oxrdf => "oxjsonld+oxrdf",
        }
    }
    pub fn implementation(self) -> String {
        let canon = match self {
            Peer::Sophia => "sophia_c14n 0.10.0 (rdfc10::normalize, SHA-256)",
            Peer::RdfCanon => "rdf-canon 0.15.3 (canonicalize, over oxrdf 0.2.4)",
            Peer::Oxrdf => "oxrdf 0.3.5 (Dataset::canonicalize_blank_nodes, Rdfc10 SHA-256)",
        };
        format!("oxjsonld 0.2.7 (expand+toRdf) + {canon}; sha2 0.10 (hash)")
    }
}

#[derive(Default)]
pub struct Times {
    pub parse: f64,
    pub expand_to_rdf: f64,
    pub canonize: f64,
    pub hash: f64,
}

/// Runs one iteration; returns (canonical N-Quads, SHA-256 hex).
pub fn run(
    text: &str,
    contexts: &Contexts,
    canon: Peer,
    times: &mut Times,
) -> Result<(String, String), String> {
    let t = Instant::now();
    let parser = JsonLdParser::new()
        .for_slice(text.as_bytes())
        .with_load_document_callback(callback(contexts.clone()));
    times.parse = us_since(t);
    let t = Instant::now();
    let mut dataset = Dataset::new();
    for quad in parser {
        dataset.insert(&quad.map_err(|e| format!("oxjsonld: {e}"))?);
    }
    times.expand_to_rdf = us_since(t);
    let t = Instant::now();
    let canonical = match canon {
        Peer::Sophia => sophia(&dataset)?,
        Peer::RdfCanon => rdf_canon(&dataset)?,
        Peer::Oxrdf => oxrdf_rdfc(&dataset),
    };
    times.canonize = us_since(t);
    let t = Instant::now();
    let hash = hex(&Sha256::digest(canonical.as_bytes()));
    times.hash = us_since(t);
    Ok((canonical, hash))
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// oxrdf's own RDFC-1.0: the canonical labels, then each quad relabelled, written with oxrdf's N-Quads `Display`
/// and sorted in code point order (RDFC-1.0 §4.4.2 step 7 and §4.4.3).
fn oxrdf_rdfc(dataset: &Dataset) -> String {
    let algorithm = CanonicalizationAlgorithm::Rdfc10 {
        hash_algorithm: CanonicalizationHashAlgorithm::Sha256,
    };
    let map = dataset.canonicalize_blank_nodes(algorithm);
    let relabel = |b: BlankNodeRef<'_>| -> BlankNode {
        map.get(&b).cloned().unwrap_or_else(|| b.into_owned())
    };
    let mut lines: Vec<String> = dataset
        .iter()
        .map(|q| {
            let (s, o, g);
            let subject = match q.subject {
                NamedOrBlankNodeRef::BlankNode(b) => {
                    s = relabel(b);
                    NamedOrBlankNodeRef::BlankNode(s.as_ref())
                }
                other => other,
            };
            let object = match q.object {
                TermRef::BlankNode(b) => {
                    o = relabel(b);
                    TermRef::BlankNode(o.as_ref())
                }
                other => other,
            };
            let graph_name = match q.graph_name {
                GraphNameRef::BlankNode(b) => {
                    g = relabel(b);
                    GraphNameRef::BlankNode(g.as_ref())
                }
                other => other,
            };
            format!(
                "{} .\n",
                QuadRef::new(subject, q.predicate, object, graph_name)
            )
        })
        .collect();
    lines.sort_unstable();
    lines.concat()
}

/// rdf-canon works on oxrdf 0.2 terms: copy the dataset across, then `rdf_canon::canonicalize`.
fn rdf_canon(dataset: &Dataset) -> Result<String, String> {
    use oxrdf02 as o2;
    let blank = |b: BlankNodeRef<'_>| o2::BlankNode::new_unchecked(b.as_str());
    let mut out = o2::Dataset::new();
    for q in dataset.iter() {
        let subject: o2::Subject = match q.subject {
            NamedOrBlankNodeRef::NamedNode(n) => o2::NamedNode::new_unchecked(n.as_str()).into(),
            NamedOrBlankNodeRef::BlankNode(b) => blank(b).into(),
        };
        let object: o2::Term = match q.object {
            TermRef::NamedNode(n) => o2::NamedNode::new_unchecked(n.as_str()).into(),
            TermRef::BlankNode(b) => blank(b).into(),
            TermRef::Literal(l) => match l.language() {
                Some(lang) => {
                    o2::Literal::new_language_tagged_literal_unchecked(l.value(), lang).into()
                }
                None => o2::Literal::new_typed_literal(
                    l.value(),
                    o2::NamedNode::new_unchecked(l.datatype().as_str()),
                )
                .into(),
            },
        };
        let graph_name: o2::GraphName = match q.graph_name {
            GraphNameRef::NamedNode(n) => o2::NamedNode::new_unchecked(n.as_str()).into(),
            GraphNameRef::BlankNode(b) => blank(b).into(),
            GraphNameRef::DefaultGraph => o2::GraphName::DefaultGraph,
        };
        out.insert(&o2::Quad::new(
            subject,
            o2::NamedNode::new_unchecked(q.predicate.as_str()),
            object,
            graph_name,
        ));
    }
    rdf_canon::canonicalize(&out).map_err(|e| format!("rdf-canon: {e:?}"))
}

/// sophia_c14n works on any sophia `SetDataset`: a `HashSet` of quads of `SimpleTerm`s borrowing oxrdf's strings.
fn sophia(dataset: &Dataset) -> Result<String, String> {
    use sophia_api::term::{BnodeId, IriRef, LanguageTag, SimpleTerm};
    use sophia_api::MownStr;
    fn iri(s: &str) -> SimpleTerm<'_> {
        SimpleTerm::Iri(IriRef::new_unchecked(MownStr::from(s)))
    }
    fn blank(b: BlankNodeRef<'_>) -> SimpleTerm<'_> {
        SimpleTerm::BlankNode(BnodeId::new_unchecked(MownStr::from(b.as_str())))
    }
    let set: HashSet<sophia_api::quad::Spog<SimpleTerm<'_>>> = dataset
        .iter()
        .map(|q| {
            let s = match q.subject {
                NamedOrBlankNodeRef::NamedNode(n) => iri(n.as_str()),
                NamedOrBlankNodeRef::BlankNode(b) => blank(b),
            };
            let o = match q.object {
                TermRef::NamedNode(n) => iri(n.as_str()),
                TermRef::BlankNode(b) => blank(b),
                TermRef::Literal(l) => match l.language() {
                    Some(lang) => SimpleTerm::LiteralLanguage(
                        MownStr::from(l.value()),
                        LanguageTag::new_unchecked(MownStr::from(lang)),
                        None,
                    ),
                    None => SimpleTerm::LiteralDatatype(
                        MownStr::from(l.value()),
                        IriRef::new_unchecked(MownStr::from(l.datatype().as_str())),
                    ),
                },
            };
            let g = match q.graph_name {
                GraphNameRef::NamedNode(n) => Some(iri(n.as_str())),
                GraphNameRef::BlankNode(b) => Some(blank(b)),
                GraphNameRef::DefaultGraph => None,
            };
            ([s, iri(q.predicate.as_str()), o], g)
        })
        .collect();
    let mut out = Vec::new();
    sophia_c14n::rdfc10::normalize(&set, &mut out).map_err(|e| format!("sophia_c14n: {e}"))?;
    String::from_utf8(out).map_err(|e| format!("sophia_c14n output: {e}"))
}
