//! Label replacement and grouping — the RDF half of the Selective Disclosure Functions (W3C Data Integrity
//! ECDSA Cryptosuites v1.0 §3.4): `createHmacIdLabelMapFunction`, `createLabelMapFunction`,
//! `labelReplacementCanonicalizeNQuads`, `relabelBlankNodes`, `canonicalizeAndGroup` and
//! `hashMandatoryNQuads`. Canonicalization is canonprof's RDFC-1.0 (`label` span); the steps of an operation
//! are spans named in `integrity::proof_span`.

use super::align;
use super::proof_span;
use super::selection::select_json_ld;
use super::skolem::{self, compact_to_deskolemized_nquads, to_deskolemized_nquads};
use crate::canon::rdfc::{self, RdfcOptions};
use crate::canon::Session;
use crate::canon::{nquads, phase, Quads};
use crate::error::{Error, Result};
use base64ct::{Base64UrlUnpadded, Encoding};
use hmac::{Hmac, KeyInit, Mac};
use serde_json::Value;
use sha2::{Digest, Sha256};
use std::collections::{BTreeMap, HashMap, HashSet};

/// Blank node label map: one label → another, both without `_:`.
pub(crate) type LabelMap = HashMap<String, String>;

/// Canonical N-Quads statements by their index in the sorted, relabeled document (ordered by index).
pub(crate) type IndexedQuads = BTreeMap<usize, String>;

/// §3.4 `createHmacIdLabelMapFunction` applied to `issued` (input label → `c14nN`): each input label →
/// `u` + base64url-no-pad(HMAC-SHA-256(`hmac_key`, `c14nN`)).
pub(crate) fn hmac_label_map(hmac_key: &[u8], issued: &LabelMap) -> LabelMap {
    let mac = Hmac::<Sha256>::new_from_slice(hmac_key).expect("HMAC takes keys of any length");
    issued
        .iter()
        .map(|(input, c14n)| {
            let mut mac = mac.clone();
            mac.update(c14n.as_bytes());
            let digest = mac.finalize().into_bytes();
            (
                input.clone(),
                format!("u{}", Base64UrlUnpadded::encode_string(&digest)),
            )
        })
        .collect()
}

/// BBS Cryptosuites v1.0 §3.2.1 `createShuffledIdLabelMapFunction` applied to `issued`: the HMAC labels of
/// [`hmac_label_map`], then each replaced by `b` + its position among them sorted, so that the labels say
/// nothing about the canonical order while being as short as RDFC-1.0's (`_:b0`, `_:b1`, …).
pub(crate) fn shuffled_label_map(hmac_key: &[u8], issued: &LabelMap) -> LabelMap {
    let hmac = hmac_label_map(hmac_key, issued);
    let mut sorted: Vec<&String> = hmac.values().collect();
    sorted.sort();
    hmac.iter()
        .map(|(input, label)| {
            let rank = sorted
                .binary_search(&label)
                .expect("each label is among them");
            (input.clone(), format!("b{rank}"))
        })
        .collect()
}

/// §3.4 `createLabelMapFunction` applied to `issued`: each input label → the label `disclosed` gives its
/// canonical identifier (`c14nN` → label, from a derived proof). Errors: a canonical identifier the proof's
/// label map does not cover.
pub(crate) fn disclosed_label_map(disclosed: &LabelMap, issued: &LabelMap) -> Result<LabelMap> {
    issued
        .iter()
        .map(|(input, c14n)| match disclosed.get(c14n) {
            Some(label) => Ok((input.clone(), label.clone())),
            None => Err(Error::proof(format!(
                "the derived proof's label map has no label for blank node _:{c14n}"
            ))),
        })
        .collect()
}

/// The second half of §3.4 `labelReplacementCanonicalizeNQuads` (the first is RDFC-1.0 issuing `issued`):
/// the label map `factory` makes from the issued identifiers, and `dataset`'s statements relabeled with it and
/// sorted (`relabel` span, with `serialize` inside). Returns (statements, label map from input labels).
pub(crate) fn replace_labels(
    dataset: &Quads,
    issued: &LabelMap,
    factory: &dyn Fn(&LabelMap) -> Result<LabelMap>,
) -> Result<(Vec<String>, LabelMap)> {
    let _span = tracing::info_span!(proof_span::RELABEL).entered();
    let label_map = factory(issued)?;
    let statements = {
        let _span = tracing::info_span!(phase::SERIALIZE).entered();
        nquads::canonical_lines(dataset, &label_map)
    };
    Ok((statements, label_map))
}

