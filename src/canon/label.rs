//! RDFC-1.0 blank node labeling (W3C RDF Dataset Canonicalization §4.4–§4.8), written step by step so each part
//! can be timed honestly: the `first_degree` span covers §4.4.3 steps 2–4 (blank node to quads map, Hash First
//! Degree Quads for every blank node, canonical identifiers for unique hashes), the `n_degree` span covers step 5
//! (Hash N-Degree Quads for the shared hashes, and issuing from its results). Checked against the whole W3C suite,
//! rdf-canon 0.15 on the corpus and thousands of random graphs, and rdf-canonize 5 on pinned cases (tests).
//!
//! Hash First Degree Quads results are computed once per blank node and reused by Hash Related Blank Node
//! (§4.7 step 3 asks for the same, deterministic value). The blank node to quads map holds each quad once per
//! blank node even when the node occurs twice in it, and its keys are visited in order of first appearance in the
//! dataset — both as rdf-canonize 5 does.

use super::dataset::{Dataset, Position, QuadIds, TermId};
use super::work::{self, Step};
use super::Quads;
use super::{step, subphase};
use crate::error::{Error, ErrorKind, Result};
use sha2::Digest;
use std::collections::{BTreeMap, HashMap};
use std::fmt::Write;
use std::time::{Duration, Instant};

/// What labeling did, for reports.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct LabelCounts {
    /// Blank nodes in the dataset.
    pub blank_nodes: usize,
    /// Blank nodes labelled by a unique first-degree hash (§4.4.3 step 4).
    pub unique_first_degree: usize,
    /// Calls to Hash N-Degree Quads (§4.8), recursive ones included.
    pub hndq_calls: usize,
}

/// The issued identifiers map of §4.4.3 step 6 (input label → `c14nN`, no `_:`) and the counts.
pub type Labeling = (HashMap<String, String>, LabelCounts);

/// What labeling gives the serialization that follows it: the canonical number `N` (of `c14nN`) of every blank
/// node, by `TermId`.
#[derive(Debug, Clone)]
pub struct Canonical {
    numbers: Vec<u32>,
}

impl Canonical {
    /// No canonical number.
    const NONE: u32 = u32::MAX;

    /// §4.4.3 step 6: the issued identifiers map, input blank node label → `c14nN` (both without `_:`).
    pub fn issued_map(&self, dataset: &Dataset) -> HashMap<String, String> {
        self.numbers
            .iter()
            .enumerate()
            .filter(|&(_, &n)| n != Self::NONE)
            .map(|(term, n)| {
                (
                    dataset.blank_label(term as TermId).to_string(),
                    format!("c14n{n}"),
                )
            })
            .collect()
    }

    /// The canonical number of blank node `id`, if it has one.
    pub fn of(&self, id: TermId) -> Option<u32> {
        self.numbers
            .get(id as usize)
            .copied()
            .filter(|&n| n != Self::NONE)
    }
}

/// Runs the Canonicalization Algorithm (§4.4.3) with hash `D` (SHA-256 by default, §4.4.3; SHA-384 allowed).
/// Errors: [`ErrorKind::Poison`] once Hash N-Degree Quads has been called more than `hndq_call_limit` times
/// (§7.1 dataset poisoning).
pub fn issue<D: Digest>(dataset: &Quads, hndq_call_limit: usize) -> Result<Labeling> {
    issue_bounded::<D>(dataset, hndq_call_limit, None)
}

/// [`issue`] with a wall-clock bound as well (RDFC-1.0 §7.1 "configurable timeout"): labeling that runs longer
/// than `time_limit` is refused as [`ErrorKind::Poison`], checked at every Hash N-Degree Quads call and
/// permutation, so a dataset whose permutations do not recurse is bounded too.
fn issue_bounded<D: Digest>(
    dataset: &Quads,
    hndq_call_limit: usize,
    time_limit: Option<Duration>,
) -> Result<Labeling> {
    issue_dataset::<D>(&Dataset::from(dataset), hndq_call_limit, time_limit)
        .map(|(labeling, _)| labeling)
}

/// `issue_bounded` on an interned dataset, with the canonical numbers the serialization needs.
pub fn issue_dataset<D: Digest>(
    dataset: &Dataset,
    hndq_call_limit: usize,
    time_limit: Option<Duration>,
) -> Result<(Labeling, Canonical)> {
    let (canonical, counts) = canonical_numbers::<D>(dataset, hndq_call_limit, time_limit)?;
    Ok(((canonical.issued_map(dataset), counts), canonical))
}

