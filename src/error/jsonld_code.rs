//! The JSON-LD 1.1 API's error codes (§9.6 `JsonLdErrorCode`), which an [`crate::error::Error`] of
//! [`crate::error::ErrorKind::Expansion`] carries so that a program can match them (`Error::code`); both engines
//! raise them, the json-ld crate's mapped once in its adapter.

/// A JSON-LD 1.1 API error code (JSON-LD 1.1 API §9.6 `JsonLdErrorCode`; the spec's text is [`JsonLdErrorCode::as_str`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum JsonLdErrorCode {
    /// `colliding keywords`.
    CollidingKeywords,
    /// `conflicting indexes`.
    ConflictingIndexes,
    /// `context overflow`.
    ContextOverflow,
    /// `cyclic IRI mapping`.
    CyclicIriMapping,
    /// `invalid @id value`.
    InvalidIdValue,
    /// `invalid @import value`.
    InvalidImportValue,
    /// `invalid @included value`.
    InvalidIncludedValue,
    /// `invalid @index value`.
    InvalidIndexValue,
    /// `invalid @nest value`.
    InvalidNestValue,
    /// `invalid @prefix value`.
    InvalidPrefixValue,
    /// `invalid @propagate value`.
    InvalidPropagateValue,
    /// `invalid @protected value`.
    InvalidProtectedValue,
    /// `invalid @reverse value`.
    InvalidReverseValue,
    /// `invalid @version value`.
    InvalidVersionValue,
    /// `invalid base direction`.
    InvalidBaseDirection,
    /// `invalid base IRI`.
    InvalidBaseIri,
    /// `invalid container mapping`.
    InvalidContainerMapping,
    /// `invalid context entry`.
    InvalidContextEntry,
    /// `invalid context nullification`.
    InvalidContextNullification,
    /// `invalid default language`.
    InvalidDefaultLanguage,
    /// `invalid IRI mapping`.
    InvalidIriMapping,
    /// `invalid JSON literal`.
    InvalidJsonLiteral,
    /// `invalid keyword alias`.
    InvalidKeywordAlias,
    /// `invalid language map value`.
    InvalidLanguageMapValue,
    /// `invalid language mapping`.
    InvalidLanguageMapping,
    /// `invalid language-tagged string`.
    InvalidLanguageTaggedString,
    /// `invalid language-tagged value`.
    InvalidLanguageTaggedValue,
    /// `invalid local context`.
    InvalidLocalContext,
    /// `invalid remote context`.
    InvalidRemoteContext,
    /// `invalid reverse property`.
    InvalidReverseProperty,
    /// `invalid reverse property map`.
    InvalidReversePropertyMap,
    /// `invalid reverse property value`.
    InvalidReversePropertyValue,
    /// `invalid scoped context`.
    InvalidScopedContext,
    /// `invalid script element`.
    InvalidScriptElement,
    /// `invalid set or list object`.
    InvalidSetOrListObject,
    /// `invalid term definition`.
    InvalidTermDefinition,
    /// `invalid type mapping`.
    InvalidTypeMapping,
    /// `invalid type value`.
    InvalidTypeValue,
    /// `invalid typed value`.
    InvalidTypedValue,
    /// `invalid value object`.
    InvalidValueObject,
    /// `invalid value object value`.
    InvalidValueObjectValue,
    /// `invalid vocab mapping`.
    InvalidVocabMapping,
    /// `IRI confused with prefix`.
    IriConfusedWithPrefix,
    /// `keyword redefinition`.
    KeywordRedefinition,
    /// `loading document failed`.
    LoadingDocumentFailed,
    /// `loading remote context failed`.
    LoadingRemoteContextFailed,
    /// `multiple context link headers`.
    MultipleContextLinkHeaders,
    /// `processing mode conflict`.
    ProcessingModeConflict,
    /// `protected term redefinition`.
    ProtectedTermRedefinition,
}

