//! A walk over every expression of a piece of the AST, for load-time checks that look for a
//! shape of expression wherever it occurs (nested closures, method bodies and switch labels
//! included).

use super::ast::{Args, Expr, ExprKind, GStringPart, MapEntry, MapKey, Member, Stmt, StmtKind};

/// Calls `f` on every expression of `stmts`, each before the expressions inside it, in source
/// order.
pub fn for_each_expr(stmts: &[Stmt], f: &mut dyn FnMut(&Expr)) {
    for s in stmts {
        stmt(s, f);
    }
}

/// Calls `f` on the name of every local variable `stmts` declare (`def x`, `int y = 1`, a `for`
/// loop's variable, a `catch` parameter, a nested closure's parameter), nested blocks and
/// closures included (a closure's implicit `it` is not named).
pub fn for_each_local(stmts: &[Stmt], f: &mut dyn FnMut(&super::ast::Name)) {
    for s in stmts {
        local_stmt(s, f);
    }
    for_each_expr(stmts, &mut |e| {
        if let ExprKind::Closure(c) = &e.kind {
            // A nested closure's parameters are its locals too.
            c.params.iter().flatten().for_each(|p| f(&p.name));
            for_each_local(&c.body, f);
        }
    });
}

fn local_stmt(s: &Stmt, f: &mut dyn FnMut(&super::ast::Name)) {
    match &s.kind {
        StmtKind::LocalVar { vars, .. } => vars.iter().for_each(|v| f(&v.name)),
        StmtKind::Block(b) => for_each_local_here(b, f),
        StmtKind::If { then_branch, else_branch, .. } => {
            local_stmt(then_branch, f);
            if let Some(e) = else_branch {
                local_stmt(e, f);
            }
        }
        StmtKind::While { body, .. } | StmtKind::DoWhile { body, .. } | StmtKind::Labeled { body, .. } => {
            local_stmt(body, f)
        }
        StmtKind::ForIn { var, body, .. } => {
            f(var);
            local_stmt(body, f);
        }
        StmtKind::For { init, body, .. } => {
            for_each_local_here(init, f);
            local_stmt(body, f);
        }
        StmtKind::Switch { cases, .. } => cases.iter().for_each(|c| for_each_local_here(&c.body, f)),
        StmtKind::Try { body, catches, finally } => {
            for_each_local_here(body, f);
            for c in catches {
                f(&c.name);
                for_each_local_here(&c.body, f);
            }
            if let Some(fin) = finally {
                for_each_local_here(fin, f);
            }
        }
        _ => {}
    }
}

fn for_each_local_here(stmts: &[Stmt], f: &mut dyn FnMut(&super::ast::Name)) {
    stmts.iter().for_each(|s| local_stmt(s, f));
}

fn stmt(s: &Stmt, f: &mut dyn FnMut(&Expr)) {
    match &s.kind {
        StmtKind::Expr(e) | StmtKind::Throw(e) => expr(e, f),
        StmtKind::LocalVar { vars, .. } => vars.iter().filter_map(|v| v.init.as_ref()).for_each(|e| expr(e, f)),
        StmtKind::Method(m) => for_each_expr(&m.body, f),
        StmtKind::Block(b) => for_each_expr(b, f),
        StmtKind::If { cond, then_branch, else_branch } => {
            expr(cond, f);
            stmt(then_branch, f);
            if let Some(e) = else_branch {
                stmt(e, f);
            }
        }
        StmtKind::While { cond, body } => {
            expr(cond, f);
            stmt(body, f);
        }
        StmtKind::DoWhile { body, cond } => {
            stmt(body, f);
            expr(cond, f);
        }
        StmtKind::ForIn { iterable, body, .. } => {
            expr(iterable, f);
            stmt(body, f);
        }
        StmtKind::For { init, cond, update, body } => {
            for_each_expr(init, f);
            if let Some(c) = cond {
                expr(c, f);
            }
            update.iter().for_each(|e| expr(e, f));
            stmt(body, f);
        }
        StmtKind::Switch { subject, cases } => {
            expr(subject, f);
            for case in cases {
                case.labels.iter().for_each(|l| expr(l, f));
                for_each_expr(&case.body, f);
            }
        }
        StmtKind::Try { body, catches, finally } => {
            for_each_expr(body, f);
            catches.iter().for_each(|c| for_each_expr(&c.body, f));
            if let Some(fin) = finally {
                for_each_expr(fin, f);
            }
        }
        StmtKind::Return(e) => {
            if let Some(e) = e {
                expr(e, f);
            }
        }
        StmtKind::Assert { cond, message } => {
            expr(cond, f);
            if let Some(m) = message {
                expr(m, f);
            }
        }
        StmtKind::Labeled { body, .. } => stmt(body, f),
        StmtKind::Break(_)
        | StmtKind::Continue(_)
        | StmtKind::Import { .. }
        | StmtKind::TypeDecl { .. }
        | StmtKind::Empty => {}
    }
}

