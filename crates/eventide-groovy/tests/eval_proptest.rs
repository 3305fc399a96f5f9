//! The evaluator never panics: random programs built from Groovy fragments either run or fail
//! with an `EvalError`.

use proptest::prelude::*;

use eventide_groovy::eval::run_script_text;

const ATOMS: &[&str] = &[
    "1",
    "0",
    "-3",
    "2.5",
    "1e3",
    "7L",
    "0.5d",
    "null",
    "true",
    "\"s\"",
    "'abc'",
    "\"x${1}\"",
    "[]",
    "[1, 2]",
    "[a: 1]",
    "[:]",
    "(1..3)",
    "x",
    "y",
    "m",
    "l",
    "new Date(0)",
    "{ it }",
    "{ a, b -> a }",
    "Integer.MAX_VALUE",
    "\"2024-01-01\"",
    "/\\d+/",
    "~/a+/",
    "Math.PI",
    "\"12\"",
];

const OPS: &[&str] = &[
    "+",
    "-",
    "*",
    "/",
    "%",
    "**",
    "==",
    "!=",
    "<",
    ">",
    "<=>",
    "&&",
    "||",
    "?:",
    "in",
    "<<",
    "&",
    "|",
    "^",
    "=~",
    "==~",
    "as String",
    "as Integer",
];

const CALLS: &[&str] = &[
    ".size()",
    ".toString()",
    ".sort()",
    ".unique()",
    ".collect { it }",
    ".find { it }",
    ".each { }",
    "[0]",
    "[-1]",
    "[1..2]",
    ".sum()",
    ".max()",
    ".join(',')",
    ".toInteger()",
    ".toUpperCase()",
    ".split(',')",
    ".keySet()",
    ".inject(0) { a, b -> a }",
    "?.foo",
    ".intdiv(2)",
    ".abs()",
    ".round()",
    ".format('yyyy')",
    ".first()",
    ".reverse()",
    ".flatten()",
    ".trim()",
    ".groupBy { it }",
    ".time",
    ".class.name",
    "*.toString()",
];

fn expr() -> impl Strategy<Value = String> {
    let atom = proptest::sample::select(ATOMS).prop_map(|s| s.to_string());
    atom.prop_recursive(4, 24, 3, |inner| {
        prop_oneof![
            (inner.clone(), proptest::sample::select(OPS), inner.clone())
                .prop_map(|(a, o, b)| format!("({a} {o} {b})")),
            (inner.clone(), proptest::sample::select(CALLS)).prop_map(|(a, c)| format!("({a}){c}")),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("[{a}, {b}]")),
            (inner.clone(), inner.clone(), inner).prop_map(|(a, b, c)| format!("({a} ? {b} : {c})")),
        ]
    })
}

fn program() -> impl Strategy<Value = String> {
    proptest::collection::vec(expr(), 1..5).prop_map(|es| {
        let mut src = String::from("def x = 2\ndef y = 'yy'\ndef m = [k: 1]\ndef l = [3, 1, 2]\n");
        for (i, e) in es.iter().enumerate() {
            match i % 3 {
                0 => src.push_str(&format!("println {e}\n")),
                1 => src.push_str(&format!("try {{ x = {e} }} catch (e) {{ println e.message }}\n")),
                _ => src.push_str(&format!(
                    "switch ({e}) {{ case 1: println 1; break; case String: println 's'; default: println 'd' }}\n"
                )),
            }
        }
        src
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, .. ProptestConfig::default() })]

    #[test]
    fn random_programs_never_panic(src in program()) {
        let r = std::panic::catch_unwind(|| {
            let _ = run_script_text("P.groovy", &src, 0);
        });
        prop_assert!(r.is_ok(), "panic on:\n{}", src);
    }
}