impl JsonLdErrorCode {
    /// Every code, in the spec's order.
    pub const ALL: &'static [JsonLdErrorCode] = &[
        JsonLdErrorCode::CollidingKeywords,
        JsonLdErrorCode::ConflictingIndexes,
        JsonLdErrorCode::ContextOverflow,
        JsonLdErrorCode::CyclicIriMapping,
        JsonLdErrorCode::InvalidIdValue,
        JsonLdErrorCode::InvalidImportValue,
        JsonLdErrorCode::InvalidIncludedValue,
        JsonLdErrorCode::InvalidIndexValue,
        JsonLdErrorCode::InvalidNestValue,
        JsonLdErrorCode::InvalidPrefixValue,
        JsonLdErrorCode::InvalidPropagateValue,
        JsonLdErrorCode::InvalidProtectedValue,
        JsonLdErrorCode::InvalidReverseValue,
        JsonLdErrorCode::InvalidVersionValue,
        JsonLdErrorCode::InvalidBaseDirection,
        JsonLdErrorCode::InvalidBaseIri,
        JsonLdErrorCode::InvalidContainerMapping,
        JsonLdErrorCode::InvalidContextEntry,
        JsonLdErrorCode::InvalidContextNullification,
        JsonLdErrorCode::InvalidDefaultLanguage,
        JsonLdErrorCode::InvalidIriMapping,
        JsonLdErrorCode::InvalidJsonLiteral,
        JsonLdErrorCode::InvalidKeywordAlias,
        JsonLdErrorCode::InvalidLanguageMapValue,
        JsonLdErrorCode::InvalidLanguageMapping,
        JsonLdErrorCode::InvalidLanguageTaggedString,
        JsonLdErrorCode::InvalidLanguageTaggedValue,
        JsonLdErrorCode::InvalidLocalContext,
        JsonLdErrorCode::InvalidRemoteContext,
        JsonLdErrorCode::InvalidReverseProperty,
        JsonLdErrorCode::InvalidReversePropertyMap,
        JsonLdErrorCode::InvalidReversePropertyValue,
        JsonLdErrorCode::InvalidScopedContext,
        JsonLdErrorCode::InvalidScriptElement,
        JsonLdErrorCode::InvalidSetOrListObject,
        JsonLdErrorCode::InvalidTermDefinition,
        JsonLdErrorCode::InvalidTypeMapping,
        JsonLdErrorCode::InvalidTypeValue,
        JsonLdErrorCode::InvalidTypedValue,
        JsonLdErrorCode::InvalidValueObject,
        JsonLdErrorCode::InvalidValueObjectValue,
        JsonLdErrorCode::InvalidVocabMapping,
        JsonLdErrorCode::IriConfusedWithPrefix,
        JsonLdErrorCode::KeywordRedefinition,
        JsonLdErrorCode::LoadingDocumentFailed,
        JsonLdErrorCode::LoadingRemoteContextFailed,
        JsonLdErrorCode::MultipleContextLinkHeaders,
        JsonLdErrorCode::ProcessingModeConflict,
        JsonLdErrorCode::ProtectedTermRedefinition,
    ];

    /// The code as the spec writes it, e.g. `invalid term definition`.
    pub fn as_str(self) -> &'static str {
        match self {
            JsonLdErrorCode::CollidingKeywords => "colliding keywords",
            JsonLdErrorCode::ConflictingIndexes => "conflicting indexes",
            JsonLdErrorCode::ContextOverflow => "context overflow",
            JsonLdErrorCode::CyclicIriMapping => "cyclic IRI mapping",
            JsonLdErrorCode::InvalidIdValue => "invalid @id value",
            JsonLdErrorCode::InvalidImportValue => "invalid @import value",
            JsonLdErrorCode::InvalidIncludedValue => "invalid @included value",
            JsonLdErrorCode::InvalidIndexValue => "invalid @index value",
            JsonLdErrorCode::InvalidNestValue => "invalid @nest value",
            JsonLdErrorCode::InvalidPrefixValue => "invalid @prefix value",
            JsonLdErrorCode::InvalidPropagateValue => "invalid @propagate value",
            JsonLdErrorCode::InvalidProtectedValue => "invalid @protected value",
            JsonLdErrorCode::InvalidReverseValue => "invalid @reverse value",
            JsonLdErrorCode::InvalidVersionValue => "invalid @version value",
            JsonLdErrorCode::InvalidBaseDirection => "invalid base direction",
            JsonLdErrorCode::InvalidBaseIri => "invalid base IRI",
            JsonLdErrorCode::InvalidContainerMapping => "invalid container mapping",
            JsonLdErrorCode::InvalidContextEntry => "invalid context entry",
            JsonLdErrorCode::InvalidContextNullification => "invalid context nullification",
            JsonLdErrorCode::InvalidDefaultLanguage => "invalid default language",
            JsonLdErrorCode::InvalidIriMapping => "invalid IRI mapping",
            JsonLdErrorCode::InvalidJsonLiteral => "invalid JSON literal",
            JsonLdErrorCode::InvalidKeywordAlias => "invalid keyword alias",
            JsonLdErrorCode::InvalidLanguageMapValue => "invalid language map value",
            JsonLdErrorCode::InvalidLanguageMapping => "invalid language mapping",
            JsonLdErrorCode::InvalidLanguageTaggedString => "invalid language-tagged string",
            JsonLdErrorCode::InvalidLanguageTaggedValue => "invalid language-tagged value",
            JsonLdErrorCode::InvalidLocalContext => "invalid local context",
            JsonLdErrorCode::InvalidRemoteContext => "invalid remote context",
            JsonLdErrorCode::InvalidReverseProperty => "invalid reverse property",
            JsonLdErrorCode::InvalidReversePropertyMap => "invalid reverse property map",
            JsonLdErrorCode::InvalidReversePropertyValue => "invalid reverse property value",
            JsonLdErrorCode::InvalidScopedContext => "invalid scoped context",
            JsonLdErrorCode::InvalidScriptElement => "invalid script element",
            JsonLdErrorCode::InvalidSetOrListObject => "invalid set or list object",
            JsonLdErrorCode::InvalidTermDefinition => "invalid term definition",
            JsonLdErrorCode::InvalidTypeMapping => "invalid type mapping",
            JsonLdErrorCode::InvalidTypeValue => "invalid type value",
            JsonLdErrorCode::InvalidTypedValue => "invalid typed value",
            JsonLdErrorCode::InvalidValueObject => "invalid value object",
            JsonLdErrorCode::InvalidValueObjectValue => "invalid value object value",
            JsonLdErrorCode::InvalidVocabMapping => "invalid vocab mapping",
            JsonLdErrorCode::IriConfusedWithPrefix => "IRI confused with prefix",
            JsonLdErrorCode::KeywordRedefinition => "keyword redefinition",
            JsonLdErrorCode::LoadingDocumentFailed => "loading document failed",
            JsonLdErrorCode::LoadingRemoteContextFailed => "loading remote context failed",
            JsonLdErrorCode::MultipleContextLinkHeaders => "multiple context link headers",
            JsonLdErrorCode::ProcessingModeConflict => "processing mode conflict",
            JsonLdErrorCode::ProtectedTermRedefinition => "protected term redefinition",
        }
    }

    /// The code the spec writes as `text`, if any.
    pub fn parse(text: &str) -> Option<JsonLdErrorCode> {
        Self::ALL.iter().copied().find(|c| c.as_str() == text)
    }
}

impl std::fmt::Display for JsonLdErrorCode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::JsonLdErrorCode;

    #[test]
    fn every_code_reads_back() {
        for code in JsonLdErrorCode::ALL {
            assert_eq!(JsonLdErrorCode::parse(code.as_str()), Some(*code));
        }
        assert_eq!(JsonLdErrorCode::ALL.len(), 49);
        assert_eq!(JsonLdErrorCode::parse("no such code"), None);
    }
}
