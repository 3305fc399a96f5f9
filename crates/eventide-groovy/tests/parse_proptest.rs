//! Property tests: the parser returns (a tree or an error) on any input and never panics.
//!
//! Inputs are arbitrary strings, strings over Groovy's punctuation-heavy alphabet, mutations of
//! SmartApp-like snippets written for this test, and mutations of the shared corpus files when
//! the corpus is present (located by [`eventide_groovy::corpus_location`]).

use std::sync::OnceLock;

use eventide_groovy::corpus_location::corpus_smartapps_or_skip;
use eventide_groovy::syntax::{parse, parse_str, SourceFile};
use proptest::prelude::*;

const SNIPPETS: &[&str] = &[
    r#"definition(name: "Demo", namespace: "x", author: "y", description: "d", category: "c")"#,
    "preferences {\n  section(\"Pick\") {\n    input \"sw\", \"capability.switch\", title: \"Which?\", multiple: true, required: false\n  }\n}",
    "def installed() {\n  subscribe(sw, \"switch.on\", onHandler)\n  runIn(60 * 5, later, [overwrite: false])\n}",
    "def onHandler(evt) {\n  log.debug \"$evt.name: ${evt.value ?: 'none'}\"\n  state.count = (state.count ?: 0) + 1\n}",
    "def page() {\n  dynamicPage(name: \"p\", install: true) {\n    section { paragraph \"hi\" }\n  }\n}",
    "mappings {\n  path(\"/switches\") { action: [GET: \"list\", PUT: \"update\"] }\n}",
    "switch (mode) {\n  case \"away\": case ~/night.*/:\n    lights*.off(); break\n  default:\n    lights.each { it.on() }\n}",
    "for (int i = 0; i < n; i++) { total += list[i] as Integer }\nwhile (x) { x-- }\ndo { y++ } while (y < 3)",
    "try {\n  httpGet(uri: url) { resp -> data = resp.data }\n} catch (IOException | RuntimeException e) {\n  log.error e\n} finally { done = true }",
    "private String fmt(Date d, String tz = 'UTC') { return d.format('HH:mm', TimeZone.getTimeZone(tz)) }",
    "def x = a ? b : c ?: d\ndef y = [1, 2, *rest]\ndef m = [a: 1, (k): 2, \"s\": 3, *: other]\nassert x == y : 'msg'",
    "float v = (float) Math.pow(r, 2.4f) * 0x1F + 0b101 - 017 + 1_000L + 1.5e-3G\nint[] a = new int[3]",
    "metadata {\n  tiles {\n    standardTile(\"s\", \"device.switch\") {\n      state \"on\", label: '${name}', action: \"switch.off\"\n    }\n  }\n}",
    "def r = /a+\\/b/ + $/c$$d/$ + '''x\n''' + \"\"\"y $z\"\"\"\nobj.\"$name\"(1)\n\"$m\"()\nthis.&foo",
    "import groovy.json.JsonSlurper\nclass Foo { def x }\n@Deprecated\ndef old() { x?.y?[0]*.z << 1 }",
];

/// Pieces spliced into snippets by mutations.
const PIECES: &[&str] = &[
    "(", ")", "[", "]", "{", "}", "\"", "'", "'''", "\"\"\"", "/", "$", "${", "\n", ",", ":", ";", "->", ".", "?.",
    "*.", "?", "?:", "=", "==", "!", "!in", "as", "in", "def", "if", "else", "case", "new", "return", "\\", "0x", "1e",
    "..", "..<", "@", "<", ">", ">>", "**", "-", "+", "it", "foo", "\"$a.b\"", "/*", "*/", "//", "\r\n",
];

/// The corpus texts, or none (with a message) when the corpus is absent. A present corpus must
/// give at least one file, and every file must be readable.
fn corpus() -> &'static [String] {
    static CORPUS: OnceLock<Vec<String>> = OnceLock::new();
    CORPUS.get_or_init(|| {
        let Some(paths) = corpus_smartapps_or_skip("corpus mutations") else { return Vec::new() };
        let texts: Vec<String> = paths
            .iter()
            .map(|p| SourceFile::read(p).unwrap_or_else(|e| panic!("reading {}: {e}", p.display())).text().to_string())
            .collect();
        eprintln!("corpus mutations: mutating {} corpus files", texts.len());
        texts
    })
}