/// The Canonicalization Algorithm (§4.4.3) on an interned dataset: the canonical number of every blank node
/// (what serialization needs, without the issued identifiers map of step 6 as strings) and the counts.
pub fn canonical_numbers<D: Digest>(
    dataset: &Dataset,
    hndq_call_limit: usize,
    time_limit: Option<Duration>,
) -> Result<(Canonical, LabelCounts)> {
    let mut state = {
        let _span = tracing::info_span!(subphase::FIRST_DEGREE).entered();
        let mut state = State::<D>::new(dataset, hndq_call_limit);
        state.deadline = time_limit.map(|t| (Instant::now() + t, t));
        state.first_degree();
        state
    };
    {
        let _span = tracing::info_span!(subphase::N_DEGREE).entered();
        state.n_degree()?;
    }
    // Step 6: the canonical issuer's identifiers, by term.
    let mut numbers = vec![Canonical::NONE; dataset.term_count()];
    for (i, &b) in state.canonical.order.iter().enumerate() {
        numbers[state.terms[b] as usize] = i as u32;
    }
    Ok((Canonical { numbers }, state.counts))
}

impl Position {
    /// §4.7 step 1: `s`, `o` or `g`.
    fn letter(self) -> char {
        match self {
            Position::Subject => 's',
            Position::Object => 'o',
            Position::Graph => 'g',
        }
    }
}

/// The canonical identifier issuer (§4.5): blank node index → issued number, and the issue order. One per
/// labeling, so it is indexed by blank node directly (temporary issuers, one per path, are [`TemporaryIssuer`]).
struct Issuer {
    issued: Vec<Option<u32>>,
    order: Vec<usize>,
}

impl Issuer {
    fn new(blank_nodes: usize) -> Self {
        Issuer {
            issued: vec![None; blank_nodes],
            order: Vec::new(),
        }
    }

    /// §4.5.2 Issue Identifier: the existing number, or the next one.
    fn issue(&mut self, node: usize) -> u32 {
        if let Some(n) = self.issued[node] {
            return n;
        }
        work::count(Step::IssuedCanonical);
        let n = self.order.len() as u32;
        self.issued[node] = Some(n);
        self.order.push(node);
        n
    }
}

/// A temporary identifier issuer (§4.5, `_:b`), of which Hash N-Degree Quads makes and copies one per call and
/// permutation: it holds only the blank nodes it issued, so its size (and its copies') grows with the gossip path,
/// not with the dataset — a dataset of many alike blank nodes costs memory in proportion to the work done on it.
#[derive(Clone, Default)]
struct TemporaryIssuer {
    issued: HashMap<usize, u32, foldhash::fast::FixedState>,
    order: Vec<usize>,
}

impl TemporaryIssuer {
    /// The number issued to `node`, if any.
    fn get(&self, node: usize) -> Option<u32> {
        self.issued.get(&node).copied()
    }

    /// §4.5.2 Issue Identifier: the existing number, or the next one.
    fn issue(&mut self, node: usize) -> u32 {
        if let Some(&n) = self.issued.get(&node) {
            return n;
        }
        work::count(Step::IssuedTemporary);
        let n = self.order.len() as u32;
        self.issued.insert(node, n);
        self.order.push(node);
        n
    }
}

/// The canonicalization state (§4.3) over interned blank nodes: blank node `b` is the `b`-th blank node in order
/// of first appearance in the dataset.
struct State<'a, D: Digest> {
    dataset: &'a Dataset,
    quads: &'a indexmap::set::Slice<QuadIds>,
    /// Blank node index by [`TermId`] ([`NOT_BLANK`] for other terms).
    blank_of: Vec<u32>,
    /// [`TermId`] by blank node index.
    terms: Vec<TermId>,
    /// Blank node to quads map (§4.3), by blank node index.
    node_quads: Vec<Vec<usize>>,
    /// Hash First Degree Quads of each blank node (§4.6), hex.
    first_degree: Vec<String>,
    /// Hash to blank nodes map (§4.3), code point ordered by hash.
    hash_to_nodes: BTreeMap<String, Vec<usize>>,
    canonical: Issuer,
    limit: usize,
    /// When labeling must have finished, and the limit it came from (for the message).
    deadline: Option<(Instant, Duration)>,
    counts: LabelCounts,
    /// Reused by Hash First Degree Quads: the N-Quads lines, and where each line is in them.
    lines: String,
    ranges: Vec<(usize, usize)>,
    _digest: std::marker::PhantomData<D>,
}

