//! The JSON values canonprof's engine reads and writes: documents, contexts and expanded documents. The shape of
//! `serde_json::Value` (the algorithms read the same), laid out for the expansion workload:
//! - strings and member names are [`Str`] (`smol_str`): up to 23 bytes inline, longer ones shared behind an
//!   `Arc`, so the keywords of an expanded document (`@id`, `@type`, `@value`, …) and most member names cost no
//!   allocation, and an IRI mapping copied from a term definition into every node that uses it is a reference
//!   count, not a copy;
//! - a map ([`Map`]) is one vector of members sorted by name in code point order (the order `serde_json`'s
//!   `BTreeMap` iterates in, and the `ordered` behaviour the JSON-LD 1.1 algorithms ask for), looked up by binary
//!   search: one allocation per map instead of one per tree node.
//!
//! Parsed by `serde_json`'s parser ([`Json`] implements `Deserialize`: the same grammar, limits, number parsing and
//! error messages as `serde_json::Value`), written by its serializer (`Serialize`, [`std::fmt::Display`]: the
//! compact form `serde_json` prints), and converted from and to `serde_json::Value` at the engine's edges.

use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::ser::{Serialize, SerializeMap, SerializeSeq, Serializer};
use std::fmt;

/// A JSON string or member name.
pub(crate) use crate::canon::Str;

/// A JSON value (RFC 8259), as `serde_json::Value` with [`Str`] strings and [`Map`] objects.
#[derive(Clone, Debug, PartialEq, Default)]
pub enum Json {
    /// `null`.
    #[default]
    Null,
    /// `true` or `false`.
    Bool(bool),
    /// A number, as `serde_json` parses it (an integer when it fits `i64`/`u64`, else the nearest double).
    Number(serde_json::Number),
    /// A string.
    String(Str),
    /// An array.
    Array(Vec<Json>),
    /// An object.
    Object(Map),
}

/// A JSON object: members sorted by name in code point order, names unique (a repeated name keeps its last
/// value, as `serde_json::Value` does).
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Map {
    entries: Vec<(Str, Json)>,
}

/// Iterator over a [`Map`]'s members by reference, in name order.
pub(crate) type Iter<'a> =
    std::iter::Map<std::slice::Iter<'a, (Str, Json)>, fn(&'a (Str, Json)) -> (&'a Str, &'a Json)>;

fn pair(entry: &(Str, Json)) -> (&Str, &Json) {
    (&entry.0, &entry.1)
}

impl Map {
    /// An empty map.
    pub fn new() -> Map {
        Map::default()
    }

    /// An empty map with room for `capacity` members.
    pub fn with_capacity(capacity: usize) -> Map {
        Map {
            entries: Vec::with_capacity(capacity),
        }
    }

    fn find(&self, key: &str) -> Result<usize, usize> {
        // Most maps of a credential are small: scanned in order, stopping at the first greater name.
        if self.entries.len() <= 8 {
            for (i, (k, _)) in self.entries.iter().enumerate() {
                match k.as_str().cmp(key) {
                    std::cmp::Ordering::Less => {}
                    std::cmp::Ordering::Equal => return Ok(i),
                    std::cmp::Ordering::Greater => return Err(i),
                }
            }
            return Err(self.entries.len());
        }
        self.entries.binary_search_by(|(k, _)| k.as_str().cmp(key))
    }

    /// The value of member `key`.
    pub fn get(&self, key: &str) -> Option<&Json> {
        self.find(key).ok().map(|i| &self.entries[i].1)
    }

    /// The value of member `key`, mutably.
    pub fn get_mut(&mut self, key: &str) -> Option<&mut Json> {
        self.find(key).ok().map(|i| &mut self.entries[i].1)
    }

    /// Whether the map has a member `key`.
    pub fn contains_key(&self, key: &str) -> bool {
        self.find(key).is_ok()
    }

