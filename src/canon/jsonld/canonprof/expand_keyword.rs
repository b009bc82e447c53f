//! JSON-LD 1.1 API §5.1.2 Expansion Algorithm step 13.4: the keyword entries of a map (`@id`, `@type`, `@graph`,
//! `@included`, `@value`, `@language`, `@direction`, `@index`, `@list`, `@set`, `@reverse`, `@nest`), each
//! checked and expanded as the step says, safe mode refusing what it would drop.

use super::expand::{
    add_reverse, add_value, as_array, is_list_object, is_value_object, Expander, Scope,
};
use super::{invalid, iri, Json, Map, Str};
use crate::canon::jsonld::safe_mode::Violation;
use crate::canon::jsonld::JsonLdErrorCode as Code;
use crate::error::{Locate, Result};

impl Expander<'_> {
    /// §5.1.2 step 13.4: a keyword entry.
    pub(super) fn keyword(
        &self,
        s: &Scope,
        key: &str,
        property: &str,
        value: &Json,
        result: &mut Map,
    ) -> Result<()> {
        let active = s.active;
        let expanded = match property {
            // Step 13.4.3.
            "@id" => {
                let Json::String(id) = value else {
                    return Err(invalid(
                        Code::InvalidIdValue,
                        format!("`{value}` is not a string"),
                    ));
                };
                match iri::expand_str(active, id, true, false) {
                    Some(e) => Json::String(e),
                    None if self.safe => {
                        return Err(Violation::ReservedIdValue {
                            value: id.to_string(),
                        }
                        .error())
                    }
                    None => return Ok(()),
                }
            }
            // Step 13.4.4.
            "@type" => {
                let values: Vec<&Str> = match value {
                    Json::String(t) => vec![t],
                    Json::Array(items) => items
                        .iter()
                        .map(|item| match item {
                            Json::String(t) => Some(t),
                            _ => None,
                        })
                        .collect::<Option<_>>()
                        .ok_or_else(|| {
                            invalid(
                                Code::InvalidTypeValue,
                                format!("`{value}` is not a string or array of strings"),
                            )
                        })?,
                    other => {
                        return Err(invalid(
                            Code::InvalidTypeValue,
                            format!("`{other}` is not a string or array of strings"),
                        ))
                    }
                };
                let mut types = Vec::with_capacity(values.len());
                for t in values {
                    match iri::expand_str(s.type_scoped, t, true, true) {
                        Some(e) => types.push(Json::String(e)),
                        None if self.safe => {
                            return Err(Violation::TypeNotIri {
                                value: t.to_string(),
                            }
                            .error())
                        }
                        None => {}
                    }
                }
                let single = matches!(value, Json::String(_)) && types.len() == 1;
                let expanded = if single {
                    types.pop().unwrap_or(Json::Null)
                } else {
                    Json::Array(types)
                };
                match result.remove("@type") {
                    Some(existing) => {
                        let mut all = as_array(existing);
                        all.extend(as_array(expanded));
                        Json::Array(all)
                    }
                    None => expanded,
                }
            }
            // Step 13.4.5.
            "@graph" => Json::Array(as_array(self.expand(
                active,
                Some("@graph"),
                value,
                s.base,
                false,
            )?)),
            // Step 13.4.6.
            "@included" => {
                // Expanded under `@included` (not as free-floating), so scalars, value and list objects stay
                // visible to the check below instead of being dropped.
                let items =
                    as_array(self.expand(active, Some("@included"), value, s.base, false)?);
                if let Some(bad) = items.iter().find(|i| {
                    !i.is_object()
                        || is_value_object(i)
                        || is_list_object(i)
                        || i.get("@set").is_some()
                }) {
                    return Err(invalid(
                        Code::InvalidIncludedValue,
                        format!("`{bad}` is not a node object"),
                    ));
                }
                let mut all = result.remove("@included").map(as_array).unwrap_or_default();
                all.extend(items);
                Json::Array(all)
            }
            // Step 13.4.7.
            "@value" => {
                if s.input_type == Some("@json") {
                    value.clone()
                } else {
                    match value {
                        Json::Object(_) | Json::Array(_) => {
                            return Err(invalid(
                                Code::InvalidValueObjectValue,
                                format!("`{value}` is not a scalar"),
                            ))
                        }
                        Json::Null => {
                            if self.safe {
                                return Err(Violation::NullValue
                                    .error()
                                    .locate(Locate::Key(key.to_string())));
                            }
                            result.insert("@value", Json::Null);
                            return Ok(());
                        }
                        scalar => scalar.clone(),
                    }
                }
            }
            // Step 13.4.8.
            "@language" => match value {
                Json::String(_) => value.clone(),
                other => {
                    return Err(invalid(
                        Code::InvalidLanguageTaggedString,
                        format!("@language `{other}` is not a string"),
                    ))
                }
            },
            // Step 13.4.9.
            "@direction" => match value.as_str() {
                Some("ltr" | "rtl") => value.clone(),
                _ => {
                    return Err(invalid(
                        Code::InvalidBaseDirection,
                        format!("`{value}` is not \"ltr\" or \"rtl\""),
                    ))
                }
            },
            // Step 13.4.10.
            "@index" => match value {
                Json::String(_) => value.clone(),
                other => {
                    return Err(invalid(
                        Code::InvalidIndexValue,
                        format!("`{other}` is not a string"),
                    ))
                }
            },
            // Step 13.4.11.
            "@list" => {
                if s.property.is_none() || s.property == Some("@graph") {
                    // A free-floating list (step 13.4.11.1): what it holds would be lost.
                    if self.safe && !as_array(value.clone()).is_empty() {
                        return Err(Violation::DroppedObject {
                            what: "a list object outside any property",
                        }
                        .error());
                    }
                    return Ok(());
                }
                Json::Array(as_array(
                    self.expand(active, s.property, value, s.base, false)?,
                ))
            }
            // Step 13.4.12.
            "@set" => self.expand(active, s.property, value, s.base, false)?,
            // Step 13.4.13.
            "@reverse" => {
                if !value.is_object() {
                    return Err(invalid(
                        Code::InvalidReverseValue,
                        format!("`{value}` is not a map"),
                    ));
                }
                let Json::Object(expanded) =
                    self.expand(active, Some("@reverse"), value, s.base, false)?
                else {
                    return Ok(());
                };
                for (p, items) in expanded {
                    if p == "@reverse" {
                        // Step 13.4.13.3: a double reverse is forward.
                        if let Json::Object(forward) = items {
                            for (fp, fitems) in forward {
                                add_value(result, &fp, fitems);
                            }
                        }
                        continue;
                    }
                    // Step 13.4.13.4.
                    add_reverse(result, &p, items)?;
                }
                return Ok(());
            }
            // Framing keywords outside frame expansion, and anything else: ignored.
            _ => return Ok(()),
        };
        // Step 13.4.16.
        result.insert(property, expanded);
        Ok(())
    }
}