/// The refusal of a dataset that needs more than `limit` Hash N-Degree Quads calls (RDFC-1.0 §7.1).
fn too_many_calls(limit: usize) -> Error {
    Error::new(
        ErrorKind::Poison,
        format!(
            "RDFC-1.0 refused a poison dataset: more than {limit} Hash N-Degree Quads calls (RDFC-1.0 §7.1; raise with --hndq-limit)"
        ),
    )
}

/// [`State::blank_of`] of a term that is no blank node.
const NOT_BLANK: u32 = u32::MAX;

fn hex_digest<D: Digest>(data: &[u8]) -> String {
    work::add(Step::BytesHashed, data.len() as u64);
    super::lower_hex(&D::digest(data))
}

impl<'a, D: Digest> State<'a, D> {
    /// §4.4.3 step 1 and step 2: the state and the blank node to quads map.
    fn new(dataset: &'a Dataset, limit: usize) -> Self {
        let quads = dataset.quads().as_slice();
        let mut blank_of = vec![NOT_BLANK; dataset.term_count()];
        let mut terms = Vec::new();
        let mut node_quads: Vec<Vec<usize>> = Vec::new();
        for (q, quad) in quads.iter().enumerate() {
            for (_, term) in quad.blank_candidates() {
                if !dataset.is_blank(term) {
                    continue;
                }
                let slot = &mut blank_of[term as usize];
                if *slot == NOT_BLANK {
                    *slot = terms.len() as u32;
                    terms.push(term);
                    node_quads.push(Vec::new());
                }
                let node = *slot as usize;
                // Step 2.1: a reference to the quad from the blank node's entry (once per quad).
                if node_quads[node].last() != Some(&q) {
                    node_quads[node].push(q);
                }
            }
        }
        let blank_nodes = terms.len();
        State {
            dataset,
            quads,
            blank_of,
            terms,
            node_quads,
            first_degree: Vec::new(),
            hash_to_nodes: BTreeMap::new(),
            canonical: Issuer::new(blank_nodes),
            limit,
            deadline: None,
            counts: LabelCounts {
                blank_nodes,
                ..LabelCounts::default()
            },
            lines: String::new(),
            ranges: Vec::new(),
            _digest: std::marker::PhantomData,
        }
    }

