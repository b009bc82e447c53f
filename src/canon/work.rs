//! Work counters named after the specification step they count: how many times each step of the JSON-LD 1.1
//! Processing Algorithms and API and of RDFC-1.0 ran, and how much it handled (quads, bytes) — figures that do not
//! depend on the machine, so two environments compare by value, not only by ratio.
//!
//! Counting is always on and costs one add to a thread-local cell per step (no allocation, no lock; the cells are
//! const-initialised and need no destructor, so an access compiles to a plain memory operation). A runner drains
//! the counts of one pipeline run with [`take`]. Which engine a counter exists for is [`Step::engines`]: the steps
//! inside expansion are counted in canonprof's engine only — the json-ld crate's engine runs them inside the crate,
//! where nothing can be counted honestly from outside — while deserialization to RDF, blank node labeling,
//! serialization and hashing are canonprof's code for both engines.

use std::cell::Cell;

/// Which engines a counter is counted for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Engines {
    /// Both JSON-LD engines (canonprof's own code runs the step for either).
    Both,
    /// canonprof's engine only (the json-ld crate runs this step inside the crate).
    Canonprof,
}

macro_rules! steps {
    ($( $(#[doc = $doc:literal])* $variant:ident = ($name:literal, $section:literal, $engines:ident) ),* $(,)?) => {
        /// A counted specification step (or what it handled), in report order.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Step {
            $( $(#[doc = $doc])* $variant, )*
        }

        impl Step {
            /// Every step, in report order.
            pub const ALL: &'static [Step] = &[$(Step::$variant),*];

            /// The counter's name in tables and exports, e.g. `context_processing.type_scoped`.
            pub fn name(self) -> &'static str {
                match self { $(Step::$variant => $name),* }
            }

            /// The specification and section the step is defined in, e.g. `JSON-LD 1.1 API §4.1.2`.
            pub fn section(self) -> &'static str {
                match self { $(Step::$variant => $section),* }
            }

            /// Which engines the counter is counted for.
            pub fn engines(self) -> Engines {
                match self { $(Step::$variant => Engines::$engines),* }
            }

            /// What is counted (the variant's documentation).
            pub fn description(self) -> &'static str {
                match self { $(Step::$variant => concat!($($doc),*).trim_ascii()),* }
            }
        }
    };
}

