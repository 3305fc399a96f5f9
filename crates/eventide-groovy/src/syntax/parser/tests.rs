//! Parser unit tests: AST shapes for each construct, precedence, newline rules, errors, and
//! robustness against deep nesting.
//!
//! Expressions are compared through a compact s-expression rendering ([`sexp`]): `(+ a b)`,
//! `(. obj name)` for properties, `(call obj name args)` for calls with parentheses and
//! `(cmd obj name args)` for calls without, `_` for a missing receiver, `k=v` for named
//! arguments and map entries.

use crate::syntax::ast::*;
use crate::syntax::{parse, parse_str, SourceFile, SyntaxError};

fn script(src: &str) -> Script {
    match parse_str(src) {
        Ok(s) => s,
        Err(e) => {
            let file = SourceFile::new("t", src);
            let lc = e.line_col(&file);
            panic!("parse failed at {}:{}: {}\n{src}", lc.line, lc.column, e.message)
        }
    }
}

fn stmts(src: &str) -> Vec<Stmt> {
    script(src).stmts
}

fn one_stmt(src: &str) -> Stmt {
    let mut s = stmts(src);
    assert_eq!(s.len(), 1, "expected one statement in {src:?}: {s:#?}");
    s.remove(0)
}

fn expr(src: &str) -> Expr {
    match one_stmt(src).kind {
        StmtKind::Expr(e) => e,
        other => panic!("not an expression statement: {other:?}"),
    }
}

/// The s-expression of a single expression statement.
fn sx(src: &str) -> String {
    sexp(&expr(src))
}

/// The s-expressions of all statements, joined by `; `.
fn sxs(src: &str) -> String {
    stmts(src).iter().map(stmt_sexp).collect::<Vec<_>>().join("; ")
}

fn err(src: &str) -> (String, u32, u32) {
    let e: SyntaxError = match parse_str(src) {
        Ok(s) => panic!("expected an error for {src:?}, got {s:#?}"),
        Err(e) => e,
    };
    let file = SourceFile::new("t", src);
    let lc = e.line_col(&file);
    (e.message, lc.line, lc.column)
}

fn ty_sexp(t: &TypeName) -> String {
    let mut s = t.name.to_string();
    if !t.generics.is_empty() {
        s.push('<');
        s.push_str(&t.generics.iter().map(ty_sexp).collect::<Vec<_>>().join(","));
        s.push('>');
    }
    for _ in 0..t.array_dims {
        s.push_str("[]");
    }
    s
}

fn num_sexp(n: &NumberLit) -> String {
    match n {
        NumberLit::Integer(v) => v.to_string(),
        NumberLit::Long(v) => format!("{v}L"),
        NumberLit::BigInteger(v) => format!("{v}G"),
        NumberLit::BigDecimal(v) => format!("{v}BD"),
        NumberLit::Double(v) => format!("{v}d"),
        NumberLit::Float(v) => format!("{v}f"),
    }
}

fn member_sexp(m: &Member) -> String {
    match m {
        Member::Name(n) => n.to_string(),
        Member::Dynamic(e) => format!("${}", sexp(e)),
    }
}

fn nav_prefix(nav: Navigation) -> &'static str {
    match nav {
        Navigation::Normal => ".",
        Navigation::Safe => "?.",
        Navigation::Spread => "*.",
        Navigation::Field => ".@",
    }
}

fn entry_sexp(e: &MapEntry) -> String {
    match e {
        MapEntry::Pair { key: MapKey::Name(k), value, .. } => format!("{k}={}", sexp(value)),
        MapEntry::Pair { key: MapKey::Expr(k), value, .. } => format!("({})={}", sexp(k), sexp(value)),
        MapEntry::Spread(v) => format!("*={}", sexp(v)),
    }
}

fn args_sexp(a: &Args) -> String {
    let mut parts: Vec<String> = a.positional.iter().map(sexp).collect();
    parts.extend(a.named.iter().map(entry_sexp));
    parts.join(" ")
}

fn params_sexp(ps: &[Param]) -> String {
    ps.iter()
        .map(|p| {
            let mut s = String::new();
            if let Some(t) = &p.ty {
                s.push_str(&ty_sexp(t));
                s.push(' ');
            }
            s.push_str(&p.name);
            if let Some(d) = &p.default {
                s.push('=');
                s.push_str(&sexp(d));
            }
            s
        })
        .collect::<Vec<_>>()
        .join(", ")
}

fn block_sexp(b: &[Stmt]) -> String {
    b.iter().map(stmt_sexp).collect::<Vec<_>>().join("; ")
}