    /// The blank nodes of quad `q` with their positions (§4.8.3 step 3: each component that is a blank node).
    fn components(&self, q: usize) -> impl Iterator<Item = (Position, usize)> + '_ {
        self.quads[q]
            .blank_candidates()
            .into_iter()
            .filter(|&(_, term)| self.dataset.is_blank(term))
            .map(|(position, term)| (position, self.blank_of[term as usize] as usize))
    }

    /// §4.4.3 steps 3–4.
    fn first_degree(&mut self) {
        // Step 3: h_f(n) for every blank node, grouped in the hash to blank nodes map: the nodes sorted by hash
        // (stable, so each group keeps the order of first appearance), without a copy of each hash as a key.
        self.first_degree = (0..self.terms.len())
            .map(|n| self.hash_first_degree_quads(n))
            .collect();
        let mut by_hash: Vec<usize> = (0..self.terms.len()).collect();
        by_hash.sort_by(|&a, &b| self.first_degree[a].cmp(&self.first_degree[b]));
        // Step 4: in code point order of hash, issue canonical identifiers for hashes with one blank node; only
        // the shared hashes enter the map.
        let mut shared = BTreeMap::new();
        for group in by_hash.chunk_by(|&a, &b| self.first_degree[a] == self.first_degree[b]) {
            if let [node] = group {
                self.canonical.issue(*node);
                self.counts.unique_first_degree += 1;
            } else {
                shared.insert(self.first_degree[group[0]].clone(), group.to_vec());
            }
        }
        self.hash_to_nodes = shared;
    }

    /// §4.4.3 step 5.
    fn n_degree(&mut self) -> Result<()> {
        // Step 5.2 calls Hash N-Degree Quads for every blank node of the first shared hash (none of them has a
        // canonical identifier yet: only step 5.3 issues them), so a first group larger than the call limit is
        // refused now, before any of that work — as it would be after `limit` calls.
        if let Some(first) = self.hash_to_nodes.values().next() {
            if first.len() > self.limit {
                return Err(too_many_calls(self.limit));
            }
        }
        for nodes in std::mem::take(&mut self.hash_to_nodes).into_values() {
            // 5.1–5.2: a Hash N-Degree Quads result for each blank node without a canonical identifier yet.
            let mut hash_path_list = Vec::new();
            for &n in &nodes {
                if self.canonical.issued[n].is_some() {
                    continue;
                }
                let mut temporary = TemporaryIssuer::default();
                temporary.issue(n);
                hash_path_list.push(self.hash_n_degree_quads(n, &temporary)?);
            }
            // 5.3: in code point order of the result hashes, issue canonical identifiers in each result
            // issuer's order.
            hash_path_list.sort_by(|a, b| a.0.cmp(&b.0));
            for (_, issuer) in hash_path_list {
                for &existing in &issuer.order {
                    self.canonical.issue(existing);
                }
            }
        }
        Ok(())
    }

    /// §4.6 Hash First Degree Quads: the quads of `node` in canonical N-Quads form with `node` as `_:a` and every
    /// other blank node as `_:z`, sorted, concatenated and hashed.
    #[inline(never)]
    fn hash_first_degree_quads(&mut self, node: usize) -> String {
        work::count(Step::HashFirstDegree);
        let _span = crate::profile::step(step::HASH_FIRST_DEGREE_QUADS);
        work::add(
            Step::HashFirstDegreeQuads,
            self.node_quads[node].len() as u64,
        );
        let own = self.terms[node];
        let name = |out: &mut String, term: TermId| {
            out.push_str(if term == own { "_:a" } else { "_:z" });
        };
        // Steps 2–3: each quad's line, written one after the other into one buffer; sorted (step 4) and hashed in
        // that order (step 5), which is the hash of their concatenation.
        self.lines.clear();
        self.ranges.clear();
        for &q in &self.node_quads[node] {
            let start = self.lines.len();
            self.dataset
                .push_quad(&mut self.lines, &self.quads[q], &name);
            self.ranges.push((start, self.lines.len()));
        }
        let lines = self.lines.as_bytes();
        self.ranges
            .sort_unstable_by(|a, b| lines[a.0..a.1].cmp(&lines[b.0..b.1]));
        let mut hasher = D::new();
        for &(start, end) in &self.ranges {
            hasher.update(&lines[start..end]);
        }
        work::add(Step::BytesHashed, lines.len() as u64);
        super::lower_hex(&hasher.finalize())
    }

    /// §4.7 Hash Related Blank Node.
    #[inline(never)]
    fn hash_related_blank_node(
        &self,
        related: usize,
        quad: usize,
        issuer: &TemporaryIssuer,
        position: Position,
    ) -> String {
        work::count(Step::HashRelated);
        let _span = crate::profile::step(step::HASH_RELATED_BLANK_NODE);
        // Steps 1–2: the position, and the predicate unless the position is g.
        let mut input = String::with_capacity(128);
        input.push(position.letter());
        if position != Position::Graph {
            let predicate = self.quads[quad].predicate;
            self.dataset.push_term(&mut input, predicate, &|_, _| {
                unreachable!("a predicate is an IRI")
            });
        }
        // Step 3: the canonical identifier, else the one issued by issuer, else h_f(related).
        if let Some(n) = self.canonical.issued[related] {
            let _ = write!(input, "_:c14n{n}");
        } else if let Some(n) = issuer.get(related) {
            let _ = write!(input, "_:b{n}");
        } else {
            input.push_str(&self.first_degree[related]);
        }
        hex_digest::<D>(input.as_bytes())
    }

    /// Refuses the dataset once the time limit has passed.
    fn check_deadline(&self) -> Result<()> {
        match self.deadline {
            Some((deadline, limit)) if Instant::now() > deadline => Err(Error::new(
                ErrorKind::Poison,
                format!(
                    "RDFC-1.0 refused a poison dataset: blank node labeling ran past the time limit of {} s (RDFC-1.0 §7.1; raise with --time-limit)",
                    limit.as_secs_f64()
                ),
            )),
            _ => Ok(()),
        }
    }

    /// §4.8 Hash N-Degree Quads: the hash of `node`'s gossip path and the issuer that produced it.
    #[inline(never)]
    fn hash_n_degree_quads(
        &mut self,
        node: usize,
        issuer: &TemporaryIssuer,
    ) -> Result<(String, TemporaryIssuer)> {
        work::count(Step::HashNDegree);
        let _span = crate::profile::step(step::HASH_N_DEGREE_QUADS);
        self.counts.hndq_calls += 1;
        if self.counts.hndq_calls > self.limit {
            return Err(too_many_calls(self.limit));
        }
        self.check_deadline()?;
        // Steps 1–3: related hash → related blank nodes, over the quads that mention `node`.
        let mut related_by_hash: BTreeMap<String, Vec<usize>> = BTreeMap::new();
        for &q in &self.node_quads[node] {
            for (position, related) in self.components(q) {
                if related != node {
                    let hash = self.hash_related_blank_node(related, q, issuer, position);
                    related_by_hash.entry(hash).or_default().push(related);
                }
            }
        }
        // Step 4–5: in code point order of related hash.
        let mut data_to_hash = String::new();
        let mut issuer = issuer.clone();
        for (related_hash, mut list) in related_by_hash {
            data_to_hash.push_str(&related_hash);
            let mut chosen_path = String::new();
            let mut chosen_issuer: Option<TemporaryIssuer> = None;
            // 5.4: every permutation of the list (identical permutations of repeated entries give identical
            // paths, so each distinct permutation is visited once).
            list.sort_unstable();
            loop {
                // 5.4.6: keep the least path.
                if let Some((path, issuer_copy)) =
                    self.permutation_path(&list, &issuer, &chosen_path)?
                {
                    if chosen_path.is_empty() || path < chosen_path {
                        chosen_path = path;
                        chosen_issuer = Some(issuer_copy);
                    }
                }
                if !next_permutation(&mut list) {
                    break;
                }
            }
            // 5.5–5.6.
            data_to_hash.push_str(&chosen_path);
            if let Some(chosen) = chosen_issuer {
                issuer = chosen;
            }
        }
        // Step 6.
        Ok((hex_digest::<D>(data_to_hash.as_bytes()), issuer))
    }

    /// §4.8.3 steps 5.4.1–5.4.5 for one permutation: its path and issuer, or `None` as soon as the path cannot
    /// beat `chosen_path` (steps 5.4.4.3 and 5.4.5.5).
    fn permutation_path(
        &mut self,
        permutation: &[usize],
        issuer: &TemporaryIssuer,
        chosen_path: &str,
    ) -> Result<Option<(String, TemporaryIssuer)>> {
        work::count(Step::Permutations);
        self.check_deadline()?;
        let cannot_beat = |path: &str| {
            !chosen_path.is_empty() && path.len() >= chosen_path.len() && path > chosen_path
        };
        let mut issuer_copy = issuer.clone();
        let mut path = String::new();
        let mut recursion_list = Vec::new();
        // 5.4.4: canonical identifiers, or temporary ones (remembering blank nodes first reached here).
        for &related in permutation {
            if let Some(n) = self.canonical.issued[related] {
                let _ = write!(path, "_:c14n{n}");
            } else {
                if issuer_copy.get(related).is_none() {
                    recursion_list.push(related);
                }
                let _ = write!(path, "_:b{}", issuer_copy.issue(related));
            }
            if cannot_beat(&path) {
                return Ok(None);
            }
        }
        // 5.4.5 recurses into every one of them when no path has been chosen yet (nothing can cut it short), each
        // a Hash N-Degree Quads call: a list longer than the calls left is refused now, before copying the
        // issuer into each of those calls.
        if chosen_path.is_empty() && self.counts.hndq_calls + recursion_list.len() > self.limit {
            return Err(too_many_calls(self.limit));
        }
        // 5.4.5: recurse into the blank nodes first reached by this permutation.
        for related in recursion_list {
            let (hash, result_issuer) = self.hash_n_degree_quads(related, &issuer_copy)?;
            let _ = write!(path, "_:b{}<{hash}>", issuer_copy.issue(related));
            issuer_copy = result_issuer;
            if cannot_beat(&path) {
                return Ok(None);
            }
        }
        Ok(Some((path, issuer_copy)))
    }
}

/// Rearranges `items` into the next lexicographic permutation; `false` (and sorted again) after the last one.
fn next_permutation(items: &mut [usize]) -> bool {
    let Some(i) = items.windows(2).rposition(|w| w[0] < w[1]) else {
        items.reverse();
        return false;
    };
    let j = items
        .iter()
        .rposition(|&x| x > items[i])
        .expect("a larger element exists");
    items.swap(i, j);
    items[i + 1..].reverse();
    true
}

#[cfg(test)]
mod tests {
    use super::next_permutation;

    #[test]
    fn permutations_visit_each_distinct_order_once() {
        let mut items = vec![0, 1, 2];
        let mut seen = vec![items.clone()];
        while next_permutation(&mut items) {
            seen.push(items.clone());
        }
        assert_eq!(seen.len(), 6);
        let mut repeated = vec![1, 1, 2];
        let mut count = 1;
        while next_permutation(&mut repeated) {
            count += 1;
        }
        assert_eq!(count, 3);
    }
}
