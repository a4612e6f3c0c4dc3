//! The check of a JSON value against the schema schemars writes, for the
//! tests that hold an output to its schema.

use serde_json::Value;

/// Checks `value` against `schema`, within the schema `root`: the part of
/// JSON Schema that schemars writes. A keyword the check does not know fails
/// the test, so that nothing passes by being skipped.
pub fn conforms(root: &Value, schema: &Value, value: &Value, at: &str) -> Result<(), String> {
    let Some(schema) = schema.as_object() else {
        panic!("{at}: a schema that is not an object: {schema}");
    };
    let fail = |what: String| Err(format!("{at}: {what}: {value}"));
    for (keyword, rule) in schema {
        match keyword.as_str() {
            "$schema" | "title" | "description" | "default" | "$defs" | "format" => {}
            "$ref" => {
                let name = rule
                    .as_str()
                    .and_then(|r| r.strip_prefix("#/$defs/"))
                    .unwrap_or_else(|| panic!("{at}: a reference outside $defs: {rule}"));
                conforms(root, &root["$defs"][name], value, at)?;
            }
            "type" => {
                let types: Vec<&str> = match rule {
                    Value::String(name) => vec![name.as_str()],
                    Value::Array(names) => names.iter().filter_map(Value::as_str).collect(),
                    _ => panic!("{at}: a type that is neither a name nor a list: {rule}"),
                };
                if !types.iter().any(|name| is_type(value, name)) {
                    return fail(format!("not of type {types:?}"));
                }
            }
            "const" => {
                if value != rule {
                    return fail(format!("not {rule}"));
                }
            }
            "enum" => {
                if !rule.as_array().unwrap().contains(value) {
                    return fail(format!("not one of {rule}"));
                }
            }
            "anyOf" | "oneOf" => {
                let matching = rule
                    .as_array()
                    .unwrap()
                    .iter()
                    .filter(|option| conforms(root, option, value, at).is_ok())
                    .count();
                let ok = if keyword == "oneOf" {
                    matching == 1
                } else {
                    matching > 0
                };
                if !ok {
                    return fail(format!("{matching} schemas of {keyword} met"));
                }
            }
            "properties" => {
                for (name, property) in rule.as_object().unwrap() {
                    if let Some(field) = value.get(name) {
                        conforms(root, property, field, &format!("{at}/{name}"))?;
                    }
                }
            }
            "required" => {
                if let Some(object) = value.as_object() {
                    for name in rule.as_array().unwrap() {
                        if !object.contains_key(name.as_str().unwrap()) {
                            return fail(format!("no {name}"));
                        }
                    }
                }
            }
            "additionalProperties" => {
                assert_eq!(rule, &Value::Bool(false), "{at}: additionalProperties");
                if let Some(object) = value.as_object() {
                    let known = schema.get("properties").and_then(Value::as_object);
                    for name in object.keys() {
                        if !known.is_some_and(|known| known.contains_key(name)) {
                            return fail(format!("the field {name} is not in the schema"));
                        }
                    }
                }
            }
            "items" => {
                if let Some(items) = value.as_array() {
                    for (n, item) in items.iter().enumerate() {
                        conforms(root, rule, item, &format!("{at}/{n}"))?;
                    }
                }
            }
            "minItems" | "maxItems" => {
                if let Some(items) = value.as_array() {
                    let bound = rule.as_u64().unwrap() as usize;
                    let within = if keyword == "minItems" {
                        items.len() >= bound
                    } else {
                        items.len() <= bound
                    };
                    if !within {
                        return fail(format!("{} items, {keyword} {bound}", items.len()));
                    }
                }
            }
            "minimum" | "maximum" => {
                if let Some(number) = value.as_f64() {
                    let bound = rule.as_f64().unwrap();
                    let within = if keyword == "minimum" {
                        number >= bound
                    } else {
                        number <= bound
                    };
                    if !within {
                        return fail(format!("{keyword} {bound}"));
                    }
                }
            }
            "pattern" => {
                let pattern = rule.as_str().unwrap();
                let matches: &dyn Fn(&str) -> bool = if pattern == NUMBER {
                    &is_number
                } else {
                    let digits = hex_digits(pattern, at);
                    &move |text: &str| {
                        digits == Some(text.len())
                            && text.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
                    }
                };
                if let Some(text) = value.as_str()
                    && !matches(text)
                {
                    return fail(format!("does not match {rule}"));
                }
            }
            other => panic!("{at}: the check does not know the keyword {other}"),
        }
    }
    Ok(())
}

/// The pattern of a number as RON writes it (a rating of hnefatafl.org's
/// archive).
const NUMBER: &str = r"^[+-]?[0-9][0-9._eE+-]*$";

/// Whether `text` matches [`NUMBER`].
fn is_number(text: &str) -> bool {
    let digits = text.strip_prefix(['+', '-']).unwrap_or(text);
    digits.starts_with(|c: char| c.is_ascii_digit())
        && digits
            .bytes()
            .all(|b| b.is_ascii_digit() || b"._eE+-".contains(&b))
}

/// The number of digits of a pattern of lower-case hexadecimal digits,
/// `^[0-9a-f]{16}$`: the other kind of pattern the schema holds.
fn hex_digits(pattern: &str, at: &str) -> Option<usize> {
    let digits = pattern
        .strip_prefix("^[0-9a-f]{")
        .and_then(|rest| rest.strip_suffix("}$"))
        .unwrap_or_else(|| panic!("{at}: the check does not know the pattern {pattern}"));
    digits.parse().ok()
}

/// Whether `value` is of the JSON Schema type `name`.
fn is_type(value: &Value, name: &str) -> bool {
    match name {
        "object" => value.is_object(),
        "array" => value.is_array(),
        "string" => value.is_string(),
        "boolean" => value.is_boolean(),
        "null" => value.is_null(),
        "integer" => value.is_u64() || value.is_i64(),
        "number" => value.is_number(),
        _ => panic!("an unknown type {name}"),
    }
}