#[derive(Clone, Debug)]
enum Mutation {
    Delete { at: usize, len: usize },
    Insert { at: usize, piece: usize },
    Duplicate { at: usize, len: usize },
    Truncate { at: usize },
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        (any::<usize>(), 1usize..40).prop_map(|(at, len)| Mutation::Delete { at, len }),
        (any::<usize>(), 0..PIECES.len()).prop_map(|(at, piece)| Mutation::Insert { at, piece }),
        (any::<usize>(), 1usize..80).prop_map(|(at, len)| Mutation::Duplicate { at, len }),
        any::<usize>().prop_map(|at| Mutation::Truncate { at }),
    ]
}

/// The char boundary at or before `i % (len + 1)`.
fn boundary(s: &str, i: usize) -> usize {
    let mut i = i % (s.len() + 1);
    while !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

fn apply(text: &str, mutations: &[Mutation]) -> String {
    let mut s = text.to_string();
    for m in mutations {
        match *m {
            Mutation::Delete { at, len } => {
                let a = boundary(&s, at);
                let b = boundary(&s, (a + len).min(s.len()));
                s.replace_range(a..b.max(a), "");
            }
            Mutation::Insert { at, piece } => {
                let a = boundary(&s, at);
                s.insert_str(a, PIECES[piece % PIECES.len()]);
            }
            Mutation::Duplicate { at, len } => {
                let a = boundary(&s, at);
                let b = boundary(&s, (a + len).min(s.len())).max(a);
                let copy = s[a..b].to_string();
                s.insert_str(b, &copy);
            }
            Mutation::Truncate { at } => {
                let a = boundary(&s, at);
                s.truncate(a);
            }
        }
    }
    s
}

/// Parses and checks that any error points inside the text.
fn check(text: &str) {
    let file = SourceFile::new("prop.groovy", text.to_string());
    if let Err(e) = parse(&file) {
        assert!(e.span.start <= e.span.end, "inverted span {:?}", e.span);
        assert!(e.span.end as usize <= text.len(), "span {:?} past the end ({})", e.span, text.len());
        assert!(!e.message.is_empty());
        let _ = e.line_col(&file);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_strings_never_panic(text in any::<String>()) {
        check(&text);
    }

    #[test]
    fn groovy_alphabet_never_panics(
        text in "[a-z$_0-9(){}\\[\\]\"'/\\\\.,:;=+*?!<>&|^~@ \n\t-]{0,300}"
    ) {
        check(&text);
    }

    #[test]
    fn token_soup_never_panics(pieces in prop::collection::vec(0..PIECES.len(), 0..120)) {
        let text: String = pieces.iter().map(|&i| PIECES[i]).collect::<Vec<_>>().join(" ");
        check(&text);
    }

    #[test]
    fn mutated_snippets_never_panic(
        snippets in prop::collection::vec(0..SNIPPETS.len(), 1..4),
        mutations in prop::collection::vec(mutation(), 0..8),
    ) {
        let text: String = snippets.iter().map(|&i| SNIPPETS[i]).collect::<Vec<_>>().join("\n");
        check(&apply(&text, &mutations));
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    #[test]
    fn mutated_corpus_files_never_panic(
        index in any::<usize>(),
        mutations in prop::collection::vec(mutation(), 1..6),
    ) {
        let files = corpus();
        if !files.is_empty() {
            check(&apply(&files[index % files.len()], &mutations));
        }
    }
}

#[test]
fn snippets_parse_unmutated() {
    for s in SNIPPETS {
        if let Err(e) = parse_str(s) {
            panic!("snippet failed: {} at {:?}\n{s}", e.message, e.span);
        }
    }
}