fn sexp(e: &Expr) -> String {
    use ExprKind::*;
    match &e.kind {
        Null => "null".into(),
        Bool(b) => b.to_string(),
        Number(n) => num_sexp(n),
        Str(s) => format!("{:?}", &**s),
        GString(parts) => {
            let ps: Vec<String> = parts
                .iter()
                .map(|p| match p {
                    GStringPart::Text(t) => format!("{:?}", &**t),
                    GStringPart::Expr(x) => sexp(x),
                })
                .collect();
            format!("(gstr {})", ps.join(" "))
        }
        Ident(n) => n.to_string(),
        This => "this".into(),
        Super => "super".into(),
        List(xs) => format!("[{}]", xs.iter().map(sexp).collect::<Vec<_>>().join(" ")),
        Map(es) => format!(
            "[{}]",
            if es.is_empty() { ":".into() } else { es.iter().map(entry_sexp).collect::<Vec<_>>().join(" ") }
        ),
        Range { from, to, exclusive } => {
            format!("({} {} {})", if *exclusive { "..<" } else { ".." }, sexp(from), sexp(to))
        }
        Unary { op, operand } => {
            let o = match op {
                UnaryOp::Neg => "neg",
                UnaryOp::Plus => "pos",
                UnaryOp::Not => "!",
                UnaryOp::BitNot => "~",
                UnaryOp::PreInc => "++pre",
                UnaryOp::PreDec => "--pre",
                UnaryOp::PostInc => "post++",
                UnaryOp::PostDec => "post--",
            };
            format!("({o} {})", sexp(operand))
        }
        Binary { op, lhs, rhs } => format!("({} {} {})", op.symbol(), sexp(lhs), sexp(rhs)),
        InstanceOf { expr, ty, negated } => {
            format!("({} {} {})", if *negated { "!instanceof" } else { "instanceof" }, sexp(expr), ty_sexp(ty))
        }
        As { expr, ty } => format!("(as {} {})", sexp(expr), ty_sexp(ty)),
        Cast { ty, expr } => format!("(cast {} {})", ty_sexp(ty), sexp(expr)),
        Assign { op, target, value } => {
            let o = match op {
                None => "=".to_string(),
                Some(AssignOp::Binary(b)) => format!("{}=", b.symbol()),
                Some(AssignOp::Elvis) => "?=".to_string(),
            };
            format!("({o} {} {})", sexp(target), sexp(value))
        }
        Ternary { cond, then_expr, else_expr } => {
            format!("(? {} {} {})", sexp(cond), sexp(then_expr), sexp(else_expr))
        }
        Elvis { lhs, rhs } => format!("(?: {} {})", sexp(lhs), sexp(rhs)),
        Property { object, member, nav } => {
            format!("({} {} {})", nav_prefix(*nav), sexp(object), member_sexp(member))
        }
        Index { object, index, safe } => format!(
            "({} {} {})",
            if *safe { "?idx" } else { "idx" },
            sexp(object),
            index.iter().map(sexp).collect::<Vec<_>>().join(" ")
        ),
        MethodCall { object, member, args, nav } => {
            let head = if args.parens { "call" } else { "cmd" };
            let recv = object.as_ref().map(|o| sexp(o)).unwrap_or_else(|| "_".into());
            let nav = if *nav == Navigation::Normal { String::new() } else { nav_prefix(*nav).to_string() };
            let a = args_sexp(args);
            let sep = if a.is_empty() { "" } else { " " };
            format!("({head} {recv} {nav}{}{sep}{a})", member_sexp(member))
        }
        Call { callee, args } => format!("(callv {} {})", sexp(callee), args_sexp(args)),
        Closure(c) => {
            let params = match &c.params {
                None => String::new(),
                Some(ps) => format!("{} -> ", params_sexp(ps)),
            };
            format!("{{{params}{}}}", block_sexp(&c.body))
        }
        New { ty, args } => {
            let a = args_sexp(args);
            format!("(new {}{}{a})", ty_sexp(ty), if a.is_empty() { "" } else { " " })
        }
        Spread(x) => format!("(* {})", sexp(x)),
        MethodPointer { object, name } => format!("(.& {} {name})", sexp(object)),
    }
}

fn stmt_sexp(s: &Stmt) -> String {
    use StmtKind::*;
    match &s.kind {
        Expr(e) => sexp(e),
        LocalVar { ty, vars } => {
            let t = ty.as_ref().map(ty_sexp).unwrap_or_else(|| "def".into());
            let vs: Vec<String> = vars
                .iter()
                .map(|v| match &v.init {
                    Some(i) => format!("{}={}", v.name, sexp(i)),
                    None => v.name.to_string(),
                })
                .collect();
            format!("(var {t} {})", vs.join(" "))
        }
        Method(m) => {
            let rt = m.return_type.as_ref().map(ty_sexp).unwrap_or_else(|| "def".into());
            let mods = m.modifiers.iter().map(|m| format!("{m} ")).collect::<String>();
            let ann = m.annotations.iter().map(|a| format!("@{} ", a.name)).collect::<String>();
            format!("(method {ann}{mods}{rt} {}({}) {{{}}})", m.name, params_sexp(&m.params), block_sexp(&m.body))
        }
        Block(b) => format!("{{{}}}", block_sexp(b)),
        If { cond, then_branch, else_branch } => match else_branch {
            Some(e) => format!("(if {} {} {})", sexp(cond), stmt_sexp(then_branch), stmt_sexp(e)),
            None => format!("(if {} {})", sexp(cond), stmt_sexp(then_branch)),
        },
        While { cond, body } => format!("(while {} {})", sexp(cond), stmt_sexp(body)),
        DoWhile { body, cond } => format!("(do {} {})", stmt_sexp(body), sexp(cond)),
        ForIn { var, ty, iterable, body } => format!(
            "(for-in {}{var} {} {})",
            ty.as_ref().map(|t| format!("{} ", ty_sexp(t))).unwrap_or_default(),
            sexp(iterable),
            stmt_sexp(body)
        ),
        For { init, cond, update, body } => format!(
            "(for [{}] {} [{}] {})",
            block_sexp(init),
            cond.as_ref().map(sexp).unwrap_or_else(|| "_".into()),
            update.iter().map(sexp).collect::<Vec<_>>().join(", "),
            stmt_sexp(body)
        ),
        Switch { subject, cases } => {
            let cs: Vec<String> = cases
                .iter()
                .map(|c| {
                    let mut ls: Vec<String> = c.labels.iter().map(sexp).collect();
                    if c.is_default {
                        ls.push("default".into());
                    }
                    format!("(case {}: {})", ls.join(" "), block_sexp(&c.body))
                })
                .collect();
            format!("(switch {} {})", sexp(subject), cs.join(" "))
        }
        Try { body, catches, finally } => {
            let mut s = format!("(try {{{}}}", block_sexp(body));
            for c in catches {
                let tys = c.types.iter().map(ty_sexp).collect::<Vec<_>>().join("|");
                s.push_str(&format!(" (catch {tys} {} {{{}}})", c.name, block_sexp(&c.body)));
            }
            if let Some(f) = finally {
                s.push_str(&format!(" (finally {{{}}})", block_sexp(f)));
            }
            s.push(')');
            s
        }
        Return(None) => "(return)".into(),
        Return(Some(e)) => format!("(return {})", sexp(e)),
        Break(l) => format!("(break{})", l.as_ref().map(|l| format!(" {l}")).unwrap_or_default()),
        Continue(l) => format!("(continue{})", l.as_ref().map(|l| format!(" {l}")).unwrap_or_default()),
        Throw(e) => format!("(throw {})", sexp(e)),
        Assert { cond, message } => match message {
            Some(m) => format!("(assert {} {})", sexp(cond), sexp(m)),
            None => format!("(assert {})", sexp(cond)),
        },
        Labeled { label, body } => format!("({label}: {})", stmt_sexp(body)),
        Import { path, is_static, wildcard, alias } => format!(
            "(import{} {path}{}{})",
            if *is_static { " static" } else { "" },
            if *wildcard { ".*" } else { "" },
            alias.as_ref().map(|a| format!(" as {a}")).unwrap_or_default()
        ),
        TypeDecl { keyword, name } => format!("({keyword} {name})"),
        Empty => "(empty)".into(),
    }
}

// ----- methods and declarations ---------------------------------------------------------------