    /// Sets member `key` to `value`, returning its previous value.
    pub fn insert(&mut self, key: impl Into<Str> + AsRef<str>, value: Json) -> Option<Json> {
        match self.find(key.as_ref()) {
            Ok(i) => Some(std::mem::replace(&mut self.entries[i].1, value)),
            Err(i) => {
                self.entries.insert(i, (key.into(), value));
                None
            }
        }
    }

    /// Removes member `key`, returning its value.
    pub fn remove(&mut self, key: &str) -> Option<Json> {
        self.find(key).ok().map(|i| self.entries.remove(i).1)
    }

    /// The value of member `key`, inserted first as `make()` if there is none (the name shared, not copied).
    pub fn get_or_insert_with(&mut self, key: &Str, make: impl FnOnce() -> Json) -> &mut Json {
        let i = match self.find(key) {
            Ok(i) => i,
            Err(i) => {
                self.entries.insert(i, (key.clone(), make()));
                i
            }
        };
        &mut self.entries[i].1
    }

    /// The member names, in order.
    pub fn keys(&self) -> impl Iterator<Item = &Str> + '_ {
        self.entries.iter().map(|(k, _)| k)
    }

    /// The member values, in name order.
    pub fn values(&self) -> impl Iterator<Item = &Json> + '_ {
        self.entries.iter().map(|(_, v)| v)
    }

    /// The members, in name order.
    pub fn iter(&self) -> Iter<'_> {
        self.entries
            .iter()
            .map(pair as fn(&(Str, Json)) -> (&Str, &Json))
    }

    /// Number of members.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the map has no member.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// A map of `entries` in any order: sorted by name, a repeated name keeping its last value.
    fn from_entries(mut entries: Vec<(Str, Json)>) -> Map {
        if !entries.is_sorted_by(|a, b| a.0 < b.0) {
            // Stable: of members with the same name, the last one given stays last.
            entries.sort_by(|a, b| a.0.cmp(&b.0));
            entries.dedup_by(|later, earlier| {
                let same = later.0 == earlier.0;
                if same {
                    std::mem::swap(&mut later.1, &mut earlier.1);
                }
                same
            });
        }
        Map { entries }
    }
}

impl<'a> IntoIterator for &'a Map {
    type Item = (&'a Str, &'a Json);
    type IntoIter = Iter<'a>;
    fn into_iter(self) -> Iter<'a> {
        self.iter()
    }
}

impl IntoIterator for Map {
    type Item = (Str, Json);
    type IntoIter = std::vec::IntoIter<(Str, Json)>;
    fn into_iter(self) -> Self::IntoIter {
        self.entries.into_iter()
    }
}

impl FromIterator<(Str, Json)> for Map {
    fn from_iter<I: IntoIterator<Item = (Str, Json)>>(iter: I) -> Map {
        Map::from_entries(iter.into_iter().collect())
    }
}

impl Json {
    /// The value of member `key` of an object; `None` for other values.
    pub fn get(&self, key: &str) -> Option<&Json> {
        match self {
            Json::Object(map) => map.get(key),
            _ => None,
        }
    }

    /// The string, if this is one.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Json::String(s) => Some(s.as_str()),
            _ => None,
        }
    }

    /// The items, if this is an array.
    pub fn as_array(&self) -> Option<&Vec<Json>> {
        match self {
            Json::Array(items) => Some(items),
            _ => None,
        }
    }

    /// The map, if this is an object.
    pub fn as_object(&self) -> Option<&Map> {
        match self {
            Json::Object(map) => Some(map),
            _ => None,
        }
    }

    /// The map, mutably, if this is an object.
    pub fn as_object_mut(&mut self) -> Option<&mut Map> {
        match self {
            Json::Object(map) => Some(map),
            _ => None,
        }
    }

    /// The boolean, if this is one.
    pub fn as_bool(&self) -> Option<bool> {
        match self {
            Json::Bool(b) => Some(*b),
            _ => None,
        }
    }

    /// The number as a double, if this is a number.
    pub fn as_f64(&self) -> Option<f64> {
        match self {
            Json::Number(n) => n.as_f64(),
            _ => None,
        }
    }

    /// Whether this is `null`.
    pub fn is_null(&self) -> bool {
        matches!(self, Json::Null)
    }

    /// Whether this is a string.
    pub fn is_string(&self) -> bool {
        matches!(self, Json::String(_))
    }

    /// Whether this is an array.
    pub fn is_array(&self) -> bool {
        matches!(self, Json::Array(_))
    }

    /// Whether this is an object.
    pub fn is_object(&self) -> bool {
        matches!(self, Json::Object(_))
    }

    /// Whether this is `true` or `false`.
    pub fn is_boolean(&self) -> bool {
        matches!(self, Json::Bool(_))
    }

    /// Takes the value, leaving `null`.
    pub fn take(&mut self) -> Json {
        std::mem::take(self)
    }
}

