//! A page written as HTML, by the core's [`html`](crate::core::page::html)
//! writer: one self-contained file ([`html`]), or the page `hirp serve`
//! sends ([`served`]), whose editor takes a record of either family and
//! offers the tafl rules' presets.

pub use crate::core::page::html::{
    SCRIPT, SCRIPT_SHA256, SERVED_POLICY, SERVED_TITLE, STYLE, data, escape_html, html,
    packed_data, packed_html, policy,
};

/// The script of the served page's editor, which reads pages from the
/// server's API.
pub const EDITOR_SCRIPT: &str = include_str!("editor.js");

/// Where the served page's editor asks the server for what it shows: the
/// server's routes, which are the server's to name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Api<'a> {
    /// `GET`: the rulebook's example record.
    pub example: &'a str,
    /// `POST` a record: its validation report.
    pub validate: &'a str,
    /// `POST` a record: its page's data.
    pub page: &'a str,
    /// `POST` a record: the record fixed.
    pub fix: &'a str,
}

/// The page `hirp serve` sends: an editor to paste a record in (of HIRP or
/// of tafl, with a choice of tafl rules), which asks the server at `api`,
/// and the viewer, which shows what the server makes of it.
pub fn served(api: &Api<'_>) -> String {
    let attribute = |route: &str| escape_html(route);
    let routes = format!(
        "data-example=\"{}\" data-validate=\"{}\" data-page=\"{}\" data-fix=\"{}\"",
        attribute(api.example),
        attribute(api.validate),
        attribute(api.page),
        attribute(api.fix)
    );
    let editor = EDITOR
        .replace("<!-- presets -->", &presets())
        .replace("data-api", &routes);
    crate::core::page::html::served(&editor)
}

/// The options of the served page's choice of rules, one a preset of
/// any family that plays several.
fn presets() -> String {
    let presets = crate::any::AnyFamily::presets();
    presets
        .iter()
        .map(|preset| {
            format!(
                "<option value=\"{0}\">{0}</option>",
                escape_html(preset.name)
            )
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The editor of the served page; its choice of rules lists the presets
/// where it says `<!-- presets -->`, and its section names the server's
/// routes where it says `data-api`.
const EDITOR: &str = r#"<section id="editor" data-api aria-labelledby="editor-heading">
<h2 id="editor-heading">Record</h2>
<p class="hint">Paste or type a record, drop a file on the text, or
<button type="button" id="example">load the rulebook's example</button>.
<label class="file">Open a file <input type="file" id="file" accept=".hirp,.otg,.csv,.txt,text/plain,text/csv"></label></p>
<p class="hint">A HIRP record, an OpenTafl game file or an archive of tafl
games, one a line. An archive names no rules: choose them; chosen, they
override a game file's rules tag. <label for="rules">Tafl rules</label>
<select id="rules">
<option value="">as the record says (a game file's rules tag)</option>
<!-- presets -->
</select></p>
<textarea id="record" spellcheck="false" autocomplete="off" rows="14" aria-describedby="status"></textarea>
<p id="status" role="status" aria-live="polite"></p>
<p id="error" role="alert" hidden></p>
<p class="downloads">Download:
<button type="button" id="download-report">the report (JSON)</button>
<button type="button" id="download-canonical">the canonical record</button>
<button type="button" id="download-fixed">the fixed record</button></p>
<h2>The record, checked</h2>
<div id="checked" class="checked"></div>
</section>
"#;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_escaped() {
        assert_eq!(
            escape_html("<script>\"a\" & 'b'</script>"),
            "&lt;script&gt;&quot;a&quot; &amp; 'b'&lt;/script&gt;"
        );
    }

    #[test]
    fn data_cannot_end_its_script_element() {
        let page = crate::hirp::page::page(
            "<img src=x onerror=alert(1)>.hirp",
            b"[Event \"</script><b>\"]\nG1 KeHeiHei / ; </script>\n",
        );
        let data = data(&page);
        assert!(!data.contains('<') && !data.contains('>'), "{data}");
        let back: crate::page::Packed = serde_json::from_str(&data).unwrap();
        assert_eq!(back.title, "<img src=x onerror=alert(1)>.hirp");
    }
}