#[test]
fn method_declarations() {
    assert_eq!(sxs("def installed() {\n  initialize()\n}"), "(method def installed() {(call _ initialize)})");
    assert_eq!(
        sxs("private String label(String name, int n = 2, x, def y) { return name }"),
        "(method private String label(String name, int n=2, x, y) {(return name)})"
    );
    assert_eq!(sxs("def updated()\n{\n  unsubscribe()\n}"), "(method def updated() {(call _ unsubscribe)})");
    assert_eq!(sxs("@Deprecated\ndef old() {}"), "(method @Deprecated def old() {})");
    assert_eq!(sxs("private foo() {}"), "(method private def foo() {})");
    assert_eq!(sxs("void f() {}"), "(method void f() {})");
    assert_eq!(
        sxs("static Map<String, List<Integer>> m(String... xs) {}"),
        "(method static Map<String,List<Integer>> m(String[] xs) {})"
    );
    assert_eq!(sxs("def f() throws IOException { }"), "(method def f() {})");
    assert_eq!(sxs("def String g() { 'x' }"), "(method String g() {\"x\"})");
    let s = one_stmt("def handler(evt) {}");
    let StmtKind::Method(m) = &s.kind else { panic!() };
    assert_eq!(m.name_span, Span::new(4, 11));
    assert_eq!(s.span, Span::new(0, 19));
    // Groovy allows a string as a method's name (`def "switch"(evt)`: a keyword as a name).
    assert_eq!(sxs("def \"switch\"(evt) { 1 }"), "(method def switch(evt) {1})");
    assert_eq!(sxs("private \"two words\"() {}"), "(method private def two words() {})");
    assert_eq!(err("def \"x\" = 1").0, "expected name after `def`, found string literal");
    // `@Field` declarations are script-level variables (assignments), other locals stay locals.
    assert_eq!(sxs("@Field final List W = [1]"), sxs("W = [1]"));
    assert_eq!(sxs("@groovy.transform.Field int n"), sxs("n = null"));
    assert_eq!(sxs("@Deprecated int n = 1"), sxs("int n = 1"));
}

#[test]
fn local_declarations() {
    assert_eq!(sxs("int a, b = 2"), "(var int a b=2)");
    assert_eq!(sxs("String s"), "(var String s)");
    assert_eq!(sxs("List<String> x = []"), "(var List<String> x=[])");
    assert_eq!(sxs("def x = 1, y"), "(var def x=1 y)");
    assert_eq!(sxs("final x = 1"), "(var def x=1)");
    assert_eq!(sxs("final String s = 'a'"), "(var String s=\"a\")");
    assert_eq!(sxs("def int n = 20"), "(var int n=20)");
    assert_eq!(sxs("def int[] days = [0, 0]"), "(var int[] days=[0 0])");
    assert_eq!(sxs("String[] parts = s.split(',')"), "(var String[] parts=(call s split \",\"))");
    assert_eq!(sxs("byte [] b = new byte [n / 2]"), "(var byte[] b=(new byte[] (/ n 2)))");
    assert_eq!(sxs("java.util.Date d = new Date()"), "(var java.util.Date d=(new Date))");
    assert_eq!(
        sxs("Map<String, List<Map<String,Integer>>> m = [:]"),
        "(var Map<String,List<Map<String,Integer>>> m=[:])"
    );
    assert_eq!(sxs("@Field def x = 1"), "(= x 1)");
    // `def x` followed by a name on the next line is two statements, not `def Type name`.
    assert_eq!(sxs("def msg\nString s = 'a'"), "(var def msg); (var String s=\"a\")");
    assert_eq!(sxs("def json\nhttpGet(url) { r -> }"), "(var def json); (call _ httpGet url {r -> })");
    // A lower-case word followed by a name is a command call, not a declaration.
    assert_eq!(sxs("foo bar"), "(cmd _ foo bar)");
}

#[test]
fn closures() {
    assert_eq!(sx("c = { a, b -> a + b }"), "(= c {a, b -> (+ a b)})");
    assert_eq!(sx("c = { String a, int b -> a }"), "(= c {String a, int b -> a})");
    assert_eq!(sx("c = { -> 1 }"), "(= c { -> 1})");
    assert_eq!(sx("c = { it * 2 }"), "(= c {(* it 2)})");
    assert_eq!(sx("c = { a = 1, Map.Entry e -> }"), "(= c {a=1, Map.Entry e -> })");
    assert_eq!(sx("c = { a,\n b -> a }"), "(= c {a, b -> a})");
    assert_eq!(sx("c = { foo { x -> x } }"), "(= c {(cmd _ foo {x -> x})})");
    // At statement start, a brace with parameters is a closure and one without is a block.
    assert_eq!(sx("{ a -> a }"), "{a -> a}");
    assert_eq!(sxs("{ a() }"), "{(call _ a)}");
    let e = expr("c = { a -> }");
    let ExprKind::Assign { value, .. } = &e.kind else { panic!() };
    let ExprKind::Closure(c) = &value.kind else { panic!() };
    assert_eq!(c.params.as_ref().map(|p| p.len()), Some(1));
    let e = expr("c = { }");
    let ExprKind::Assign { value, .. } = &e.kind else { panic!() };
    let ExprKind::Closure(c) = &value.kind else { panic!() };
    assert!(c.params.is_none() && c.body.is_empty());
}

// ----- calls --------------------------------------------------------------------------------