steps! {
    /// Context Processing invoked for a document's top-level `@context` (Expansion Algorithm step 9 on the root).
    ContextTopLevel = ("context_processing.top_level", "JSON-LD 1.1 API §4.1.2", Canonprof),
    /// Context Processing invoked for an embedded `@context` of a node object below the root (§5.1.2 step 9).
    ContextEmbedded = ("context_processing.embedded", "JSON-LD 1.1 API §4.1.2", Canonprof),
    /// Context Processing invoked for a type-scoped context (§5.1.2 step 11, and type maps, step 13.8.3).
    ContextTypeScoped = ("context_processing.type_scoped", "JSON-LD 1.1 API §4.1.2", Canonprof),
    /// Context Processing invoked for a property-scoped context (§5.1.2 steps 3 and 8, and `@nest`, step 14).
    ContextPropertyScoped = ("context_processing.property_scoped", "JSON-LD 1.1 API §4.1.2", Canonprof),
    /// Context Processing invoked for a remote context (§4.1.2 step 5.2, inside another invocation).
    ContextRemote = ("context_processing.remote", "JSON-LD 1.1 API §4.1.2", Canonprof),
    /// Context Processing invoked by Create Term Definition to validate a term's scoped context (§4.2.2 step 21).
    ContextScopedValidation = ("context_processing.scoped_validation", "JSON-LD 1.1 API §4.2.2", Canonprof),
    /// A type-scoped context reverted for a node object it does not propagate to (§5.1.2 step 7).
    ContextReverted = ("context_processing.reverted", "JSON-LD 1.1 API §5.1.2", Canonprof),
    /// Context Processing invocations answered from the memo of processed contexts (none when the algorithms are
    /// followed as written).
    ContextMemoHit = ("context_processing.memo_hits", "JSON-LD 1.1 API §4.1.2", Canonprof),
    /// Context Processing invocations run (not answered from the memo): steps 1–6 performed.
    ContextPerformed = ("context_processing.performed", "JSON-LD 1.1 API §4.1.2", Canonprof),
    /// Remote context documents dereferenced (§4.1.2 step 5.2.5; once per document and URL, as step 5.2.4 asks).
    ContextDereferenced = ("context_processing.dereferenced", "JSON-LD 1.1 API §4.1.2", Canonprof),
    /// Create Term Definition calls (§4.2.2), those that return at step 1 (term already defined) included.
    CreateTermDefinition = ("create_term_definition", "JSON-LD 1.1 API §4.2.2", Canonprof),
    /// IRI Expansion that gave a keyword (steps 1 and 4).
    IriKeyword = ("iri_expansion.keyword", "JSON-LD 1.1 API §5.2.2", Canonprof),
    /// IRI Expansion of a keyword-like value, which gives null (step 2).
    IriKeywordLike = ("iri_expansion.keyword_like", "JSON-LD 1.1 API §5.2.2", Canonprof),
    /// IRI Expansion that gave a term's IRI mapping (step 5).
    IriTerm = ("iri_expansion.term", "JSON-LD 1.1 API §5.2.2", Canonprof),
    /// IRI Expansion of a blank node identifier (step 6.2).
    IriBlankNode = ("iri_expansion.blank_node", "JSON-LD 1.1 API §5.2.2", Canonprof),
    /// IRI Expansion of a compact IRI through a prefix term (step 6.4).
    IriCompact = ("iri_expansion.compact_iri", "JSON-LD 1.1 API §5.2.2", Canonprof),
    /// IRI Expansion of a value that is already an absolute IRI (steps 6.2 and 6.5).
    IriAbsolute = ("iri_expansion.absolute", "JSON-LD 1.1 API §5.2.2", Canonprof),
    /// IRI Expansion relative to the vocabulary mapping (step 7).
    IriVocabulary = ("iri_expansion.vocabulary_relative", "JSON-LD 1.1 API §5.2.2", Canonprof),
    /// IRI Expansion resolved against the base IRI (step 8).
    IriDocument = ("iri_expansion.document_relative", "JSON-LD 1.1 API §5.2.2", Canonprof),
    /// IRI Expansion that returned the value unchanged (step 9).
    IriUnchanged = ("iri_expansion.unchanged", "JSON-LD 1.1 API §5.2.2", Canonprof),
    /// Expansion Algorithm calls (§5.1.2), one per element expanded (arrays and scalars included).
    Expansion = ("expansion", "JSON-LD 1.1 API §5.1.2", Canonprof),
    /// Value Expansion calls (§5.3.2).
    ValueExpansion = ("value_expansion", "JSON-LD 1.1 API §5.3.2", Canonprof),
    /// Set objects (`@set`) the Expansion Algorithm dissolved (§5.1.2 step 17).
    SetObjects = ("expansion.set_objects", "JSON-LD 1.1 API §5.1.2", Canonprof),
    /// Node objects deserialized (§8.1; each node object of the expanded document, node references included).
    NodeObjects = ("to_rdf.node_objects", "JSON-LD 1.1 API §8.1.2", Both),
    /// Object to RDF Conversion calls (§8.2).
    ObjectToRdf = ("object_to_rdf", "JSON-LD 1.1 API §8.2.2", Both),
    /// Value objects converted to literals (§8.2 steps 4–13).
    ValueObjects = ("object_to_rdf.value_objects", "JSON-LD 1.1 API §8.2.2", Both),
    /// List to RDF Conversion calls (§8.3), one per list object.
    ListToRdf = ("list_to_rdf", "JSON-LD 1.1 API §8.3.2", Both),
    /// Quads emitted by List to RDF Conversion (`rdf:first` and `rdf:rest` statements).
    ListQuads = ("list_to_rdf.quads", "JSON-LD 1.1 API §8.3.2", Both),
    /// Quads emitted by Deserialize JSON-LD to RDF in all (before the dataset merges duplicates).
    QuadsEmitted = ("to_rdf.quads_emitted", "JSON-LD 1.1 API §8.1.2", Both),
    /// Blank nodes generated for the dataset (§8.1 and §8.3; Generate Blank Node Identifier, §7.5).
    BlankNodesGenerated = ("to_rdf.blank_nodes", "JSON-LD 1.1 API §7.5", Both),
    /// Hash First Degree Quads calls (RDFC-1.0 §4.6), one per blank node.
    HashFirstDegree = ("hash_first_degree_quads", "RDFC-1.0 §4.6", Both),
    /// Quads serialized and hashed by Hash First Degree Quads (each quad once per blank node it mentions).
    HashFirstDegreeQuads = ("hash_first_degree_quads.quads", "RDFC-1.0 §4.6", Both),
    /// Hash Related Blank Node calls (RDFC-1.0 §4.7).
    HashRelated = ("hash_related_blank_node", "RDFC-1.0 §4.7", Both),
    /// Hash N-Degree Quads calls (RDFC-1.0 §4.8), recursive ones included.
    HashNDegree = ("hash_n_degree_quads", "RDFC-1.0 §4.8", Both),
    /// Permutations of related blank nodes tried by Hash N-Degree Quads (§4.8.3 step 5.4).
    Permutations = ("hash_n_degree_quads.permutations", "RDFC-1.0 §4.8", Both),
    /// Identifiers issued by the canonical issuer (RDFC-1.0 §4.5 Issue Identifier): one per blank node.
    IssuedCanonical = ("issue_identifier.canonical", "RDFC-1.0 §4.5", Both),
    /// Identifiers issued by temporary issuers inside Hash N-Degree Quads (§4.8.3 steps 4 and 5.4.4).
    IssuedTemporary = ("issue_identifier.temporary", "RDFC-1.0 §4.5", Both),
    /// Bytes of canonical N-Quads serialized (RDFC-1.0 §5; the canonical form's length).
    BytesSerialized = ("serialize.bytes", "RDFC-1.0 §5", Both),
    /// Bytes hashed, in all: every input of the hash inside labeling (§4.6–§4.8) and the final document hash.
    BytesHashed = ("hash.bytes", "RDFC-1.0 §4.4", Both),
}

