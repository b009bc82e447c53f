//! Folded stacks (the `frame;frame;frame count` format of Brendan Gregg's flamegraph tools and inferno) built
//! from the span timer's records: each span's *self* time (its time minus its children's) under the path of
//! spans that enclosed it. Exact and deterministic for a given set of records.

use super::layer::SpanRecord;
use std::collections::BTreeMap;

/// Folded stacks: `root;phase;sub-phase` → count (nanoseconds for spans, samples for the sampler).
pub(crate) type Folded = BTreeMap<String, u64>;

struct Node {
    name: &'static str,
    nanos: u64,
    children: Vec<Node>,
}

/// Folds the records of closed spans (in closing order, as [`super::take_records`] returns them) under `root`.
/// A record at depth d closes after its children at depth d+1, which is how the tree is rebuilt.
pub(crate) fn from_span_records(records: &[SpanRecord], root: &str) -> Folded {
    let mut pending: Vec<Vec<Node>> = Vec::new();
    for record in records {
        if pending.len() < record.depth + 2 {
            pending.resize_with(record.depth + 2, Vec::new);
        }
        let children = std::mem::take(&mut pending[record.depth + 1]);
        pending[record.depth].push(Node {
            name: record.name,
            nanos: record.nanos,
            children,
        });
    }
    let mut folded = Folded::new();
    for node in pending.into_iter().next().unwrap_or_default() {
        add_node(&mut folded, root, &node);
    }
    folded
}

fn add_node(folded: &mut Folded, prefix: &str, node: &Node) {
    let path = format!("{prefix};{}", node.name);
    let children: u64 = node.children.iter().map(|c| c.nanos).sum();
    let own = node.nanos.saturating_sub(children);
    if own > 0 {
        *folded.entry(path.clone()).or_default() += own;
    }
    for child in &node.children {
        add_node(folded, &path, child);
    }
}

/// Each count divided by `divisor` (rounded to nearest; stacks that round to 0 are dropped) — e.g. totals over N
/// iterations to means per iteration, so two pipelines run a different number of times compare.
pub(crate) fn per(folded: &Folded, divisor: u64) -> Folded {
    let divisor = divisor.max(1);
    folded
        .iter()
        .map(|(stack, count)| (stack.clone(), (count + divisor / 2) / divisor))
        .filter(|(_, count)| *count > 0)
        .collect()
}

/// The folded text: one `stack count` line per stack, sorted by stack.
pub(crate) fn to_text(folded: &Folded) -> String {
    folded
        .iter()
        .map(|(stack, count)| format!("{stack} {count}\n"))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(name: &'static str, depth: usize, nanos: u64) -> SpanRecord {
        SpanRecord {
            name,
            depth,
            nanos,
            self_nanos: nanos,
            root: name,
            allocations: 0,
            allocated_bytes: 0,
        }
    }

    #[test]
    fn folds_a_known_span_tree_exactly() {
        // Two iterations of: parse(10) expand(100) label(30: first_degree 12, n_degree 8) hash(5).
        let iteration = [
            r("parse", 0, 10),
            r("expand", 0, 100),
            r("first_degree", 1, 12),
            r("n_degree", 1, 8),
            r("label", 0, 30),
            r("hash", 0, 5),
        ];
        let records: Vec<SpanRecord> = iteration.iter().chain(iteration.iter()).copied().collect();
        let folded = from_span_records(&records, "rdfc-1.0");
        let text = to_text(&folded);
        assert_eq!(
            text,
            "rdfc-1.0;expand 200\nrdfc-1.0;hash 10\nrdfc-1.0;label 20\nrdfc-1.0;label;first_degree 24\n\
             rdfc-1.0;label;n_degree 16\nrdfc-1.0;parse 20\n"
        );
        assert_eq!(
            total(&folded),
            290,
            "self times add up to the outermost spans' time"
        );
    }

    /// Total of all counts.
    fn total(folded: &Folded) -> u64 {
        folded.values().sum()
    }

    #[test]
    fn scales_to_means() {
        let totals = Folded::from([
            ("a".to_string(), 2000),
            ("a;b".to_string(), 5),
            ("a;c".to_string(), 1),
        ]);
        assert_eq!(to_text(&per(&totals, 4)), "a 500\na;b 1\n");
    }
}