#[test]
fn command_calls() {
    let e = expr(r#"input "x", "capability.switch", title: "T""#);
    let ExprKind::MethodCall { object, member, args, .. } = &e.kind else { panic!("{e:?}") };
    assert!(object.is_none());
    assert_eq!(member, &Member::Name("input".into()));
    assert_eq!((args.positional.len(), args.named.len(), args.parens), (2, 1, false));

    assert_eq!(
        sx(r#"input "x", "capability.switch", title: "T", multiple: true"#),
        r#"(cmd _ input "x" "capability.switch" title="T" multiple=true)"#
    );
    assert_eq!(sx(r#"log.debug "msg $x""#), r#"(cmd log debug (gstr "msg " x))"#);
    assert_eq!(sx(r#"paragraph "text""#), r#"(cmd _ paragraph "text")"#);
    assert_eq!(sx(r#"location.helloHome.execute phrase"#), "(cmd (. location helloHome) execute phrase)");
    assert_eq!(sx(r#"settings?.foo 1"#), "(cmd settings ?.foo 1)");
    assert_eq!(
        sx("fingerprint profileId: \"0104\", inClusters: \"0000\""),
        r#"(cmd _ fingerprint profileId="0104" inClusters="0000")"#
    );
    assert_eq!(sx(r#"status "on": "command: 2003""#), r#"(cmd _ status on="command: 2003")"#);
    assert_eq!(sx("foo a, b: 1, c"), "(cmd _ foo a c b=1)");
    assert_eq!(sx("foo !x"), "(cmd _ foo (! x))");
    assert_eq!(sx("foo new Date()"), "(cmd _ foo (new Date))");
    assert_eq!(sx("foo a,\n  b"), "(cmd _ foo a b)");
    assert_eq!(sx("foo x ? 1 : 2"), "(cmd _ foo (? x 1 2))");
    // Command chains: `a b c d` is `a(b).c(d)`; `a b c` is `a(b).c`.
    assert_eq!(sx(r#"command "setColorHex" "string""#), r#"(. (cmd _ command "setColorHex") $"string")"#);
    assert_eq!(sx("move forward by 5"), "(cmd (cmd _ move forward) by 5)");
    // The initializer of a declaration and the value of an assignment statement may be command
    // calls (`def out = sh script: "ls", returnStdout: true`).
    assert_eq!(sxs("def r = foo 1, b: 2"), "(var def r=(cmd _ foo 1 b=2))");
    assert_eq!(sxs(r#"String s = input name, "number""#), r#"(var String s=(cmd _ input name "number"))"#);
    assert_eq!(sx("x.y = bar z"), "(= (. x y) (cmd _ bar z))");
    assert_eq!(sx("a = b = bar z"), "(= a (= b (cmd _ bar z)))");
    assert_eq!(sxs("def x = a -1"), "(var def x=(- a 1))");
    // Not command calls.
    assert_eq!(sx("foo -1"), "(- foo 1)");
    assert_eq!(sx("x in list"), "(in x list)");
    assert_eq!(sx("x as int"), "(as x int)");
    assert_eq!(sxs("def x = foo"), "(var def x=foo)");
    assert_eq!(sx("foo [1]"), "(idx foo 1)");
    assert_eq!(sxs("foo\n(x)"), "foo; x");
}

#[test]
fn calls_with_parens_and_closures() {
    let e = expr(r#"section("Title") { input "a", "b" }"#);
    let ExprKind::MethodCall { args, .. } = &e.kind else { panic!() };
    assert!(args.parens);
    assert_eq!(args.positional.len(), 2);
    assert_eq!(sx(r#"section("Title") { paragraph "p" }"#), r#"(call _ section "Title" {(cmd _ paragraph "p")})"#);
    assert_eq!(sx("preferences { }"), "(cmd _ preferences {})");
    assert_eq!(sx("foo(1) { a } { b }"), "(call _ foo 1 {a} {b})");
    assert_eq!(sx("list.each { it }"), "(cmd list each {it})");
    assert_eq!(sx("list.inject(0) { a, b -> a + b }"), "(call list inject 0 {a, b -> (+ a b)})");
    assert_eq!(sx("f(a: 1, 2, *rest, *: m)"), "(call _ f 2 (* rest) a=1 *=m)");
    assert_eq!(sx("f(\"k\": 1, (k): 2, 3: x)"), "(call _ f k=1 (k)=2 (3)=x)");
    assert_eq!(sx("f(a, , b,)"), "(call _ f a b)");
    assert_eq!(sx("f()()"), "(callv (call _ f) )");
    assert_eq!(sx("list[0](x)"), "(callv (idx list 0) x)");
    assert_eq!(sx("foo (x)"), "(call _ foo x)");
    // Groovy attaches a block on the following line to the call before it.
    assert_eq!(sx("section(\"a\")\n{\n  foo()\n}"), r#"(call _ section "a" {(call _ foo)})"#);
    assert_eq!(sx("parts.each\n    { part -> part }"), "(cmd parts each {part -> part})");
    assert_eq!(
        sx("definition(name: 'n')\n\n{\n  appSetting 'x'\n}"),
        r#"(call _ definition {(cmd _ appSetting "x")} name="n")"#
    );
}

#[test]
fn dynamic_members_and_method_pointers() {
    assert_eq!(sx(r#"obj."$name"(args)"#), "(call obj $(gstr name) args)");
    assert_eq!(sx(r#"obj."literal""#), r#"(. obj $"literal")"#);
    assert_eq!(sx(r#""$name"()"#), "(call _ $(gstr name))");
    assert_eq!(sx(r#"settings."${x}""#), "(. settings $(gstr x))");
    assert_eq!(sx("this.&foo"), "(.& this foo)");
    assert_eq!(sx("this.foo()"), "(call this foo)");
    assert_eq!(sx("super.foo()"), "(call super foo)");
    assert_eq!(sx("it.class"), "(. it class)");
    assert_eq!(sx("x.in"), "(. x in)");
    assert_eq!(sx("a.@b"), "(.@ a b)");
}

// ----- literals ------------------------------------------------------------------------------

#[test]
fn gstrings() {
    assert_eq!(sx(r#""$a.b.c""#), "(gstr (. (. a b) c))");
    assert_eq!(sx(r#""${a + 1} x""#), r#"(gstr (+ a 1) " x")"#);
    assert_eq!(sx(r#""$evt.name: $evt.value.""#), r#"(gstr (. evt name) ": " (. evt value) ".")"#);
    assert_eq!(sx(r#""cost $ 5 and $5""#), r#""cost $ 5 and $5""#);
    assert_eq!(sx(r#""${}""#), "(gstr null)");
    assert_eq!(sx(r#""a ${"b ${c}"}""#), r#"(gstr "a " (gstr "b " c))"#);
    assert_eq!(sx(r#""${list.collect { it * 2 }}""#), "(gstr (cmd list collect {(* it 2)}))");
    assert_eq!(sx(r#""$name.toUpperCase()""#), r#"(gstr (. name toUpperCase) "()")"#);
    assert_eq!(sx(r#""$a$b""#), "(gstr a b)");
    assert_eq!(sx(r#""now ${-> clock.time}""#), r#"(gstr "now " { -> (. clock time)})"#);
    assert_eq!(sx("\"\"\"line $x\nnext\"\"\""), r#"(gstr "line " x "\nnext")"#);
    assert_eq!(sx("/a $x b/"), r#"(gstr "a " x " b")"#);
    assert_eq!(sx("$/a $x $$ b/$"), r#"(gstr "a " x " $ b")"#);
}

#[test]
fn plain_strings() {
    assert_eq!(sx(r#"'a\'b'"#), r#""a'b""#);
    assert_eq!(sx(r#"'${name}'"#), r#""${name}""#);
    assert_eq!(sx("'''multi\nline'''"), r#""multi\nline""#);
    assert_eq!(sx(r#""tab\there\\ \u00e9 \$x""#), r#""tab\there\\ é $x""#);
    assert_eq!(sx(r#"x =~ /\d+\/x/"#), r#"(=~ x "\\d+/x")"#);
    assert_eq!(sx("~/ab+/"), r#"(~ "ab+")"#);
    assert_eq!(sx("a / b / c"), "(/ (/ a b) c)");
    assert_eq!(sxs("def p = /.*\"(\\w+)\".*/"), r#"(var def p=".*\"(\\w+)\".*")"#);
}

#[test]
fn number_literals() {
    assert_eq!(sx("42"), "42");
    assert_eq!(sx("3000000000"), "3000000000L");
    assert_eq!(sx("123456789012345678901234567890"), "123456789012345678901234567890G");
    assert_eq!(sx("1.50"), "1.50BD");
    assert_eq!(sx("1e3"), "1e3BD");
    assert_eq!(sx("2.5d"), "2.5d");
    assert_eq!(sx("0x10"), "16");
    assert_eq!(sx("0b11"), "3");
    assert_eq!(sx("010"), "8");
    assert_eq!(sx("10L"), "10L");
    assert_eq!(sx("10G"), "10G");
    assert_eq!(sx("1_000_000"), "1000000");
    assert_eq!(sx("-1"), "(neg 1)");
    assert_eq!(sx("1.5.round()"), "(call 1.5BD round)");
}

#[test]
fn lists_and_maps() {
    assert_eq!(sx("[]"), "[]");
    assert_eq!(sx("[:]"), "[:]");
    assert_eq!(sx("[1, 2, ]"), "[1 2]");
    assert_eq!(
        sx("[a: 1, 'b c': 2, 3: x, (k): v, *: m, default: 4, in: 5]"),
        "[a=1 b c=2 (3)=x (k)=v *=m default=4 in=5]"
    );
    assert_eq!(sx(r#"["$k": 1]"#), "[((gstr k))=1]");
    assert_eq!(sx("[*a, b]"), "[(* a) b]");
    assert_eq!(sx("[a ? b : c]"), "[(? a b c)]");
    assert_eq!(sx("[\n  1,\n  2\n]"), "[1 2]");
    assert_eq!(sx("[GET: \"h\", PUT: \"u\"]"), r#"[GET="h" PUT="u"]"#);
    assert_eq!(err("[1, a: 2]").0, "cannot mix list elements and map entries in one literal");
}

// ----- operators -----------------------------------------------------------------------------

#[test]
fn precedence() {
    assert_eq!(sx("a + b * c"), "(+ a (* b c))");
    assert_eq!(sx("a - b - c"), "(- (- a b) c)");
    assert_eq!(sx("a || b && c"), "(|| a (&& b c))");
    assert_eq!(sx("a == b && c != d"), "(&& (== a b) (!= c d))");
    assert_eq!(sx("a < b == c"), "(== (< a b) c)");
    assert_eq!(sx("a & b | c ^ d"), "(| (& a b) (^ c d))");
    assert_eq!(sx("a << b + c"), "(<< a (+ b c))");
    assert_eq!(sx("-a ** b"), "(neg (** a b))");
    assert_eq!(sx("a ** b ** c"), "(** (** a b) c)");
    assert_eq!(sx("2 ** -1"), "(** 2 (neg 1))");
    assert_eq!(sx("!a.b()"), "(! (call a b))");
    assert_eq!(sx("a ?: b ? c : d"), "(?: a (? b c d))");
    assert_eq!(sx("a ? b : c ? d : e"), "(? a b (? c d e))");
    assert_eq!(sx("x = y = z"), "(= x (= y z))");
    assert_eq!(sx("x = a ? b : c"), "(= x (? a b c))");
    assert_eq!(sx("1..n+1"), "(.. 1 (+ n 1))");
    assert_eq!(sx("0..<n"), "(..< 0 n)");
    assert_eq!(sx("a as Integer + 1"), "(+ (as a Integer) 1)");
    assert_eq!(sx("a == b as Integer"), "(== a (as b Integer))");
    assert_eq!(sx("a =~ b && c ==~ d"), "(&& (=~ a b) (==~ c d))");
    assert_eq!(sx("a <=> b"), "(<=> a b)");
    assert_eq!(sx("a === b || a !== c"), "(|| (=== a b) (!== a c))");
    assert_eq!(sx("x in [1, 2] && y !in z"), "(&& (in x [1 2]) (!in y z))");
    assert_eq!(sx("x instanceof String"), "(instanceof x String)");
    assert_eq!(sx("x !instanceof List<String>"), "(!instanceof x List<String>)");
    assert_eq!(sx("a >> 1 >>> 2"), "(>>> (>> a 1) 2)");
    assert_eq!(sx("~a & 0xFF"), "(& (~ a) 255)");
    assert_eq!(sx("a % b / c"), "(/ (% a b) c)");
}

#[test]
fn assignments_and_increments() {
    for op in ["+=", "-=", "*=", "/=", "%=", "**=", "<<=", ">>=", ">>>=", "&=", "|=", "^=", "?="] {
        assert_eq!(sx(&format!("x {op} 1")), format!("({op} x 1)"));
    }
    assert_eq!(sx("state.count = 0"), "(= (. state count) 0)");
    assert_eq!(sx("m[k] = v"), "(= (idx m k) v)");
    assert_eq!(sx("i++"), "(post++ i)");
    assert_eq!(sx("--i"), "(--pre i)");
    assert_eq!(sx("state.n++"), "(post++ (. state n))");
    assert_eq!(sxs("i\n++j"), "i; (++pre j)");
    assert_eq!(err("foo() = 1").0, "invalid assignment target");
}

#[test]
fn navigation_and_subscripts() {
    assert_eq!(sx("a?.b?.c()"), "(call (?. a b) ?.c)");
    assert_eq!(sx("switches*.on()"), "(call switches *.on)");
    assert_eq!(sx("switches*.currentSwitch"), "(*. switches currentSwitch)");
    assert_eq!(sx("a[1]"), "(idx a 1)");
    assert_eq!(sx("a?[1]"), "(?idx a 1)");
    assert_eq!(sx("m[1, 2]"), "(idx m 1 2)");
    assert_eq!(sx("s[0..2]"), "(idx s (.. 0 2))");
    assert_eq!(sx("a[-1].b"), "(. (idx a (neg 1)) b)");
    assert_eq!(sx("x ? [1] : [2]"), "(? x [1] [2])");
}

#[test]
fn casts() {
    assert_eq!(sx("(int) x"), "(cast int x)");
    assert_eq!(sx("(String) y"), "(cast String y)");
    assert_eq!(sx("(int) (a * 2)"), "(cast int (* a 2))");
    assert_eq!(sx("(float) Math.pow(a, 2)"), "(cast float (call Math pow a 2))");
    assert_eq!(sx("(int) -x"), "(cast int (neg x))");
    assert_eq!(sx("(List<String>) x"), "(cast List<String> x)");
    assert_eq!(sx("(a) + b"), "(+ a b)");
    assert_eq!(sx("(Foo) - b"), "(- Foo b)");
    assert_eq!(sx("(a)"), "a");
    assert_eq!(sx("(int) pct * 100"), "(* (cast int pct) 100)");
    // A newline after `(Name)` ends the statement; inside brackets a cast spans lines.
    assert_eq!(sxs("b = (M)\nM.add(2)"), "(= b M); (call M add 2)");
    assert_eq!(sx("f((String)\n y)"), "(call _ f (cast String y))");
}

#[test]
fn new_expressions() {
    assert_eq!(sx("new Date()"), "(new Date)");
    assert_eq!(sx("new Date().time"), "(. (new Date) time)");
    assert_eq!(sx(r#"new java.text.SimpleDateFormat("yyyy")"#), r#"(new java.text.SimpleDateFormat "yyyy")"#);
    assert_eq!(sx("new HashMap<String, Integer>()"), "(new HashMap<String,Integer>)");
    assert_eq!(sx("new ArrayList<>()"), "(new ArrayList)");
    assert_eq!(sx("new Foo(a: 1)"), "(new Foo a=1)");
    // Array creation: the sizes are the arguments, the dimensions are the type's.
    let e = expr("new int[7]");
    let ExprKind::New { ty, args } = &e.kind else { panic!() };
    assert_eq!((ty.array_dims, args.positional.len(), args.parens), (1, 1, false));
    assert_eq!(err("new int[] {1, 2}").0, "unsupported construct: array initializer");
    assert_eq!(err("new Runnable() {\n}").0, "unsupported construct: anonymous class");
}

// ----- statements ----------------------------------------------------------------------------

#[test]
fn if_else() {
    assert_eq!(sxs("if (a) b()"), "(if a (call _ b))");
    assert_eq!(sxs("if (a) { b() } else { c() }"), "(if a {(call _ b)} {(call _ c)})");
    assert_eq!(sxs("if (a) {\n}\nelse {\n}"), "(if a {} {})");
    assert_eq!(
        sxs("if (a)\n{\n x()\n}\nelse if (b)\n y()\nelse z()"),
        "(if a {(call _ x)} (if b (call _ y) (call _ z)))"
    );
    assert_eq!(sxs("if (a) x = 1; else x = 2"), "(if a (= x 1) (= x 2))");
    assert_eq!(sxs("if (a) log.debug \"y\" else log.debug \"n\""), r#"(if a (cmd log debug "y") (cmd log debug "n"))"#);
    let mut src = String::from("if (a) x()");
    for _ in 0..600 {
        src.push_str(" else if (a) x()");
    }
    assert_eq!(stmts(&src).len(), 1);
}

#[test]
fn loops() {
    assert_eq!(sxs("for (x in xs) f(x)"), "(for-in x xs (call _ f x))");
    assert_eq!(sxs("for (def x in xs) {}"), "(for-in x xs {})");
    assert_eq!(sxs("for (String x : xs) {}"), "(for-in String x xs {})");
    assert_eq!(sxs("for (int i = 0; i < n; i++) {}"), "(for [(var int i=0)] (< i n) [(post++ i)] {})");
    assert_eq!(sxs("for (i = 0, j = 1; ; i++, j--) {}"), "(for [(= i 0); (= j 1)] _ [(post++ i), (post-- j)] {})");
    assert_eq!(sxs("for (;;) break"), "(for [] _ [] (break))");
    assert_eq!(sxs("while (x > 0) x--"), "(while (> x 0) (post-- x))");
    assert_eq!(sxs("while (x);"), "(while x (empty))");
    assert_eq!(sxs("do { x++ } while (x < 3)"), "(do {(post++ x)} (< x 3))");
    assert_eq!(sxs("do {\n x++\n}\nwhile (x < 3)"), "(do {(post++ x)} (< x 3))");
    assert_eq!(sxs("outer: for (x in xs) { continue outer }"), "(outer: (for-in x xs {(continue outer)}))");
    assert_eq!(sxs("while (true) { break\n foo() }"), "(while true {(break); (call _ foo)})");
}

#[test]
fn switch_statements() {
    let src = "switch (x) {\n case 1:\n case 2: a(); break\n case 'b': case ~/c.*/: b()\n case [3, 4]: case Integer: case 5..6:\n c()\n default:\n d()\n}";
    assert_eq!(
        sxs(src),
        r#"(switch x (case 1 2: (call _ a); (break)) (case "b" (~ "c.*"): (call _ b)) (case [3 4] Integer (.. 5 6): (call _ c)) (case default: (call _ d)))"#
    );
    assert_eq!(sxs("switch (x) { case { it > 1 }: return 1 }"), "(switch x (case {(> it 1)}: (return 1)))");
    assert_eq!(sxs("switch (x) { }"), "(switch x )");
}

#[test]
fn try_catch() {
    assert_eq!(
        sxs("try {\n a()\n}\ncatch (IOException | java.net.SocketException e) {\n}\ncatch (e) { }\nfinally { b() }"),
        "(try {(call _ a)} (catch IOException|java.net.SocketException e {}) (catch  e {}) (finally {(call _ b)}))"
    );
    assert_eq!(sxs("try { } catch (Exception e) { log.error e }"), "(try {} (catch Exception e {(cmd log error e)}))");
    assert_eq!(sxs("try { } catch (def e) { }"), "(try {} (catch  e {}))");
    assert_eq!(err("try { }\nfoo()").0, "expected `catch` or `finally` after `try` block, found `foo`");
}

#[test]
fn jumps_and_misc_statements() {
    assert_eq!(sxs("return"), "(return)");
    assert_eq!(sxs("return x"), "(return x)");
    assert_eq!(sxs("return\nx"), "(return); x");
    assert_eq!(sxs("def f() { return }"), "(method def f() {(return)})");
    assert_eq!(sxs("return [a: 1]"), "(return [a=1])");
    assert_eq!(sxs("throw new Exception('x')"), r#"(throw (new Exception "x"))"#);
    assert_eq!(sxs("assert x > 1 : 'too small'"), r#"(assert (> x 1) "too small")"#);
    assert_eq!(sxs("assert x, 'm'"), r#"(assert x "m")"#);
    assert_eq!(sxs("assert x"), "(assert x)");
    assert_eq!(sxs("break"), "(break)");
    assert_eq!(sxs("a(); b();; c()"), "(call _ a); (call _ b); (empty); (call _ c)");
}

#[test]
fn imports_and_type_declarations() {
    assert_eq!(sxs("import groovy.json.JsonSlurper"), "(import groovy.json.JsonSlurper)");
    assert_eq!(sxs("import static java.lang.Math.max"), "(import static java.lang.Math.max)");
    assert_eq!(sxs("import java.util.*"), "(import java.util.*)");
    assert_eq!(sxs("import java.util.Date as D"), "(import java.util.Date as D)");
    assert_eq!(sxs("class Foo extends Bar { def x = { }; void f() { } }\nfoo()"), "(class Foo); (call _ foo)");
    assert_eq!(sxs("@Foo(1) public interface I { }"), "(interface I)");
    assert_eq!(sxs("enum Color { RED, GREEN }"), "(enum Color)");
}

#[test]
fn labels() {
    assert_eq!(sxs("action: [GET: \"h\"]"), r#"(action: [GET="h"])"#);
    assert_eq!(
        sxs("path(\"/x\") { action: [GET: \"h\", PUT: \"u\"] }"),
        r#"(call _ path "/x" {(action: [GET="h" PUT="u"])})"#
    );
    assert_eq!(sxs("loop:\nfor (x in y) { break loop }"), "(loop: (for-in x y {(break loop)}))");
}

// ----- newline rules -------------------------------------------------------------------------

#[test]
fn newline_rules() {
    assert_eq!(sxs("x = a +\n b"), "(= x (+ a b))");
    assert_eq!(sxs("x = a\n+ b"), "(= x a); (pos b)");
    assert_eq!(sxs("x = a\n- b"), "(= x a); (neg b)");
    assert_eq!(sxs("x = a\n && b"), "(= x (&& a b))");
    assert_eq!(sxs("x = a ||\n b"), "(= x (|| a b))");
    assert_eq!(sxs("x = a\n ? b\n : c"), "(= x (? a b c))");
    assert_eq!(sxs("def s = foo\n  .bar()\n  ?.baz"), "(var def s=(?. (call foo bar) baz))");
    assert_eq!(sxs("x =\n 5"), "(= x 5)");
    assert_eq!(sxs("f(a,\n b)"), "(call _ f a b)");
    assert_eq!(sxs("def l = [\n 1\n ,2\n]"), "(var def l=[1 2])");
    assert_eq!(sxs("foo()\nbar()"), "(call _ foo); (call _ bar)");
    assert_eq!(sxs("x\n[1]"), "x; [1]");
    assert_eq!(sxs("f({ a ->\n a })"), "(call _ f {a -> a})");
    assert_eq!(sxs("foo {\n a\n b\n}"), "(cmd _ foo {a; b})");
    assert_eq!(sxs("x = a\n  .b\ny = 2"), "(= x (. a b)); (= y 2)");
    assert_eq!(sxs("if (a) { x() } // c\nelse { y() }"), "(if a {(call _ x)} {(call _ y)})");
}

// ----- DSL forms -----------------------------------------------------------------------------

#[test]
fn smartapp_dsl() {
    let src = r#"
definition(
    name: "x",
    namespace: "y",
    author: "z")

preferences {
    page(name: "p", title: "t") {
        section {
            input "sw", "capability.switch", title: "Switch?", multiple: true
        }
    }
}

def pageOne() {
    dynamicPage(name: "p", install: true) {
        section("Title") { paragraph "hi" }
    }
}

mappings {
    path("/x") { action: [GET: "h"] }
}
"#;
    let s = stmts(src);
    assert_eq!(s.len(), 4);
    assert_eq!(stmt_sexp(&s[0]), r#"(call _ definition name="x" namespace="y" author="z")"#);
    assert_eq!(
        stmt_sexp(&s[1]),
        r#"(cmd _ preferences {(call _ page {(cmd _ section {(cmd _ input "sw" "capability.switch" title="Switch?" multiple=true)})} name="p" title="t")})"#
    );
    assert_eq!(
        stmt_sexp(&s[2]),
        r#"(method def pageOne() {(call _ dynamicPage {(call _ section "Title" {(cmd _ paragraph "hi")})} name="p" install=true)})"#
    );
    assert_eq!(stmt_sexp(&s[3]), r#"(cmd _ mappings {(call _ path "/x" {(action: [GET="h"])})})"#);
}

#[test]
fn device_handler_dsl() {
    let src = r##"
metadata {
    definition(name: "d", namespace: "n") {
        capability "Switch"; command "foo"
        fingerprint profileId: "0104", inClusters: "0000,0003"
    }
    simulator {
        status "on": "command: 2003, payload: FF"
        reply "2001FF,delay 100": "command: 2503"
    }
    tiles {
        standardTile("x", "device.switch", width: 2) {
            state "on", label: '${name}', action: "switch.off", backgroundColor: "#79b821"
        }
        main "x"
        details(["x", "refresh"])
    }
}
def parse(String description) { }
"##;
    let s = stmts(src);
    assert_eq!(s.len(), 2);
    let text = stmt_sexp(&s[0]);
    assert!(text.contains(r#"(cmd _ capability "Switch"); (cmd _ command "foo")"#), "{text}");
    assert!(text.contains(r#"(cmd _ fingerprint profileId="0104" inClusters="0000,0003")"#), "{text}");
    assert!(text.contains(r#"(cmd _ status on="command: 2003, payload: FF")"#), "{text}");
    assert!(
        text.contains(r##"(cmd _ state "on" label="${name}" action="switch.off" backgroundColor="#79b821")"##),
        "{text}"
    );
    assert!(text.contains(r#"(call _ details ["x" "refresh"])"#), "{text}");
    assert_eq!(stmt_sexp(&s[1]), "(method def parse(String description) {})");
}

#[test]
fn spans_cover_their_text() {
    let src = "def x = foo.bar(1) + 2";
    let s = one_stmt(src);
    let StmtKind::LocalVar { vars, .. } = &s.kind else { panic!() };
    let init = vars[0].init.as_ref().unwrap();
    assert_eq!(&src[init.span.start as usize..init.span.end as usize], "foo.bar(1) + 2");
    let ExprKind::Binary { lhs, .. } = &init.kind else { panic!() };
    assert_eq!(&src[lhs.span.start as usize..lhs.span.end as usize], "foo.bar(1)");
    assert_eq!(s.span, Span::new(0, src.len() as u32));
    let e = expr(r#"log.debug "a $b""#);
    assert_eq!(e.span, Span::new(0, 16));
    let ExprKind::MethodCall { args, .. } = &e.kind else { panic!() };
    let ExprKind::GString(parts) = &args.positional[0].kind else { panic!() };
    let GStringPart::Expr(b) = &parts[1] else { panic!() };
    assert_eq!(b.span, Span::new(14, 15));
}

// ----- errors --------------------------------------------------------------------------------

#[test]
fn error_unterminated_string() {
    assert_eq!(err("def a = 1\ndef s = \"abc\ndef b = 2"), ("unterminated string literal".into(), 2, 9));
    assert_eq!(err("x = '''abc"), ("unterminated string literal".into(), 1, 5));
    assert_eq!(err("x = \"${a\""), ("unterminated string literal".into(), 1, 9));
}

#[test]
fn error_missing_paren() {
    assert_eq!(err("foo(a, b\ndef x = 1"), ("expected `)` after arguments, found keyword `def`".into(), 2, 1));
    assert_eq!(err("foo(a b)"), ("expected `)` after arguments, found `b`".into(), 1, 7));
    assert_eq!(err("if (a {\n}"), ("expected `)` after `if` condition, found end of input".into(), 2, 2));
    assert_eq!(err("x = (a + b"), ("expected `)` to close parenthesized expression, found end of input".into(), 1, 11));
}

#[test]
fn error_stray_brace() {
    assert_eq!(err("def f() {\n  x()\n}\n}"), ("unexpected `}` with no matching `{`".into(), 4, 1));
    assert_eq!(err("def f() {\n  x()\n"), ("expected `}` to close block, found end of input".into(), 3, 1));
}

#[test]
fn other_errors() {
    assert_eq!(err("foo(1) 2").0, "expected end of statement (newline or `;`), found number literal");
    assert_eq!(err("else x()").0, "`else` without a matching `if`");
    assert_eq!(err("case 1: x").0, "`case` outside of a `switch`");
    assert_eq!(err("package a.b").0, "unsupported construct: `package` declaration");
    assert_eq!(err("x = if").0, "expected expression, found keyword `if`");
    assert_eq!(err("x = )").0, "expected expression, found `)`");
    assert_eq!(err("f(a: )").0, "expected expression, found `)`");
    assert_eq!(err(r#""${a b}""#).0, "expected `}` to close `${` interpolation, found `b`");
    assert_eq!(err("switch (x) { foo() }").0, "expected `case`, `default` or `}` in `switch`, found `foo`");
    assert_eq!(err("def f(a b c) {}").0, "expected `,` or `)` in parameter list, found `c`");
    assert_eq!(err("x.").0, "expected member name after `.`, found end of input");
    assert_eq!(err("a # b").0, "unexpected character `#`");
    assert_eq!(err("def (a, 2) = [1, 2]").0, "expected variable name, found number literal");
    assert_eq!(err("def (a, b)").0, "expected `=` after the names of a multiple assignment, found end of input");
    assert_eq!(err("x = String::valueOf").0, "unsupported construct: method reference `::`");
    assert_eq!(err("x.<String>foo()").0, "unsupported construct: explicit type arguments on a method call");
    assert_eq!(err("synchronized (x) { }").0, "unsupported construct: `synchronized` block");
}

#[test]
fn parse_reports_line_and_column_through_source_file() {
    let file = SourceFile::new("app.groovy", "def x = 1\nfoo(\n");
    let e = parse(&file).unwrap_err();
    let lc = e.line_col(&file);
    assert_eq!((lc.line, lc.column), (3, 1));
    assert_eq!(e.to_string(), e.message);
}

// ----- robustness ----------------------------------------------------------------------------

fn nesting_is_rejected_or_parsed(src: &str) {
    match parse_str(src) {
        Ok(_) => {}
        Err(e) => assert!(
            e.message == "nesting too deep" || e.message == "expression too long",
            "unexpected error {:?} for deep input",
            e.message
        ),
    }
}

#[test]
fn deep_nesting_is_an_error_not_a_stack_overflow() {
    let n = 5000;
    let expression_forms = [
        ("(", "x", ")"),
        ("[", "x", "]"),
        ("f(", "x", ")"),
        ("\"${", "x", "}\""),
        ("a = ", "1", ""),
        ("a ? b : ", "c", ""),
        ("a ?: ", "c", ""),
        ("-", "x", ""),
        ("!", "x", ""),
        ("(int) ", "x", ""),
        ("{ a -> ", "a", " }"),
        ("x.y { ", "z", " }"),
    ];
    for (open, mid, close) in expression_forms {
        let src = format!("{}{}{}", open.repeat(n), mid, close.repeat(n));
        nesting_is_rejected_or_parsed(&src);
        nesting_is_rejected_or_parsed(&format!("def x = {src}"));
        nesting_is_rejected_or_parsed(&format!("def f() {{ {src} }}"));
    }
    let statement_forms =
        [("{", "x", "}"), ("if (a) ", "x()", ""), ("while (x) ", "y()", ""), ("x: ", "y", ""), ("List<", "X", "> x")];
    for (open, mid, close) in statement_forms {
        let src = format!("{}{}{}", open.repeat(n), mid, close.repeat(n));
        nesting_is_rejected_or_parsed(&src);
    }
    let chain = format!("x{}", " + x".repeat(20_000));
    assert_eq!(err(&chain).0, "expression too long");
    let chain = format!("x{}", ".y".repeat(20_000));
    assert_eq!(err(&chain).0, "expression too long");
    // Moderately deep nesting within the limit parses.
    let src = format!("x = {}1{}", "(".repeat(100), ")".repeat(100));
    assert_eq!(sxs(&src), "(= x 1)");
}

#[test]
fn never_panics_on_truncated_input() {
    let src = r#"
definition(name: "x", namespace: "y")
preferences { section("T") { input "a", "capability.switch", title: "T", multiple: true } }
def installed() { subscribe(a, "switch.on", h); state.x = [a: 1, b: [1, 2]] }
def h(evt) {
    def m = "$evt.name: ${evt.value ?: 'none'}"
    switch (m) { case ~/a.*/: log.debug "a"; break; default: x?.y*.z() }
    for (int i = 0; i < 3; i++) { try { (int) x / 2 } catch (e) { } }
    return a ? [1..<2] : ~/x/
}
"#;
    for end in 0..=src.len() {
        if src.is_char_boundary(end) {
            let _ = parse_str(&src[..end]);
        }
    }
    for start in 0..src.len() {
        if src.is_char_boundary(start) {
            let _ = parse_str(&src[start..]);
        }
    }
}
