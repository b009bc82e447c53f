//! JSON pointer selection of a compact JSON-LD document — the JSON half of the Selective Disclosure Functions
//! (W3C Data Integrity ECDSA Cryptosuites v1.0 §3.4): `jsonPointerToPaths`, `createInitialSelection`,
//! `selectPaths` and `selectJsonLd`. Pure JSON (serde_json values); nothing here knows JSON-LD.

use crate::error::{Error, Result};
use serde_json::{Map, Value};

/// One step of a JSON pointer: an object member name or an array index.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum PathStep {
    /// An object member name (`~1` and `~0` unescaped).
    Key(String),
    /// An array index (a segment of ASCII digits).
    Index(usize),
}

/// §3.4 `jsonPointerToPaths` (RFC 6901): `/credentialSubject/name` → `[Key(credentialSubject), Key(name)]`;
/// `~1` → `/`, `~0` → `~`; a segment of digits is an array index. Errors: [`ErrorKind::Proof`](crate::ErrorKind::Proof) for a
/// pointer that does not start with `/` (the empty pointer, the whole document, selects nothing useful).
fn json_pointer_to_paths(pointer: &str) -> Result<Vec<PathStep>> {
    let rest = pointer.strip_prefix('/').ok_or_else(|| {
        Error::proof(format!(
            "PROOF_GENERATION_ERROR: JSON pointer `{}` does not start with `/`",
            crate::error::excerpt(pointer)
        ))
    })?;
    Ok(rest
        .split('/')
        .map(|segment| {
            let is_index = !segment.is_empty()
                && segment.bytes().all(|b| b.is_ascii_digit())
                && (segment == "0" || !segment.starts_with('0'));
            match segment.parse::<usize>() {
                Ok(i) if is_index => PathStep::Index(i),
                _ => PathStep::Key(segment.replace("~1", "/").replace("~0", "~")),
            }
        })
        .collect())
}

/// §3.4 `createInitialSelection`: an object holding only `source`'s `id` (unless it is a blank node
/// identifier `_:…`) and `type` — every non-blank identifier and type on the path to a selected value is kept.
fn create_initial_selection(source: &Value) -> Value {
    let mut selection = Map::new();
    if let Some(id) = source.get("id") {
        if !id.as_str().is_some_and(|id| id.starts_with("_:")) {
            selection.insert("id".to_string(), id.clone());
        }
    }
    if let Some(kind) = source.get("type") {
        selection.insert("type".to_string(), kind.clone());
    }
    Value::Object(selection)
}

/// A partially built selection: arrays are sparse until [`select_json_ld`] compacts them.
#[derive(Debug, Clone)]
enum Partial {
    Object(Vec<(String, Partial)>),
    Array(Vec<Option<Partial>>),
    Leaf(Value),
}

impl Partial {
    fn from_initial(value: &Value) -> Partial {
        match value {
            Value::Array(_) => Partial::Array(Vec::new()),
            other => match create_initial_selection(other) {
                Value::Object(map) => Partial::Object(
                    map.into_iter()
                        .map(|(k, v)| (k, Partial::Leaf(v)))
                        .collect(),
                ),
                leaf => Partial::Leaf(leaf),
            },
        }
    }

    /// The child at `step`, created from `source` if missing; `None` when this is not a container.
    fn child(&mut self, step: &PathStep, source: &Value) -> Option<&mut Partial> {
        match (self, step) {
            (Partial::Object(entries), PathStep::Key(key)) => {
                let at = match entries.iter().position(|(k, _)| k == key) {
                    Some(at) => at,
                    None => {
                        entries.push((key.clone(), Partial::from_initial(source)));
                        entries.len() - 1
                    }
                };
                Some(&mut entries[at].1)
            }
            (Partial::Array(items), PathStep::Index(i)) => {
                if items.len() <= *i {
                    items.resize(*i + 1, None);
                }
                Some(items[*i].get_or_insert_with(|| Partial::from_initial(source)))
            }
            _ => None,
        }
    }

    /// Back to JSON, dropping the holes of sparse arrays (§3.4 `selectJsonLd` step 4).
    fn into_value(self) -> Value {
        match self {
            Partial::Object(entries) => Value::Object(
                entries
                    .into_iter()
                    .map(|(k, v)| (k, v.into_value()))
                    .collect(),
            ),
            Partial::Array(items) => Value::Array(
                items
                    .into_iter()
                    .flatten()
                    .map(Partial::into_value)
                    .collect(),
            ),
            Partial::Leaf(value) => value,
        }
    }
}

