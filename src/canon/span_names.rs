//! The names of the spans the pipelines open — phases, labeling's sub-phases and spec steps — used verbatim in
//! tables, exports and flamegraphs.

/// Phase (span) names, used verbatim in tables, exports and flamegraphs.
pub mod phase {
    /// JSON text → in-memory value (both pipelines).
    pub const PARSE: &str = "parse";
    /// JSON-LD 1.1 API §5.1 expansion, safe mode.
    pub const EXPAND: &str = "expand";
    /// JSON-LD 1.1 API §8.1 deserialization to an RDF dataset.
    pub const TO_RDF: &str = "to_rdf";
    /// RDFC-1.0 §4.4 blank node labeling (hash first degree quads, hash N-degree quads, issue identifiers).
    pub const LABEL: &str = "label";
    /// RDFC-1.0 §4.5 relabeling and §5 canonical N-Quads serialization (sorted).
    pub const SERIALIZE: &str = "serialize";
    /// SHA-256 of the canonical bytes.
    pub const HASH: &str = "hash";
    /// RFC 8785 canonical JSON serialization.
    pub const JCS: &str = "jcs";

    /// RDFC-1.0 pipeline phases in order.
    pub const RDFC: &[&str] = &[PARSE, EXPAND, TO_RDF, LABEL, SERIALIZE, HASH];
    /// Sub-phases (spans nested one level inside a phase), as (parent, name).
    pub const RDFC_SUBPHASES: &[(&str, &str)] = &[
        (LABEL, super::subphase::FIRST_DEGREE),
        (LABEL, super::subphase::N_DEGREE),
    ];
    /// JCS pipeline phases in order.
    pub const JCS_PHASES: &[&str] = &[PARSE, JCS, HASH];
}

/// Spec-step span names ([`crate::profile::step`], timed with `--detail spec`), each the step's name and section, nested
/// under the phases: canonprof's engine opens the JSON-LD ones inside `expand` and both engines the §8 ones
/// inside `to_rdf`, and RDFC-1.0 labeling (both engines) the RDFC-1.0 ones inside `label`. Each is also the
/// name of a function kept out of line, so sampled flamegraphs carry the step too.
pub mod step {
    /// JSON-LD 1.1 API §4.1 Context Processing (the invocations the memo does not answer).
    pub const CONTEXT_PROCESSING: &str = "context_processing §4.1";
    /// JSON-LD 1.1 API §4.2 Create Term Definition.
    pub const CREATE_TERM_DEFINITION: &str = "create_term_definition §4.2";
    /// JSON-LD 1.1 API §5.2 IRI Expansion.
    pub const IRI_EXPANSION: &str = "iri_expansion §5.2";
    /// JSON-LD 1.1 API §5.3 Value Expansion.
    pub const VALUE_EXPANSION: &str = "value_expansion §5.3";
    /// JSON-LD 1.1 API §8.2 Object to RDF Conversion of a value object (a literal).
    pub const OBJECT_TO_RDF: &str = "object_to_rdf §8.2";
    /// JSON-LD 1.1 API §8.3 List to RDF Conversion.
    pub const LIST_TO_RDF: &str = "list_to_rdf §8.3";
    /// RDFC-1.0 §4.6 Hash First Degree Quads.
    pub const HASH_FIRST_DEGREE_QUADS: &str = "hash_first_degree_quads §4.6";
    /// RDFC-1.0 §4.7 Hash Related Blank Node.
    pub const HASH_RELATED_BLANK_NODE: &str = "hash_related_blank_node §4.7";
    /// RDFC-1.0 §4.8 Hash N-Degree Quads.
    pub const HASH_N_DEGREE_QUADS: &str = "hash_n_degree_quads §4.8";

    /// Every spec-step span, as (phase it is nested in, name), in the order of the specifications.
    pub const ALL: &[(&str, &str)] = &[
        (super::phase::EXPAND, CONTEXT_PROCESSING),
        (super::phase::EXPAND, CREATE_TERM_DEFINITION),
        (super::phase::EXPAND, IRI_EXPANSION),
        (super::phase::EXPAND, VALUE_EXPANSION),
        (super::phase::TO_RDF, OBJECT_TO_RDF),
        (super::phase::TO_RDF, LIST_TO_RDF),
        (super::phase::LABEL, HASH_FIRST_DEGREE_QUADS),
        (super::phase::LABEL, HASH_RELATED_BLANK_NODE),
        (super::phase::LABEL, HASH_N_DEGREE_QUADS),
    ];

    /// The functions that implement a step, as they are named in sampled flamegraphs (`module::function`), with
    /// the step's title and section: the one table frame names take their step from. It covers the span steps of
    /// [`ALL`] (a test ties the two) and the algorithms that enclose them (§5.1, §8.1, RDFC-1.0 §4.4), which are
    /// phases rather than step spans. Each function is kept out of line (`#[inline(never)]`) or is an
    /// out-of-line function anyway; inlined ones would still show, as the debug info names inlined frames.
    pub const FUNCTIONS: &[(&str, &str)] = &[
        (
            "context_processing::context_processing",
            "Context Processing §4.1",
        ),
        (
            "term_definition::create_term_definition",
            "Create Term Definition §4.2",
        ),
        ("expand::expand", "Expansion §5.1"),
        ("expand::expand_as", "Expansion §5.1"),
        ("iri::expand", "IRI Expansion §5.2"),
        ("iri::expand_str", "IRI Expansion §5.2"),
        ("iri::expands_to", "IRI Expansion §5.2"),
        ("value_expansion::value_expansion", "Value Expansion §5.3"),
        (
            "value_expansion::value_expansion_as",
            "Value Expansion §5.3",
        ),
        ("to_rdf::to_rdf", "Deserialize JSON-LD to RDF §8.1"),
        ("to_rdf::to_rdf_lossy", "Deserialize JSON-LD to RDF §8.1"),
        ("to_rdf::object", "Object to RDF §8.2"),
        ("to_rdf::value", "Object to RDF §8.2"),
        ("to_rdf::list", "List to RDF §8.3"),
        ("label::canonical_numbers", "Canonicalization §4.4"),
        (
            "label::hash_first_degree_quads",
            "Hash First Degree Quads §4.6",
        ),
        (
            "label::hash_related_blank_node",
            "Hash Related Blank Node §4.7",
        ),
        ("label::hash_n_degree_quads", "Hash N-Degree Quads §4.8"),
    ];
}

/// Names of the labeling sub-phase spans (nested in `label`).
pub mod subphase {
    /// §4.4.3 steps 2–4: Hash First Degree Quads and identifiers for unique hashes.
    pub const FIRST_DEGREE: &str = "first_degree";
    /// §4.4.3 step 5: Hash N-Degree Quads for blank nodes whose first-degree hash is shared.
    pub const N_DEGREE: &str = "n_degree";
}

#[cfg(test)]
mod tests {
    use super::step;

    #[test]
    fn every_step_span_has_a_function_frame_of_its_section() {
        for (_, span) in step::ALL {
            let section = span.split(' ').next_back().unwrap();
            assert!(
                step::FUNCTIONS
                    .iter()
                    .any(|(_, title)| title.ends_with(section)),
                "{span}: no function of {section} in step::FUNCTIONS"
            );
        }
    }
}