/// How many steps there are.
const STEPS: usize = Step::ALL.len();

thread_local! {
    static COUNTS: [Cell<u64>; STEPS] = const { [const { Cell::new(0) }; STEPS] };
}

/// Counts one run of `step` on this thread.
#[inline]
pub fn count(step: Step) {
    add(step, 1);
}

/// Adds `n` to `step`'s counter on this thread.
#[inline]
pub fn add(step: Step, n: u64) {
    COUNTS.with(|counts| {
        let cell = &counts[step as usize];
        cell.set(cell.get() + n);
    });
}

/// The counts on this thread since the last [`take`], which it resets to zero.
pub fn take() -> Work {
    COUNTS.with(|counts| Work(std::array::from_fn(|i| counts[i].replace(0))))
}

/// Counts of every [`Step`] over some stretch of work (one pipeline run, say).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Work([u64; STEPS]);

impl Default for Work {
    fn default() -> Self {
        Work([0; STEPS])
    }
}

impl Work {
    /// The count of `step`.
    pub fn get(&self, step: Step) -> u64 {
        self.0[step as usize]
    }

    /// Every step with its count, in report order.
    pub fn iter(&self) -> impl Iterator<Item = (Step, u64)> + '_ {
        Step::ALL.iter().map(|&s| (s, self.get(s)))
    }

    /// Context Processing invocations of every kind (top-level, embedded, type- and property-scoped, remote,
    /// scoped-context validation): [`Step::ContextPerformed`] plus [`Step::ContextMemoHit`].
    pub fn context_invocations(&self) -> u64 {
        [
            Step::ContextTopLevel,
            Step::ContextEmbedded,
            Step::ContextTypeScoped,
            Step::ContextPropertyScoped,
            Step::ContextRemote,
            Step::ContextScopedValidation,
        ]
        .iter()
        .map(|&s| self.get(s))
        .sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_are_per_thread_and_drained() {
        take();
        count(Step::Expansion);
        add(Step::BytesHashed, 64);
        let work = take();
        assert_eq!(work.get(Step::Expansion), 1);
        assert_eq!(work.get(Step::BytesHashed), 64);
        assert_eq!(take(), Work::default(), "take resets");
        std::thread::spawn(|| count(Step::Expansion))
            .join()
            .unwrap();
        assert_eq!(take().get(Step::Expansion), 0, "other threads count apart");
    }

    #[test]
    fn every_step_has_a_distinct_name_a_section_and_a_description() {
        let mut names: Vec<&str> = Step::ALL.iter().map(|s| s.name()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), Step::ALL.len());
        for step in Step::ALL {
            assert!(step.section().contains('§'), "{step:?}");
            assert!(!step.description().is_empty(), "{step:?}");
        }
    }
}
