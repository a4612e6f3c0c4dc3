//! A page written as HTML: one self-contained file ([`html`]: its style,
//! script and boards inline, and a policy that lets it make no request of
//! any kind), or the page `hirp serve` sends ([`served`]: the same page
//! with an editor, its style and scripts served beside it).
//!
//! The page's text is written by its script with `textContent`, and what
//! the HTML holds of a record is escaped: a comment holding `<script>` is
//! shown as text.

use super::{Packed, Page, pack};

/// The page's style sheet.
pub const STYLE: &str = include_str!("page.css");

/// The page's script: shows a packed page, and steps through it.
pub const SCRIPT: &str = include_str!("page.js");

/// The SHA-256 of [`SCRIPT`] in base64, as a Content-Security-Policy names
/// the one script a self-contained page may run (a test checks it).
pub const SCRIPT_SHA256: &str = "sha256-BdFj1cFEmq2w/DXAw+1fzIc4avDJtfKoRbI1voC1G/0=";

/// The Content-Security-Policy of a self-contained page: its own style and
/// script only, and no request of any kind.
pub fn policy() -> String {
    format!(
        "default-src 'none'; style-src 'unsafe-inline'; script-src '{SCRIPT_SHA256}'; \
         img-src data:; base-uri 'none'; form-action 'none'"
    )
}

/// The Content-Security-Policy `hirp serve` sends with its page: style and
/// scripts from the server, requests to it only.
pub const SERVED_POLICY: &str = "default-src 'none'; style-src 'self'; script-src 'self'; \
     connect-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'; \
     frame-ancestors 'none'";

/// A page as one self-contained HTML file.
pub fn html(page: &Page) -> String {
    packed_html(&pack(page))
}

/// A packed page (see [`Packer`](super::Packer)) as one self-contained
/// HTML file: what [`html`] writes of the page packed.
pub fn packed_html(packed: &Packed) -> String {
    let mut out = before_data(&packed.title);
    out.push_str(&packed_data(packed));
    out.push_str(&after_data());
    out
}

/// A self-contained page called `title` up to its data: the page's JSON
/// follows, then [`after_data`].
pub(crate) fn before_data(title: &str) -> String {
    let mut out = String::with_capacity(64 * 1024);
    head(&mut out, title, Some(&policy()));
    out.push_str("<style>\n");
    out.push_str(STYLE);
    out.push_str("</style>\n</head>\n<body>\n");
    header(&mut out, title);
    viewer(&mut out);
    out.push_str("<script type=\"application/json\" id=\"page-data\">");
    out
}

/// A self-contained page after its data: the script, and the end.
pub(crate) fn after_data() -> String {
    format!("</script>\n<script>{SCRIPT}</script>\n</body>\n</html>\n")
}

/// The title of the page `hirp serve` sends, before a record names its
/// family.
pub const SERVED_TITLE: &str = "Check a game record";

/// The page `hirp serve` sends: `editor`, the section to write a record
/// in, and the viewer, which shows what the server makes of it; the style
/// and the scripts, the viewer's (`/page.js`) and the editor's
/// (`/editor.js`), are the server's.
pub fn served(editor: &str) -> String {
    let title = SERVED_TITLE;
    let mut out = String::with_capacity(8 * 1024);
    head(&mut out, title, None);
    out.push_str(
        "<link rel=\"stylesheet\" href=\"/page.css\">\n</head>\n<body class=\"served\">\n",
    );
    header(&mut out, title);
    out.push_str(editor);
    viewer(&mut out);
    out.push_str("<script src=\"/page.js\"></script>\n");
    out.push_str("<script src=\"/editor.js\"></script>\n</body>\n</html>\n");
    out
}

/// The JSON of a packed page, safe inside a `<script>` element: `<`, `>`
/// and `&` are written as JSON escapes.
pub fn data(page: &Page) -> String {
    packed_data(&pack(page))
}

/// [`data`] of a page packed already.
pub fn packed_data(packed: &Packed) -> String {
    let json = serde_json::to_string(packed).expect("a page is always JSON");
    let mut out = String::with_capacity(json.len() + json.len() / 16);
    for c in json.chars() {
        match c {
            '<' => out.push_str("\\u003c"),
            '>' => out.push_str("\\u003e"),
            '&' => out.push_str("\\u0026"),
            _ => out.push(c),
        }
    }
    out
}

/// Text with the characters HTML reserves escaped, for the text of an
/// element or an attribute in double quotes.
pub fn escape_html(text: &str) -> String {
    crate::core::xml::Escaped(text).to_string()
}

/// The document's start, up to the end of its `<head>`'s metadata.
fn head(out: &mut String, title: &str, policy: Option<&str>) {
    out.push_str("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n");
    if let Some(policy) = policy {
        out.push_str(&format!(
            "<meta http-equiv=\"Content-Security-Policy\" content=\"{}\">\n",
            escape_html(policy)
        ));
    }
    out.push_str("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n");
    out.push_str("<meta name=\"referrer\" content=\"no-referrer\">\n");
    out.push_str(&format!("<title>{} · hirp</title>\n", escape_html(title)));
}

/// The page's heading and game picker.
fn header(out: &mut String, title: &str) {
    out.push_str(&format!(
        "<header>\n<h1 id=\"title\">{}</h1>\n",
        escape_html(title)
    ));
    out.push_str(
        "<p id=\"picker\" hidden><label for=\"game\">Game</label> \
         <select id=\"game\"></select></p>\n<p id=\"game-name\"></p>\n\
         <dl id=\"game-about\" class=\"about\" hidden></dl>\n</header>\n",
    );
}

/// The viewer: the board, the controls, the turn line, the commentary,
/// the battles and the problems.
fn viewer(out: &mut String) {
    out.push_str(VIEWER);
}

const VIEWER: &str = r#"<main id="viewer">
<section class="stage" aria-labelledby="heading">
<h2 id="heading" tabindex="-1"></h2>
<div id="board" class="board" role="img" aria-labelledby="heading"></div>
<nav class="controls" id="controls" aria-label="Steps">
<button type="button" id="first" title="First step (Home)">« First</button>
<button type="button" id="previous" title="Previous step (←)">‹ Previous</button>
<button type="button" id="next" title="Next step (→)">Next ›</button>
<button type="button" id="last" title="Last step (End)">Last »</button>
<label class="slider"><span id="counter">Step 1 of 1</span>
<input type="range" id="slider" min="0" max="0" value="0"></label>
</nav>
<p class="turn-line" id="turn-line"></p>
<section id="comment" class="comment" aria-label="Commentary" hidden></section>
<div id="branches" class="branches"></div>
<div id="battles"></div>
<ul id="step-problems" class="problems"></ul>
</section>
<aside>
<section id="legend-box" aria-labelledby="legend-heading" hidden>
<h2 id="legend-heading">Pieces</h2>
<dl id="legend" class="about"></dl>
</section>
<h2>Result</h2>
<p id="result"></p>
<p id="result-hidden">Told at the last step.
<button type="button" id="show-result">Show the result</button></p>
<h2 id="problems-heading">Problems</h2>
<ol id="problems" class="problems" aria-labelledby="problems-heading"></ol>
</aside>
</main>
<noscript><p>This page needs JavaScript to step through the game.</p></noscript>
"#;
