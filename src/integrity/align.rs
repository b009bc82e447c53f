//! Matching a selection's unnamed blank nodes to the document's. Skolemization names every node object, but
//! two kinds of blank node have no JSON object to carry a name: the name of an implicit graph (the value of a
//! `@graph` container such as a credential's `proof`, JSON-LD 1.1 API §5.1.2 step 13.8.11, which wraps even an
//! explicit graph object) and the nodes of an RDF list (§8.4 List Conversion). The spec's reference
//! implementation gives the former an `@id` that its compaction keeps, and fails on the latter; canonprof finds
//! each one's counterpart in the document by position: the graph that holds a named node's statements, the
//! list head a named node's property points to, and so down the `rdf:rest` chain. Labels: skolemized nodes
//! start with `_`; unnamed ones do not ([`super::skolem::to_deskolemized_nquads`]).

use crate::canon::Quads;
use oxrdf::{GraphName, Quad, Subject, Term};
use std::collections::{HashMap, HashSet};

/// Whether a blank node label is one that skolemization did not name.
pub(crate) fn is_unnamed(label: &str) -> bool {
    !label.starts_with('_')
}

/// A term as text with blank nodes resolved through `map` (`None`: an unnamed blank node not matched yet).
fn resolved(term: &Term, map: &HashMap<String, String>) -> Option<String> {
    match term {
        Term::BlankNode(b) if is_unnamed(b.as_str()) => {
            map.get(b.as_str()).map(|l| format!("_:{l}"))
        }
        other => Some(other.to_string()),
    }
}

fn subject_term(subject: &Subject) -> Term {
    match subject {
        Subject::NamedNode(n) => Term::NamedNode(n.clone()),
        Subject::BlankNode(b) => Term::BlankNode(b.clone()),
    }
}

fn graph_term(graph: &GraphName) -> Option<Term> {
    match graph {
        GraphName::NamedNode(n) => Some(Term::NamedNode(n.clone())),
        GraphName::BlankNode(b) => Some(Term::BlankNode(b.clone())),
        GraphName::DefaultGraph => None,
    }
}

fn unnamed_blank(term: Option<&Term>) -> Option<&str> {
    match term {
        Some(Term::BlankNode(b)) if is_unnamed(b.as_str()) => Some(b.as_str()),
        _ => None,
    }
}

/// Where in a quad a blank node sits: the object or the graph name.
type Position = fn(&Quad) -> Option<Term>;

/// The selection's unnamed blank node labels → the document's, for every one that has a unique counterpart.
/// A selection blank node left out is one that cannot be matched (the caller reports it).
pub(crate) fn unnamed_counterparts(selection: &Quads, document: &Quads) -> HashMap<String, String> {
    let mut map: HashMap<String, String> = HashMap::new();
    let mut used: HashSet<String> = HashSet::new();
    let key = |q: &Quad, map: &HashMap<String, String>| -> Option<(String, String)> {
        Some((
            resolved(&subject_term(&q.subject), map)?,
            q.predicate.to_string(),
        ))
    };
    let mut by_subject: HashMap<(String, String), Vec<&Quad>> = HashMap::new();
    for quad in document {
        let k = (quad.subject.to_string(), quad.predicate.to_string());
        by_subject.entry(k).or_default().push(quad);
    }
    loop {
        let mut changed = false;
        for quad in selection {
            let Some(k) = key(quad, &map) else { continue };
            let candidates = by_subject.get(&k).map(Vec::as_slice).unwrap_or_default();
            let graph = graph_term(&quad.graph_name);
            let positions: [(Option<&str>, Position); 2] = [
                (unnamed_blank(Some(&quad.object)), |q| {
                    Some(q.object.clone())
                }),
                (unnamed_blank(graph.as_ref()), |q| graph_term(&q.graph_name)),
            ];
            for (label, position) in positions {
                let Some(label) = label.filter(|l| !map.contains_key(*l)) else {
                    continue;
                };
                let fits = |q: &&&Quad| {
                    let object_fits = unnamed_blank(Some(&quad.object)).is_some()
                        || resolved(&quad.object, &map) == Some(q.object.to_string());
                    let graph_fits = unnamed_blank(graph.as_ref()).is_some()
                        || graph.as_ref().map(|g| g.to_string())
                            == graph_term(&q.graph_name).map(|g| g.to_string());
                    object_fits && graph_fits
                };
                let mut found = candidates.iter().filter(fits).filter_map(|q| {
                    let term = position(q);
                    unnamed_blank(term.as_ref())
                        .filter(|l| !used.contains(*l))
                        .map(str::to_string)
                });
                if let (Some(target), None) = (found.next(), found.next()) {
                    used.insert(target.clone());
                    map.insert(label.to_string(), target);
                    changed = true;
                }
            }
        }
        if !changed {
            return map;
        }
    }
}