fn args(a: &Args, f: &mut dyn FnMut(&Expr)) {
    a.positional.iter().for_each(|e| expr(e, f));
    map_entries(&a.named, f);
}

fn map_entries(entries: &[MapEntry], f: &mut dyn FnMut(&Expr)) {
    for entry in entries {
        match entry {
            MapEntry::Pair { key, value, .. } => {
                if let MapKey::Expr(k) = key {
                    expr(k, f);
                }
                expr(value, f);
            }
            MapEntry::Spread(e) => expr(e, f),
        }
    }
}

fn member(m: &Member, f: &mut dyn FnMut(&Expr)) {
    if let Member::Dynamic(e) = m {
        expr(e, f);
    }
}

fn expr(e: &Expr, f: &mut dyn FnMut(&Expr)) {
    f(e);
    match &e.kind {
        ExprKind::Null
        | ExprKind::Bool(_)
        | ExprKind::Number(_)
        | ExprKind::Str(_)
        | ExprKind::Ident(_)
        | ExprKind::This
        | ExprKind::Super => {}
        ExprKind::GString(parts) => parts.iter().for_each(|p| {
            if let GStringPart::Expr(inner) = p {
                expr(inner, f);
            }
        }),
        ExprKind::List(items) => items.iter().for_each(|i| expr(i, f)),
        ExprKind::Map(entries) => map_entries(entries, f),
        ExprKind::Range { from: a, to: b, .. }
        | ExprKind::Binary { lhs: a, rhs: b, .. }
        | ExprKind::Assign { target: a, value: b, .. }
        | ExprKind::Elvis { lhs: a, rhs: b } => {
            expr(a, f);
            expr(b, f);
        }
        ExprKind::Unary { operand: inner, .. }
        | ExprKind::InstanceOf { expr: inner, .. }
        | ExprKind::As { expr: inner, .. }
        | ExprKind::Cast { expr: inner, .. }
        | ExprKind::Spread(inner)
        | ExprKind::MethodPointer { object: inner, .. } => expr(inner, f),
        ExprKind::Ternary { cond, then_expr, else_expr } => {
            expr(cond, f);
            expr(then_expr, f);
            expr(else_expr, f);
        }
        ExprKind::Property { object, member: m, .. } => {
            expr(object, f);
            member(m, f);
        }
        ExprKind::Index { object, index, .. } => {
            expr(object, f);
            index.iter().for_each(|i| expr(i, f));
        }
        ExprKind::MethodCall { object, member: m, args: a, .. } => {
            if let Some(o) = object {
                expr(o, f);
            }
            member(m, f);
            args(a, f);
        }
        ExprKind::Call { callee, args: a } => {
            expr(callee, f);
            args(a, f);
        }
        ExprKind::Closure(c) => for_each_expr(&c.body, f),
        ExprKind::New { args: a, .. } => args(a, f),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::{parse, SourceFile};

    #[test]
    fn every_string_literal_is_visited_wherever_it_sits() {
        let source = r#"
            def m() { switch (x) { case "a": return [key: f("b"), (c()): "c"] } }
            invariant("d") { xs.every { it.y == "e" || (z ? "f" : "$g ${"h"}") } }
            try { throw new E("i") } catch (e) { assert false : "j" } finally { k = [l: "m"] ?: "n" }
            for (int i = 0; i < "o".size(); i++) { while ("p") { do { q("r") } while ("s") } }
        "#;
        let file = SourceFile::new("t.groovy", source);
        let script = parse(&file).expect("parses");
        let mut seen = Vec::new();
        for_each_expr(&script.stmts, &mut |e| {
            if let ExprKind::Str(s) = &e.kind {
                seen.push(s.to_string());
            }
        });
        let expected: Vec<String> = "abcdefhijmnoprs".chars().map(String::from).collect();
        assert_eq!(seen, expected);
    }
}