fn step_into<'a>(value: &'a Value, step: &PathStep) -> Option<&'a Value> {
    match (value, step) {
        (Value::Object(map), PathStep::Key(key)) => map.get(key),
        (Value::Array(items), PathStep::Index(i)) => items.get(*i),
        _ => None,
    }
}

/// §3.4 `selectPaths`: copies the value at `paths` in `document` into `selection`, creating the initial
/// selection (id, type) of every object on the way. Errors: [`ErrorKind::Proof`](crate::ErrorKind::Proof) naming `pointer` when a
/// step does not exist in `document`.
fn select_paths(
    document: &Value,
    paths: &[PathStep],
    pointer: &str,
    selection: &mut Partial,
) -> Result<()> {
    let missing = || {
        Error::proof(format!(
            "PROOF_GENERATION_ERROR: JSON pointer `{}` does not match the document",
            crate::error::excerpt(pointer)
        ))
    };
    let (last, init) = paths.split_last().ok_or_else(missing)?;
    let (mut value, mut selected) = (document, selection);
    for step in init {
        value = step_into(value, step).ok_or_else(missing)?;
        selected = selected.child(step, value).ok_or_else(missing)?;
    }
    let leaf = step_into(value, last).ok_or_else(missing)?.clone();
    *selected.child(last, &Value::Null).ok_or_else(missing)? = Partial::Leaf(leaf);
    Ok(())
}

/// §3.4 `selectJsonLd`: the parts of the compact JSON-LD `document` that `pointers` select, with the document's
/// `@context` and the `id`/`type` of every object on the way; `None` when `pointers` is empty. Errors:
/// [`ErrorKind::Proof`](crate::ErrorKind::Proof) naming a pointer that does not match.
pub(crate) fn select_json_ld(pointers: &[String], document: &Value) -> Result<Option<Value>> {
    if pointers.is_empty() {
        return Ok(None);
    }
    let mut selection = Partial::from_initial(document);
    for pointer in pointers {
        let paths = json_pointer_to_paths(pointer)?;
        select_paths(document, &paths, pointer, &mut selection)?;
    }
    let mut selection = selection.into_value();
    if let (Value::Object(map), Some(context)) = (&mut selection, document.get("@context")) {
        // The context first, as the spec's selection document is built.
        let mut with_context = Map::new();
        with_context.insert("@context".to_string(), context.clone());
        with_context.append(map);
        *map = with_context;
    }
    Ok(Some(selection))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn pointers_unescape_and_index() {
        assert_eq!(
            json_pointer_to_paths("/a~1b/0/c~0d/01").unwrap(),
            vec![
                PathStep::Key("a/b".into()),
                PathStep::Index(0),
                PathStep::Key("c~d".into()),
                PathStep::Key("01".into()),
            ]
        );
        assert!(json_pointer_to_paths("credentialSubject").is_err());
    }

    #[test]
    fn selection_keeps_ids_types_and_compacts_arrays() {
        let document = json!({
            "@context": ["https://www.w3.org/ns/credentials/v2"],
            "id": "urn:uuid:1",
            "type": ["VerifiableCredential"],
            "credentialSubject": {"id": "_:b0", "type": "Person", "name": "A", "age": 3,
                                  "list": [{"id": "urn:x", "v": 1}, {"v": 2}, {"v": 3}]}
        });
        let pointers = vec![
            "/credentialSubject/name".to_string(),
            "/credentialSubject/list/2/v".to_string(),
        ];
        let selected = select_json_ld(&pointers, &document).unwrap().unwrap();
        assert_eq!(
            selected,
            json!({
                "@context": ["https://www.w3.org/ns/credentials/v2"],
                "id": "urn:uuid:1",
                "type": ["VerifiableCredential"],
                "credentialSubject": {"type": "Person", "name": "A", "list": [{"v": 3}]}
            })
        );
        let missing = select_json_ld(&["/credentialSubject/nope".to_string()], &document);
        assert!(missing
            .unwrap_err()
            .reason()
            .contains("/credentialSubject/nope"));
        assert!(select_json_ld(&[], &document).unwrap().is_none());
    }
}
