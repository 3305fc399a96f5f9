//! Comparisons that give the same answer in every state: the location mode or a device attribute
//! compared with a string it never takes (`location.mode == "Away"` where the modes are `home`,
//! `away` and `night`; `lock.currentValue("lock") == "Locked"`). Found from the syntax, for
//! property files (where they make an invariant vacuous or always false) and for apps (where they
//! make a branch dead in the model: a real hub may name its modes otherwise, a typo never works).
//! Attributes whose values are open (numbers, values set from a command's argument) are never
//! judged.

use eventide_groovy::syntax::visit::for_each_expr;
use eventide_groovy::syntax::{BinaryOp, Expr, ExprKind, SourceFile, Stmt};
use eventide_groovy::Diagnostic;

use crate::catalogue;

/// What a comparison compares with a string.
pub enum Compared {
    /// The location mode.
    Mode,
    /// A device attribute, by name.
    Attribute(String),
}

/// The comparisons in `stmts` (of `file`) between something `subject` recognises and a string it
/// never takes (`==`, `!=`, `===`, `!==` either way round; `in [...]` / `!in [...]` of a list
/// literal), each as a warning at the string.
pub fn values_never_taken(
    file: &SourceFile,
    stmts: &[Stmt],
    subject: &dyn Fn(&Expr) -> Option<Compared>,
) -> Vec<Diagnostic> {
    let mut warnings = Vec::new();
    for_each_expr(stmts, &mut |e| {
        let ExprKind::Binary { op, lhs, rhs } = &e.kind else { return };
        let literals: Vec<&Expr> = match (op, &rhs.kind) {
            (BinaryOp::In | BinaryOp::NotIn, ExprKind::List(items)) => items.iter().collect(),
            (BinaryOp::Eq | BinaryOp::NotEq | BinaryOp::Identical | BinaryOp::NotIdentical, _) => vec![&**rhs],
            _ => return,
        };
        let mut check = |compared: &Expr, literal: &Expr| {
            let ExprKind::Str(value) = &literal.kind else { return };
            let (what, domain) = match subject(compared) {
                Some(Compared::Mode) => ("the location mode".to_string(), catalogue::LOCATION_MODES.to_vec()),
                Some(Compared::Attribute(attribute)) => match catalogue::attribute_domain(&attribute) {
                    Some(domain) => (format!("attribute `{attribute}`"), domain),
                    None => return,
                },
                None => return,
            };
            if domain.contains(&&**value) {
                return;
            }
            let hint = domain
                .iter()
                .find(|v| v.eq_ignore_ascii_case(value))
                .map(|v| format!(" (did you mean \"{v}\"? values compare exactly)"))
                .unwrap_or_default();
            let values: Vec<String> = domain.iter().map(|v| format!("\"{v}\"")).collect();
            warnings.push(Diagnostic::at(
                file,
                literal.span,
                format!(
                    "{what} is never \"{value}\" (its values: {}){hint}: the comparison gives the same answer in every \
                     state",
                    values.join(", ")
                ),
            ));
        };
        for literal in &literals {
            check(lhs, literal);
        }
        if literals.len() == 1 {
            check(rhs, lhs);
        }
    });
    warnings
}