impl PartialEq<str> for Json {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == Some(other)
    }
}

impl PartialEq<&str> for Json {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == Some(*other)
    }
}

impl From<&serde_json::Value> for Json {
    fn from(value: &serde_json::Value) -> Json {
        match value {
            serde_json::Value::Null => Json::Null,
            serde_json::Value::Bool(b) => Json::Bool(*b),
            serde_json::Value::Number(n) => Json::Number(n.clone()),
            serde_json::Value::String(s) => Json::String(Str::from(s.as_str())),
            serde_json::Value::Array(items) => Json::Array(items.iter().map(Json::from).collect()),
            serde_json::Value::Object(map) => Json::Object(Map {
                // serde_json's map iterates in code point order already.
                entries: map
                    .iter()
                    .map(|(k, v)| (Str::from(k.as_str()), Json::from(v)))
                    .collect(),
            }),
        }
    }
}

impl From<&Json> for serde_json::Value {
    fn from(value: &Json) -> serde_json::Value {
        match value {
            Json::Null => serde_json::Value::Null,
            Json::Bool(b) => serde_json::Value::Bool(*b),
            Json::Number(n) => serde_json::Value::Number(n.clone()),
            Json::String(s) => serde_json::Value::String(s.to_string()),
            Json::Array(items) => {
                serde_json::Value::Array(items.iter().map(serde_json::Value::from).collect())
            }
            Json::Object(map) => serde_json::Value::Object(
                map.iter()
                    .map(|(k, v)| (k.to_string(), serde_json::Value::from(v)))
                    .collect(),
            ),
        }
    }
}

/// The compact JSON text, as `serde_json` prints a `Value` (for messages and memo keys).
impl fmt::Display for Json {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = serde_json::to_string(self).map_err(|_| fmt::Error)?;
        f.write_str(&text)
    }
}

impl Serialize for Json {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Json::Null => serializer.serialize_unit(),
            Json::Bool(b) => serializer.serialize_bool(*b),
            Json::Number(n) => n.serialize(serializer),
            Json::String(s) => serializer.serialize_str(s),
            Json::Array(items) => {
                let mut seq = serializer.serialize_seq(Some(items.len()))?;
                for item in items {
                    seq.serialize_element(item)?;
                }
                seq.end()
            }
            Json::Object(map) => {
                let mut out = serializer.serialize_map(Some(map.len()))?;
                for (k, v) in map {
                    out.serialize_entry(k.as_str(), v)?;
                }
                out.end()
            }
        }
    }
}

impl<'de> Deserialize<'de> for Json {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Json, D::Error> {
        deserializer.deserialize_any(JsonVisitor)
    }
}

struct JsonVisitor;