/// The selection's dataset in the document's blank node labels: its unnamed blank nodes (implicit graph names,
/// list nodes) replaced by their counterparts ([`align::unnamed_counterparts`]). Errors: one with no
/// counterpart.
fn in_document_labels(selection: Quads, document: &Quads) -> Result<Quads> {
    use oxrdf::{BlankNode, GraphName, Quad, Subject, Term};
    let counterparts = align::unnamed_counterparts(&selection, document);
    let translate = |b: BlankNode, quad: &str| -> Result<BlankNode> {
        if !align::is_unnamed(b.as_str()) {
            return Ok(b);
        }
        counterparts
            .get(b.as_str())
            .map(|c| BlankNode::new_unchecked(c.as_str()))
            .ok_or_else(|| {
                Error::proof(format!(
                    "the selection's blank node in `{quad}` has no counterpart in the document"
                ))
            })
    };
    selection
        .into_iter()
        .map(|q| {
            let text = q.to_string();
            Ok(Quad::new(
                match q.subject {
                    Subject::BlankNode(b) => Subject::BlankNode(translate(b, &text)?),
                    other => other,
                },
                q.predicate,
                match q.object {
                    Term::BlankNode(b) => Term::BlankNode(translate(b, &text)?),
                    other => other,
                },
                match q.graph_name {
                    GraphName::BlankNode(b) => GraphName::BlankNode(translate(b, &text)?),
                    other => other,
                },
            ))
        })
        .collect()
}

/// §3.4 `relabelBlankNodes`: the statements of `selection` (in the document's labels) with every blank node
/// renamed by `label_map`.
fn relabel_blank_nodes(selection: &Quads, label_map: &LabelMap) -> HashSet<String> {
    nquads::canonical_lines(selection, label_map)
        .into_iter()
        .collect()
}

/// One group of `canonicalizeAndGroup`: the document's statements the group's pointers select, and the rest.
#[derive(Debug, Clone, Default)]
pub(crate) struct Group {
    /// Selected statements by index.
    pub matching: IndexedQuads,
    /// The other statements by index.
    pub non_matching: IndexedQuads,
    /// The selection's deskolemized N-Quads, in the document's input blank node labels.
    pub deskolemized: Quads,
}

/// Output of [`canonicalize_and_group`].
#[derive(Debug, Clone)]
pub(crate) struct Grouped {
    /// The groups, in the order asked.
    pub groups: Vec<Group>,
    /// Input label → new label (the label map the factory made).
    pub label_map: LabelMap,
    /// The document's relabeled canonical statements, sorted.
    pub nquads: Vec<String>,
    /// Canonicalizations run (1).
    pub canonicalizations: usize,
}

/// §3.4 `canonicalizeAndGroup`: skolemizes `document` and canonicalizes it with label replacement
/// (`canonicalize_document` span, then `relabel`), then, for each list of JSON pointers in `groups`, selects
/// it from the skolemized compact document and splits the document's statements into matching and
/// non-matching (`group` span). `label` names the document in errors. Errors: expansion and canonicalization
/// errors, a pointer that does not match, a selection with blank nodes of its own.
pub(crate) fn canonicalize_and_group(
    label: &str,
    document: &Value,
    factory: &dyn Fn(&LabelMap) -> Result<LabelMap>,
    groups: &[&[String]],
    session: &Session,
    options: &RdfcOptions,
) -> Result<Grouped> {
    super::budget::charge()?;
    let span = tracing::info_span!(proof_span::CANONICALIZE_DOCUMENT).entered();
    let skolemized = skolem::skolemize_compact(label, document, session)?;
    let document_quads = to_deskolemized_nquads(&skolemized.expanded, "d")?;
    let (issued, _) = rdfc::issue_identifiers(&document_quads, options)?;
    drop(span);
    let (nquads, label_map) = replace_labels(&document_quads, &issued, factory)?;
    let _span = tracing::info_span!(proof_span::GROUP).entered();
    let groups = groups
        .iter()
        .map(|pointers| {
            let Some(selection) = select_json_ld(pointers, &skolemized.compact)? else {
                return Ok(Group {
                    non_matching: nquads.iter().cloned().enumerate().collect(),
                    ..Group::default()
                });
            };
            let deskolemized = compact_to_deskolemized_nquads(label, &selection, "s", session)?;
            let deskolemized = in_document_labels(deskolemized, &document_quads)?;
            let selected = relabel_blank_nodes(&deskolemized, &label_map);
            let (matching, non_matching) = nquads
                .iter()
                .cloned()
                .enumerate()
                .partition(|(_, q)| selected.contains(q));
            Ok(Group {
                matching,
                non_matching,
                deskolemized,
            })
        })
        .collect::<Result<Vec<_>>>()?;
    Ok(Grouped {
        groups,
        label_map,
        nquads,
        canonicalizations: 1,
    })
}

/// §3.4 `hashMandatoryNQuads`: SHA-256 of the mandatory statements concatenated in index order.
pub(crate) fn hash_mandatory_nquads<'a>(
    mandatory: impl IntoIterator<Item = &'a String>,
) -> [u8; 32] {
    let mut hasher = Sha256::new();
    for statement in mandatory {
        hasher.update(statement.as_bytes());
    }
    hasher.finalize().into()
}
