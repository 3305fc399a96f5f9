//! Temporary audit (removed before hand-off).
use eventide_groovy::syntax::*;
use std::collections::BTreeMap;

struct A<'a> { file: &'a SourceFile, name: String, out: &'a mut BTreeMap<String, Vec<String>> }
impl A<'_> {
    fn rec(&mut self, cat: &str, span: Span, extra: &str) {
        let lc = self.file.line_col(span.start);
        let line = self.file.line_text(lc.line).trim().to_string();
        self.out.entry(cat.to_string()).or_default().push(format!("{}:{}:{} {} | {}", self.name, lc.line, lc.column, extra, line));
    }
    fn stmts(&mut self, s: &[Stmt]) { for x in s { self.stmt(x) } }
    fn stmt(&mut self, s: &Stmt) {
        match &s.kind {
            StmtKind::Expr(e) => {
                match &e.kind {
                    ExprKind::Ident(_) | ExprKind::Property{..} | ExprKind::Str(_) | ExprKind::GString(_) | ExprKind::Binary{..} | ExprKind::Number(_) | ExprKind::List(_) | ExprKind::Map(_) | ExprKind::Closure(_) | ExprKind::Index{..} => self.rec("bare-expr-stmt", e.span, ""),
                    _ => {}
                }
                self.expr(e)
            }
            StmtKind::LocalVar { ty, vars } => {
                if let Some(t) = ty { if t.name.chars().next().is_some_and(|c| c.is_lowercase()) { self.rec("lower-type-decl", s.span, &t.name) } }
                for v in vars { if let Some(i) = &v.init { self.expr(i) } }
            }
            StmtKind::Method(m) => { for p in &m.params { if let Some(d) = &p.default { self.rec("default-param", p.span, ""); self.expr(d) } } self.stmts(&m.body) }
            StmtKind::Block(b) => { self.rec("block-stmt", s.span, ""); self.stmts(b) }
            StmtKind::If { cond, then_branch, else_branch } => { self.expr(cond); self.stmt(then_branch); if let Some(e) = else_branch { self.stmt(e) } }
            StmtKind::While { cond, body } => { self.expr(cond); self.stmt(body) }
            StmtKind::DoWhile { body, cond } => { self.expr(cond); self.stmt(body) }
            StmtKind::ForIn { iterable, body, .. } => { self.expr(iterable); self.stmt(body) }
            StmtKind::For { init, cond, update, body } => { self.rec("classic-for", s.span, ""); self.stmts(init); if let Some(c) = cond { self.expr(c) } for u in update { self.expr(u) } self.stmt(body) }
            StmtKind::Switch { subject, cases } => { self.expr(subject); for c in cases { for l in &c.labels { self.expr(l) } self.stmts(&c.body) } }
            StmtKind::Try { body, catches, finally } => { self.stmts(body); for c in catches { self.stmts(&c.body) } if let Some(f) = finally { self.stmts(f) } }
            StmtKind::Return(Some(e)) | StmtKind::Throw(e) => self.expr(e),
            StmtKind::Assert { cond, message } => { self.expr(cond); if let Some(m) = message { self.expr(m) } }
            StmtKind::Labeled { label, body } => { self.rec("label", s.span, label); self.stmt(body) }
            StmtKind::TypeDecl { .. } => self.rec("typedecl", s.span, ""),
            StmtKind::Import { .. } => self.rec("import", s.span, ""),
            _ => {}
        }
    }
    fn args(&mut self, a: &Args) {
        for e in &a.positional { self.expr(e) }
        for n in &a.named { match n { MapEntry::Pair { key, value, .. } => { if let MapKey::Expr(k) = key { self.expr(k) } self.expr(value) } MapEntry::Spread(e) => self.expr(e) } }
    }
    fn expr(&mut self, e: &Expr) {
        match &e.kind {
            ExprKind::MethodCall { object, args, member, .. } => {
                if let Some(o) = object {
                    if let ExprKind::MethodCall { args: a2, .. } = &o.kind { if !a2.parens && !args.parens { self.rec("command-chain", e.span, "") } }
                    self.expr(o)
                }
                if let Member::Dynamic(d) = member { self.rec("dynamic-member", e.span, ""); self.expr(d) }
                // closure on line after
                for c in &args.positional { if let ExprKind::Closure(_) = c.kind { let l1 = self.file.line_col(e.span.start).line; let l2 = self.file.line_col(c.span.start).line; let prev = self.file.text()[..c.span.start as usize].trim_end(); if prev.ends_with(')') || prev.chars().last().is_some_and(|ch| ch.is_alphanumeric()) { let lp = self.file.line_col(prev.len() as u32).line; if lp != l2 { self.rec("closure-next-line", c.span, &format!("{l1}")) } } } }
                self.args(args)
            }
            ExprKind::Call { callee, args } => { self.rec("value-call", e.span, ""); self.expr(callee); self.args(args) }
            ExprKind::Cast { ty, expr } => { self.rec("cast", e.span, &ty.name); self.expr(expr) }
            ExprKind::New { ty, args } => { if ty.array_dims > 0 { self.rec("new-array", e.span, "") } self.args(args) }
            ExprKind::Property { object, member, .. } => { if let Member::Dynamic(d) = member { self.rec("dynamic-member", e.span, ""); self.expr(d) } self.expr(object) }
            ExprKind::Index { object, index, safe } => { if *safe { self.rec("safe-index", e.span, "") } self.expr(object); for i in index { self.expr(i) } }
            ExprKind::Closure(c) => { if let Some(p) = &c.params { if p.iter().any(|p| p.ty.is_some()) { self.rec("typed-closure-param", c.span, "") } } self.stmts(&c.body) }
            ExprKind::GString(parts) => for p in parts { if let GStringPart::Expr(x) = p { self.expr(x) } },
            ExprKind::List(xs) => for x in xs { self.expr(x) },
            ExprKind::Map(es) => for n in es { match n { MapEntry::Pair { key, value, .. } => { if let MapKey::Expr(k) = key { self.rec("map-expr-key", e.span, ""); self.expr(k) } self.expr(value) } MapEntry::Spread(x) => self.expr(x) } },
            ExprKind::Range { from, to, .. } => { self.expr(from); self.expr(to) }
            ExprKind::Unary { operand, .. } => self.expr(operand),
            ExprKind::Binary { op, lhs, rhs } => { if matches!(op, BinaryOp::RegexFind | BinaryOp::RegexMatch | BinaryOp::Shl | BinaryOp::Shr | BinaryOp::BitAnd | BinaryOp::BitOr| BinaryOp::BitXor) { self.rec("rare-binop", e.span, op.symbol()) } self.expr(lhs); self.expr(rhs) }
            ExprKind::InstanceOf { expr, .. } | ExprKind::As { expr, .. } => self.expr(expr),
            ExprKind::Assign { target, value, .. } => { self.expr(target); self.expr(value) }
            ExprKind::Ternary { cond, then_expr, else_expr } => { self.expr(cond); self.expr(then_expr); self.expr(else_expr) }
            ExprKind::Elvis { lhs, rhs } => { self.expr(lhs); self.expr(rhs) }
            ExprKind::Spread(x) => self.expr(x),
            ExprKind::MethodPointer { object, .. } => { self.rec("method-pointer", e.span, ""); self.expr(object) }
            _ => {}
        }
    }
}

#[test]
#[ignore]
fn audit() {
    let dir = std::path::Path::new("/work/shared/corpus/smartapps");
    let mut out = BTreeMap::new();
    let mut paths: Vec<_> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
    paths.sort();
    for p in paths {
        let f = SourceFile::read(&p).unwrap();
        let s = parse(&f).unwrap();
        let mut a = A { file: &f, name: p.file_name().unwrap().to_string_lossy().into_owned(), out: &mut out };
        a.stmts(&s.stmts);
    }
    for (k, v) in &out {
        let mut text = String::new();
        for l in v { text.push_str(l); text.push('\n'); }
        std::fs::write(format!("/tmp/audit/{k}.txt"), text).unwrap();
        println!("{k}: {}", v.len());
    }
}