impl<'de> Visitor<'de> for JsonVisitor {
    type Value = Json;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any valid JSON value")
    }

    fn visit_bool<E>(self, value: bool) -> Result<Json, E> {
        Ok(Json::Bool(value))
    }

    fn visit_i64<E>(self, value: i64) -> Result<Json, E> {
        Ok(Json::Number(value.into()))
    }

    fn visit_u64<E>(self, value: u64) -> Result<Json, E> {
        Ok(Json::Number(value.into()))
    }

    fn visit_f64<E>(self, value: f64) -> Result<Json, E> {
        // As serde_json::Value: a non-finite number (unreachable from JSON text) is null.
        Ok(serde_json::Number::from_f64(value).map_or(Json::Null, Json::Number))
    }

    fn visit_str<E: de::Error>(self, value: &str) -> Result<Json, E> {
        Ok(Json::String(Str::from(value)))
    }

    fn visit_string<E: de::Error>(self, value: String) -> Result<Json, E> {
        Ok(Json::String(Str::from(value)))
    }

    fn visit_none<E>(self) -> Result<Json, E> {
        Ok(Json::Null)
    }

    fn visit_unit<E>(self) -> Result<Json, E> {
        Ok(Json::Null)
    }

    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<Json, D::Error> {
        Deserialize::deserialize(deserializer)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Json, A::Error> {
        let mut items = Vec::with_capacity(seq.size_hint().unwrap_or(0));
        while let Some(item) = seq.next_element()? {
            items.push(item);
        }
        Ok(Json::Array(items))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Json, A::Error> {
        let mut entries = Vec::with_capacity(map.size_hint().unwrap_or(0));
        while let Some(key) = map.next_key::<Key>()? {
            let value: Json = map.next_value()?;
            entries.push((key.0, value));
        }
        Ok(Json::Object(Map::from_entries(entries)))
    }
}

/// A member name, deserialized straight into a [`Str`].
struct Key(Str);

impl<'de> Deserialize<'de> for Key {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Key, D::Error> {
        struct KeyVisitor;
        impl Visitor<'_> for KeyVisitor {
            type Value = Key;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a member name")
            }
            fn visit_str<E: de::Error>(self, value: &str) -> Result<Key, E> {
                Ok(Key(Str::from(value)))
            }
            fn visit_string<E: de::Error>(self, value: String) -> Result<Key, E> {
                Ok(Key(Str::from(value)))
            }
        }
        deserializer.deserialize_str(KeyVisitor)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_prints_and_converts_as_serde_json_does() {
        let text = r#"{"z": [1, -2, 3.5, 1e300, "a\u0000\"\n", null, true], "b": {"y": {}, "x": []}, "a": 18446744073709551615, "é": "ü", "b": 2}"#;
        let ours: Json = serde_json::from_str(text).unwrap();
        let theirs: serde_json::Value =
            serde_json::from_str(text).unwrap_or(serde_json::Value::Null);
        assert_eq!(ours.to_string(), theirs.to_string());
        assert_eq!(serde_json::Value::from(&ours), theirs);
        assert_eq!(Json::from(&theirs), ours);
        let map = ours.as_object().unwrap();
        assert_eq!(
            map.keys().map(Str::as_str).collect::<Vec<_>>(),
            ["a", "b", "z", "é"]
        );
        assert_eq!(
            map.get("b"),
            Some(&Json::Number(2.into())),
            "the last of a repeated name"
        );
    }

    #[test]
    fn parse_errors_are_serde_json_s() {
        for text in ["{\"a\": }", "[1,", "\"\\x\"", "{\"a\" 1}", "01"] {
            let ours = serde_json::from_str::<Json>(text).unwrap_err().to_string();
            let theirs = serde_json::from_str::<serde_json::Value>(text)
                .unwrap_err()
                .to_string();
            assert_eq!(ours, theirs, "{text}");
        }
    }

    #[test]
    fn maps_stay_sorted_through_edits() {
        let mut map = Map::new();
        for key in ["@value", "@id", "https://e/x", "@type", "@id"] {
            map.insert(key, Json::Null);
        }
        assert_eq!(
            map.keys().map(Str::as_str).collect::<Vec<_>>(),
            ["@id", "@type", "@value", "https://e/x"]
        );
        assert!(map.remove("@type").is_some() && !map.contains_key("@type"));
        *map.get_or_insert_with(&Str::from("@graph"), || Json::Array(Vec::new())) =
            Json::Bool(true);
        assert_eq!(map.get("@graph"), Some(&Json::Bool(true)));
        assert_eq!(map.len(), 4);
    }
}
