//! Expressions, types, arguments, closures and literals.
//!
//! Precedence, loosest first: assignment (right-associative), `?:`/ternary (right), `||`, `&&`,
//! `|`, `^`, `&`, equality (`== != <=> === !==`), regex (`=~ ==~`), relational (`< <= > >= in
//! !in instanceof !instanceof as`), shift and range (`<< >> >>> .. ..<`), additive,
//! multiplicative, prefix unary (`- + ! ~ ++ --` and casts), `**`, postfix (member access,
//! calls, subscripts, trailing closures, `++ --`).

use super::{is_primitive, looks_like_type, make_call, PResult, Parser, MAX_CHAIN};
use crate::syntax::ast::*;
use crate::syntax::lexer::{is_reserved, Punct, StrPart, Tok, Token};
use crate::syntax::SyntaxError;
use std::sync::Arc;

/// A binary-level operator found at the current position.
#[derive(Clone, Copy)]
enum BinOp {
    Bin(BinaryOp),
    Range { exclusive: bool },
    InstanceOf { negated: bool },
    As,
}

/// Binding power of each binary level (higher binds tighter).
mod prec {
    pub const OR: u8 = 1;
    pub const AND: u8 = 2;
    pub const BIT_OR: u8 = 3;
    pub const BIT_XOR: u8 = 4;
    pub const BIT_AND: u8 = 5;
    pub const EQUALITY: u8 = 6;
    pub const REGEX: u8 = 7;
    pub const RELATIONAL: u8 = 8;
    pub const SHIFT: u8 = 9;
    pub const ADDITIVE: u8 = 10;
    pub const MULTIPLICATIVE: u8 = 11;
}

fn boxed(e: Expr) -> Box<Expr> {
    Box::new(e)
}

impl<'t> Parser<'t> {
    /// A full expression, including assignment.
    pub(super) fn parse_expr(&mut self) -> PResult<Expr> {
        self.nested(|p| {
            let lhs = p.parse_ternary()?;
            p.parse_assign_rest(lhs)
        })
    }

    pub(super) fn parse_assign_rest(&mut self, lhs: Expr) -> PResult<Expr> {
        self.parse_assign_rest_in(lhs, false)
    }

    /// An assignment at statement level, whose value may be a command call.
    pub(super) fn parse_assign_rest_of_statement(&mut self, lhs: Expr) -> PResult<Expr> {
        self.parse_assign_rest_in(lhs, true)
    }

    fn parse_assign_rest_in(&mut self, lhs: Expr, statement: bool) -> PResult<Expr> {
        let op = match self.tok().kind {
            Tok::Punct(p) => match p {
                Punct::Assign => None,
                Punct::PlusAssign => Some(AssignOp::Binary(BinaryOp::Add)),
                Punct::MinusAssign => Some(AssignOp::Binary(BinaryOp::Sub)),
                Punct::StarAssign => Some(AssignOp::Binary(BinaryOp::Mul)),
                Punct::SlashAssign => Some(AssignOp::Binary(BinaryOp::Div)),
                Punct::PercentAssign => Some(AssignOp::Binary(BinaryOp::Mod)),
                Punct::PowAssign => Some(AssignOp::Binary(BinaryOp::Pow)),
                Punct::ShlAssign => Some(AssignOp::Binary(BinaryOp::Shl)),
                Punct::ShrAssign => Some(AssignOp::Binary(BinaryOp::Shr)),
                Punct::UShrAssign => Some(AssignOp::Binary(BinaryOp::UShr)),
                Punct::AndAssign => Some(AssignOp::Binary(BinaryOp::BitAnd)),
                Punct::OrAssign => Some(AssignOp::Binary(BinaryOp::BitOr)),
                Punct::XorAssign => Some(AssignOp::Binary(BinaryOp::BitXor)),
                Punct::ElvisAssign => Some(AssignOp::Elvis),
                _ => return Ok(lhs),
            },
            _ => return Ok(lhs),
        };
        if !matches!(lhs.kind, ExprKind::Ident(_) | ExprKind::Property { .. } | ExprKind::Index { .. }) {
            return Err(SyntaxError::new("invalid assignment target", lhs.span));
        }
        self.bump();
        let value = if statement { self.nested(|p| p.parse_statement_expr())? } else { self.parse_expr()? };
        let span = lhs.span.to(value.span);
        Ok(Expr { kind: ExprKind::Assign { op, target: boxed(lhs), value: boxed(value) }, span })
    }

    fn parse_ternary(&mut self) -> PResult<Expr> {
        let cond = self.parse_binary(0)?;
        self.parse_ternary_rest(cond)
    }

    pub(super) fn parse_ternary_rest(&mut self, cond: Expr) -> PResult<Expr> {
        if self.is(Punct::Question) {
            self.bump();
            let then_expr = self.nested(|p| p.parse_ternary())?;
            self.expect(Punct::Colon, "in conditional expression")?;
            let else_expr = self.nested(|p| p.parse_ternary())?;
            let span = cond.span.to(else_expr.span);
            return Ok(Expr {
                kind: ExprKind::Ternary { cond: boxed(cond), then_expr: boxed(then_expr), else_expr: boxed(else_expr) },
                span,
            });
        }
        if self.is(Punct::Elvis) {
            self.bump();
            let rhs = self.nested(|p| p.parse_ternary())?;
            let span = cond.span.to(rhs.span);
            return Ok(Expr { kind: ExprKind::Elvis { lhs: boxed(cond), rhs: boxed(rhs) }, span });
        }
        Ok(cond)
    }

    fn parse_binary(&mut self, min_prec: u8) -> PResult<Expr> {
        let lhs = self.parse_unary()?;
        self.parse_binary_rest(lhs, min_prec)
    }

    /// The binary operator at the current position, its binding power and its token count.
    /// An operator at the start of a line continues the expression only if it cannot start
    /// an expression itself (`+`, `-` and `!` start new statements).
    fn peek_binop(&self) -> Option<(BinOp, u8, usize)> {
        let t = self.tok();
        let (op, prec, len) = match &t.kind {
            Tok::Punct(p) => {
                let (op, prec) = match p {
                    Punct::OrOr => (BinOp::Bin(BinaryOp::Or), prec::OR),
                    Punct::AndAnd => (BinOp::Bin(BinaryOp::And), prec::AND),
                    Punct::Pipe => (BinOp::Bin(BinaryOp::BitOr), prec::BIT_OR),
                    Punct::Caret => (BinOp::Bin(BinaryOp::BitXor), prec::BIT_XOR),
                    Punct::Amp => (BinOp::Bin(BinaryOp::BitAnd), prec::BIT_AND),
                    Punct::Eq => (BinOp::Bin(BinaryOp::Eq), prec::EQUALITY),
                    Punct::NotEq => (BinOp::Bin(BinaryOp::NotEq), prec::EQUALITY),
                    Punct::Compare => (BinOp::Bin(BinaryOp::Compare), prec::EQUALITY),
                    Punct::Identical => (BinOp::Bin(BinaryOp::Identical), prec::EQUALITY),
                    Punct::NotIdentical => (BinOp::Bin(BinaryOp::NotIdentical), prec::EQUALITY),
                    Punct::RegexFind => (BinOp::Bin(BinaryOp::RegexFind), prec::REGEX),
                    Punct::RegexMatch => (BinOp::Bin(BinaryOp::RegexMatch), prec::REGEX),
                    Punct::Lt => (BinOp::Bin(BinaryOp::Lt), prec::RELATIONAL),
                    Punct::Le => (BinOp::Bin(BinaryOp::Le), prec::RELATIONAL),
                    Punct::Gt => (BinOp::Bin(BinaryOp::Gt), prec::RELATIONAL),
                    Punct::Ge => (BinOp::Bin(BinaryOp::Ge), prec::RELATIONAL),
                    Punct::Shl => (BinOp::Bin(BinaryOp::Shl), prec::SHIFT),
                    Punct::Shr => (BinOp::Bin(BinaryOp::Shr), prec::SHIFT),
                    Punct::UShr => (BinOp::Bin(BinaryOp::UShr), prec::SHIFT),
                    Punct::Range => (BinOp::Range { exclusive: false }, prec::SHIFT),
                    Punct::RangeExcl => (BinOp::Range { exclusive: true }, prec::SHIFT),
                    Punct::Plus => (BinOp::Bin(BinaryOp::Add), prec::ADDITIVE),
                    Punct::Minus => (BinOp::Bin(BinaryOp::Sub), prec::ADDITIVE),
                    Punct::Star => (BinOp::Bin(BinaryOp::Mul), prec::MULTIPLICATIVE),
                    Punct::Slash => (BinOp::Bin(BinaryOp::Div), prec::MULTIPLICATIVE),
                    Punct::Percent => (BinOp::Bin(BinaryOp::Mod), prec::MULTIPLICATIVE),
                    Punct::Not if self.nth_is_word(1, "in") => (BinOp::Bin(BinaryOp::NotIn), prec::RELATIONAL),
                    Punct::Not if self.nth_is_word(1, "instanceof") => {
                        (BinOp::InstanceOf { negated: true }, prec::RELATIONAL)
                    }
                    _ => return None,
                };
                let len = if matches!(p, Punct::Not) { 2 } else { 1 };
                (op, prec, len)
            }
            Tok::Ident(w) => match &**w {
                "in" => (BinOp::Bin(BinaryOp::In), prec::RELATIONAL, 1),
                "instanceof" => (BinOp::InstanceOf { negated: false }, prec::RELATIONAL, 1),
                "as" => (BinOp::As, prec::RELATIONAL, 1),
                _ => return None,
            },
            _ => return None,
        };
        if !self.same_line() && matches!(&t.kind, Tok::Punct(Punct::Plus | Punct::Minus | Punct::Not)) {
            return None;
        }
        Some((op, prec, len))
    }

    pub(super) fn parse_binary_rest(&mut self, mut lhs: Expr, min_prec: u8) -> PResult<Expr> {
        let mut count = 0usize;
        while let Some((op, prec, len)) = self.peek_binop() {
            if prec < min_prec {
                break;
            }
            count += 1;
            if count > MAX_CHAIN {
                return Err(SyntaxError::new("expression too long", self.tok().span));
            }
            for _ in 0..len {
                self.bump();
            }
            lhs = match op {
                BinOp::InstanceOf { negated } => {
                    let ty = self.parse_type()?;
                    let span = lhs.span.to(ty.span);
                    Expr { kind: ExprKind::InstanceOf { expr: boxed(lhs), ty, negated }, span }
                }
                BinOp::As => {
                    let ty = self.parse_type()?;
                    let span = lhs.span.to(ty.span);
                    Expr { kind: ExprKind::As { expr: boxed(lhs), ty }, span }
                }
                BinOp::Range { exclusive } => {
                    let rhs = self.parse_binary(prec + 1)?;
                    let span = lhs.span.to(rhs.span);
                    Expr { kind: ExprKind::Range { from: boxed(lhs), to: boxed(rhs), exclusive }, span }
                }
                BinOp::Bin(op) => {
                    let rhs = self.parse_binary(prec + 1)?;
                    let span = lhs.span.to(rhs.span);
                    Expr { kind: ExprKind::Binary { op, lhs: boxed(lhs), rhs: boxed(rhs) }, span }
                }
            };
        }
        Ok(lhs)
    }

    fn prefix_op(&self) -> Option<UnaryOp> {
        match self.tok().kind {
            Tok::Punct(Punct::Minus) => Some(UnaryOp::Neg),
            Tok::Punct(Punct::Plus) => Some(UnaryOp::Plus),
            Tok::Punct(Punct::Not) => Some(UnaryOp::Not),
            Tok::Punct(Punct::Tilde) => Some(UnaryOp::BitNot),
            Tok::Punct(Punct::Inc) => Some(UnaryOp::PreInc),
            Tok::Punct(Punct::Dec) => Some(UnaryOp::PreDec),
            _ => None,
        }
    }

    /// Prefix operators bind looser than `**`: `-a ** b` is `-(a ** b)`.
    fn parse_unary(&mut self) -> PResult<Expr> {
        let Some(op) = self.prefix_op() else {
            let e = self.parse_postfix()?;
            return self.parse_power_rest(e);
        };
        let start = self.start();
        self.bump();
        let operand = self.nested(|p| p.parse_unary())?;
        let span = Span::new(start, operand.span.end);
        Ok(Expr { kind: ExprKind::Unary { op, operand: boxed(operand) }, span })
    }

    /// `a ** b ** c`, left-associative, with `lhs` already parsed.
    pub(super) fn parse_power_rest(&mut self, mut lhs: Expr) -> PResult<Expr> {
        let mut count = 0usize;
        while self.is(Punct::Pow) {
            count += 1;
            if count > MAX_CHAIN {
                return Err(SyntaxError::new("expression too long", self.tok().span));
            }
            self.bump();
            let rhs = self.parse_power_operand()?;
            let span = lhs.span.to(rhs.span);
            lhs = Expr { kind: ExprKind::Binary { op: BinaryOp::Pow, lhs: boxed(lhs), rhs: boxed(rhs) }, span };
        }
        Ok(lhs)
    }

    fn parse_power_operand(&mut self) -> PResult<Expr> {
        match self.prefix_op() {
            Some(op) => {
                let start = self.start();
                self.bump();
                let operand = self.nested(|p| p.parse_power_operand())?;
                let span = Span::new(start, operand.span.end);
                Ok(Expr { kind: ExprKind::Unary { op, operand: boxed(operand) }, span })
            }
            None => self.parse_postfix(),
        }
    }

    /// A primary expression followed by member accesses, calls, subscripts and trailing
    /// closures.
    pub(super) fn parse_postfix(&mut self) -> PResult<Expr> {
        let e = self.parse_primary()?;
        self.parse_postfix_rest(e)
    }

    fn parse_postfix_rest(&mut self, mut e: Expr) -> PResult<Expr> {
        let mut count = 0usize;
        loop {
            count += 1;
            if count > MAX_CHAIN {
                return Err(SyntaxError::new("expression too long", self.tok().span));
            }
            let t = self.tok();
            let Tok::Punct(p) = t.kind else { break };
            match p {
                Punct::Dot | Punct::SafeDot | Punct::SpreadDot | Punct::FieldDot => {
                    let nav = match p {
                        Punct::SafeDot => Navigation::Safe,
                        Punct::SpreadDot => Navigation::Spread,
                        Punct::FieldDot => Navigation::Field,
                        _ => Navigation::Normal,
                    };
                    self.bump();
                    let member = self.parse_member_name()?;
                    if self.is(Punct::LParen) && self.same_line() {
                        let mut args = self.parse_paren_args()?;
                        self.parse_trailing_closures(&mut args)?;
                        let span = self.span_from(e.span.start);
                        e = Expr { kind: ExprKind::MethodCall { object: Some(boxed(e)), member, args, nav }, span };
                    } else if self.is(Punct::LBrace) {
                        let mut args = Args::default();
                        self.parse_trailing_closures(&mut args)?;
                        let span = self.span_from(e.span.start);
                        e = Expr { kind: ExprKind::MethodCall { object: Some(boxed(e)), member, args, nav }, span };
                    } else {
                        let span = self.span_from(e.span.start);
                        e = Expr { kind: ExprKind::Property { object: boxed(e), member, nav }, span };
                    }
                }
                Punct::ColonColon => {
                    return Err(self.unsupported("method reference `::`", t.span));
                }
                Punct::MethodPtr => {
                    self.bump();
                    let name = match &self.tok().kind {
                        Tok::Ident(w) => w.clone(),
                        Tok::Str(s) => s.clone(),
                        _ => return Err(self.expected("method name", "after `.&`")),
                    };
                    self.bump();
                    let span = self.span_from(e.span.start);
                    e = Expr { kind: ExprKind::MethodPointer { object: boxed(e), name }, span };
                }
                Punct::LBracket if self.same_line() => {
                    let index = self.parse_index()?;
                    let span = self.span_from(e.span.start);
                    e = Expr { kind: ExprKind::Index { object: boxed(e), index, safe: false }, span };
                }
                Punct::Question if self.nth_is(1, Punct::LBracket) && !self.nth(1).space_before && self.same_line() => {
                    self.bump();
                    let index = self.parse_index()?;
                    let span = self.span_from(e.span.start);
                    e = Expr { kind: ExprKind::Index { object: boxed(e), index, safe: true }, span };
                }
                Punct::LParen if self.same_line() => {
                    let mut args = self.parse_paren_args()?;
                    self.parse_trailing_closures(&mut args)?;
                    let span = self.span_from(e.span.start);
                    e = make_call(e, args, span);
                }
                Punct::LBrace => match &mut e.kind {
                    ExprKind::MethodCall { args, .. } | ExprKind::Call { args, .. } => {
                        self.parse_trailing_closures(args)?;
                        e.span = self.span_from(e.span.start);
                    }
                    ExprKind::Ident(_) | ExprKind::Property { member: Member::Name(_), .. } => {
                        let mut args = Args::default();
                        self.parse_trailing_closures(&mut args)?;
                        let span = self.span_from(e.span.start);
                        e = make_call(e, args, span);
                    }
                    _ => break,
                },
                Punct::Inc | Punct::Dec if self.same_line() => {
                    self.bump();
                    let op = if p == Punct::Inc { UnaryOp::PostInc } else { UnaryOp::PostDec };
                    let span = self.span_from(e.span.start);
                    e = Expr { kind: ExprKind::Unary { op, operand: boxed(e) }, span };
                }
                _ => break,
            }
        }
        Ok(e)
    }

    /// The name after `.`: a word (keywords included) or a string naming the member.
    fn parse_member_name(&mut self) -> PResult<Member> {
        let t = self.tok();
        let member = match &t.kind {
            Tok::Ident(w) => Member::Name(w.clone()),
            Tok::Str(s) => Member::Dynamic(boxed(Expr { kind: ExprKind::Str(s.clone()), span: t.span })),
            Tok::GStr(parts) => Member::Dynamic(boxed(self.convert_gstring(parts, t.span)?)),
            Tok::Punct(Punct::Lt) => {
                return Err(self.unsupported("explicit type arguments on a method call", t.span));
            }
            _ => return Err(self.expected("member name", "after `.`")),
        };
        self.bump();
        Ok(member)
    }

    /// Closures written after a call: `foo(x) { ... } { ... }`. As in Groovy, the block may
    /// start on the next line (`list.each\n{ item -> ... }`); statements that take a block
    /// (`if (c)\n{`, method declarations) never reach here with their block.
    pub(super) fn parse_trailing_closures(&mut self, args: &mut Args) -> PResult<()> {
        while self.is(Punct::LBrace) {
            let c = self.parse_closure()?;
            args.positional.push(c);
        }
        Ok(())
    }

    /// `[i]` or `[i, j]` after an expression.
    fn parse_index(&mut self) -> PResult<Vec<Expr>> {
        self.expect(Punct::LBracket, "")?;
        self.with_nl(true, |p| {
            let mut index = Vec::new();
            loop {
                if p.is(Punct::Star) {
                    let start = p.start();
                    p.bump();
                    let e = p.parse_expr()?;
                    index.push(Expr { kind: ExprKind::Spread(boxed(e)), span: p.span_from(start) });
                } else {
                    index.push(p.parse_expr()?);
                }
                if p.eat(Punct::Comma) {
                    if p.is(Punct::RBracket) {
                        break;
                    }
                    continue;
                }
                break;
            }
            p.expect(Punct::RBracket, "after subscript")?;
            Ok(index)
        })
    }

    /// `(args)`, with named arguments collected apart.
    pub(super) fn parse_paren_args(&mut self) -> PResult<Args> {
        self.expect(Punct::LParen, "")?;
        self.with_nl(true, |p| {
            let mut args = Args { positional: Vec::new(), named: Vec::new(), parens: true };
            if p.eat(Punct::RParen) {
                return Ok(args);
            }
            loop {
                p.parse_argument(&mut args)?;
                if p.eat(Punct::Comma) {
                    // Groovy tolerates empty arguments: `f(a, , b)` and `f(a,)`.
                    while p.eat(Punct::Comma) {}
                    if p.eat(Punct::RParen) {
                        break;
                    }
                    continue;
                }
                p.expect(Punct::RParen, "after arguments")?;
                break;
            }
            Ok(args)
        })
    }

    /// One argument: `expr`, `*list`, `name: expr`, `"key": expr`, `(expr): expr`, `*: map`.
    pub(super) fn parse_argument(&mut self, args: &mut Args) -> PResult<()> {
        match self.parse_entry()? {
            Entry::Item(e) => args.positional.push(e),
            Entry::Pair(entry) => args.named.push(entry),
        }
        Ok(())
    }

    /// A list element, map entry or argument.
    fn parse_entry(&mut self) -> PResult<Entry> {
        let start = self.start();
        if self.is(Punct::Star) {
            self.bump();
            if self.eat(Punct::Colon) {
                let value = self.parse_expr()?;
                return Ok(Entry::Pair(MapEntry::Spread(value)));
            }
            let e = self.parse_expr()?;
            return Ok(Entry::Item(Expr { kind: ExprKind::Spread(boxed(e)), span: self.span_from(start) }));
        }
        let simple_key = match &self.tok().kind {
            Tok::Ident(w) | Tok::Str(w) if self.nth_is(1, Punct::Colon) => Some(w.clone()),
            _ => None,
        };
        if let Some(key) = simple_key {
            self.bump();
            self.bump();
            let value = self.parse_expr()?;
            let span = self.span_from(start);
            return Ok(Entry::Pair(MapEntry::Pair { key: MapKey::Name(key), value, span }));
        }
        let e = self.parse_expr()?;
        if self.eat(Punct::Colon) {
            let key = match e.kind {
                ExprKind::Str(s) => MapKey::Name(s),
                _ => MapKey::Expr(e),
            };
            let value = self.parse_expr()?;
            let span = self.span_from(start);
            return Ok(Entry::Pair(MapEntry::Pair { key, value, span }));
        }
        Ok(Entry::Item(e))
    }

    fn parse_primary(&mut self) -> PResult<Expr> {
        let t = self.tok();
        let simple = |kind: ExprKind| -> PResult<Expr> { Ok(Expr { kind, span: t.span }) };
        match &t.kind {
            Tok::Number(n) => {
                self.bump();
                simple(ExprKind::Number(n.clone()))
            }
            Tok::Str(s) => {
                self.bump();
                simple(ExprKind::Str(s.clone()))
            }
            Tok::GStr(parts) => {
                let e = self.convert_gstring(parts, t.span)?;
                self.bump();
                Ok(e)
            }
            Tok::Ident(w) => {
                let kind = match &**w {
                    "true" => ExprKind::Bool(true),
                    "false" => ExprKind::Bool(false),
                    "null" => ExprKind::Null,
                    "this" => ExprKind::This,
                    "super" => ExprKind::Super,
                    "new" => return self.parse_new(),
                    w if is_reserved(w) => return Err(self.expected("expression", "")),
                    _ => ExprKind::Ident(w.clone()),
                };
                self.bump();
                simple(kind)
            }
            Tok::Punct(Punct::LParen) => self.parse_paren_or_cast(),
            Tok::Punct(Punct::LBracket) => self.parse_list_or_map(),
            Tok::Punct(Punct::LBrace) => self.parse_closure(),
            _ => Err(self.expected("expression", "")),
        }
    }

    /// Converts lexed string parts into a GString expression.
    pub(super) fn convert_gstring(&mut self, parts: &'t [StrPart], span: Span) -> PResult<Expr> {
        let mut out = Vec::with_capacity(parts.len());
        for part in parts {
            match part {
                StrPart::Text(s) => out.push(GStringPart::Text(s.clone())),
                StrPart::Path(path) => {
                    let mut iter = path.iter();
                    let Some((first, first_span)) = iter.next() else {
                        continue;
                    };
                    let mut e = Expr { kind: ExprKind::Ident(first.clone()), span: *first_span };
                    for (name, name_span) in iter {
                        let span = e.span.to(*name_span);
                        e = Expr {
                            kind: ExprKind::Property {
                                object: boxed(e),
                                member: Member::Name(name.clone()),
                                nav: Navigation::Normal,
                            },
                            span,
                        };
                    }
                    out.push(GStringPart::Expr(e));
                }
                StrPart::Block { tokens, span } => {
                    let e = self.parse_interpolation(tokens, *span)?;
                    out.push(GStringPart::Expr(e));
                }
            }
        }
        Ok(Expr { kind: ExprKind::GString(out), span })
    }

    /// The expression inside `${...}`; `${}` is `null`, and `${-> expr}` (a lazily evaluated
    /// interpolation) is a closure without parameters.
    fn parse_interpolation(&mut self, tokens: &'t [Token], span: Span) -> PResult<Expr> {
        if matches!(tokens.first().map(|t| &t.kind), Some(Tok::Eof) | None) {
            return Ok(Expr { kind: ExprKind::Null, span });
        }
        let mut sub = Parser::new(tokens, self.depth, self.stack);
        sub.ignore_nl = true;
        let result = if sub.eat(Punct::Arrow) {
            sub.with_nl(false, |p| p.parse_stmt_list(super::ListEnd::Eof)).map(|body| {
                let closure = ClosureExpr { params: Some(Vec::new()), body, span };
                Expr { kind: ExprKind::Closure(Arc::new(closure)), span }
            })
        } else {
            sub.parse_expr()
        };
        if sub.too_deep.is_some() {
            self.too_deep = self.too_deep.or(sub.too_deep);
        }
        let e = result?;
        if !sub.at_eof() {
            return Err(sub.expected("`}`", "to close `${` interpolation"));
        }
        Ok(e)
    }

    /// `new T(args)`, `new T(args) { closure }` is not allowed, `new T[n]` is an array creation.
    fn parse_new(&mut self) -> PResult<Expr> {
        let start = self.start();
        self.bump();
        let mut ty = self.parse_type()?;
        if self.is(Punct::LBracket) {
            // `new int[n]`: the sizes become positional arguments, the dimensions the type's.
            let mut sizes = Vec::new();
            while self.is(Punct::LBracket) {
                self.bump();
                if !self.is(Punct::RBracket) {
                    sizes.push(self.with_nl(true, |p| p.parse_expr())?);
                }
                self.expect(Punct::RBracket, "after array size")?;
                ty.array_dims = ty.array_dims.saturating_add(1);
            }
            if self.is(Punct::LBrace) {
                return Err(self.unsupported("array initializer", self.tok().span));
            }
            let args = Args { positional: sizes, named: Vec::new(), parens: false };
            return Ok(Expr { kind: ExprKind::New { ty, args }, span: self.span_from(start) });
        }
        if self.is(Punct::LBrace) && ty.array_dims > 0 {
            return Err(self.unsupported("array initializer", self.tok().span));
        }
        if !self.is(Punct::LParen) {
            return Err(self.expected("`(`", "after the type in `new`"));
        }
        let args = self.parse_paren_args()?;
        if self.is(Punct::LBrace) && self.same_line() {
            return Err(self.unsupported("anonymous class", self.tok().span));
        }
        Ok(Expr { kind: ExprKind::New { ty, args }, span: self.span_from(start) })
    }

    /// `(expr)` or a Java cast `(Type) operand`.
    fn parse_paren_or_cast(&mut self) -> PResult<Expr> {
        let start = self.start();
        let snap = self.snapshot();
        self.bump();
        self.ignore_nl = true;
        if let Ok(ty) = self.parse_type() {
            // At statement level a newline after `(Name)` ends the statement (`b = (M)` then
            // `M.add(2)` on the next line); inside brackets a cast may span lines.
            let operand_on_next_line = self.nth(1).nl_before && !snap.ignore_nl;
            if self.is(Punct::RParen) && looks_like_type(&ty) && !operand_on_next_line && self.cast_operand_follows(&ty)
            {
                self.ignore_nl = snap.ignore_nl;
                self.bump();
                let operand = self.nested(|p| p.parse_unary())?;
                let span = Span::new(start, operand.span.end);
                return Ok(Expr { kind: ExprKind::Cast { ty, expr: boxed(operand) }, span });
            }
        }
        self.restore(snap);
        self.bump();
        let inner = self.with_nl(true, |p| p.parse_expr())?;
        self.expect(Punct::RParen, "to close parenthesized expression")?;
        Ok(Expr { kind: inner.kind, span: self.span_from(start) })
    }

    /// After `(Type)`: whether the next token starts the operand of a cast. For class types only
    /// a name, literal or `(` does (`(a) - b` is a subtraction); after a primitive type any
    /// prefix operator does too.
    fn cast_operand_follows(&self, ty: &TypeName) -> bool {
        let next = self.nth(1);
        match &next.kind {
            Tok::Ident(w) => !is_reserved(w) || matches!(&**w, "this" | "super" | "true" | "false" | "null" | "new"),
            Tok::Number(_) | Tok::Str(_) | Tok::GStr(_) => true,
            Tok::Punct(Punct::LParen) => true,
            Tok::Punct(Punct::Minus | Punct::Plus | Punct::Not | Punct::Tilde | Punct::LBracket) => {
                ty.generics.is_empty() && ty.array_dims == 0 && is_primitive(&ty.name)
            }
            _ => false,
        }
    }

    /// `[a, b]`, `[k: v]`, `[:]`.
    fn parse_list_or_map(&mut self) -> PResult<Expr> {
        let start = self.start();
        self.bump();
        self.with_nl(true, |p| {
            if p.eat(Punct::RBracket) {
                return Ok(Expr { kind: ExprKind::List(Vec::new()), span: p.span_from(start) });
            }
            if p.is(Punct::Colon) && p.nth_is(1, Punct::RBracket) {
                p.bump();
                p.bump();
                return Ok(Expr { kind: ExprKind::Map(Vec::new()), span: p.span_from(start) });
            }
            let mut items = Vec::new();
            let mut entries = Vec::new();
            loop {
                let entry_start = p.start();
                match p.parse_entry()? {
                    Entry::Item(e) => items.push(e),
                    Entry::Pair(entry) => entries.push(entry),
                }
                if !items.is_empty() && !entries.is_empty() {
                    return Err(SyntaxError::new(
                        "cannot mix list elements and map entries in one literal",
                        p.span_from(entry_start),
                    ));
                }
                if p.eat(Punct::Comma) {
                    if p.eat(Punct::RBracket) {
                        break;
                    }
                    continue;
                }
                let context = if entries.is_empty() { "after list elements" } else { "after map entries" };
                p.expect(Punct::RBracket, context)?;
                break;
            }
            let kind = if entries.is_empty() { ExprKind::List(items) } else { ExprKind::Map(entries) };
            Ok(Expr { kind, span: p.span_from(start) })
        })
    }

    /// `{ params -> body }`, `{ -> body }` or `{ body }`.
    pub(super) fn parse_closure(&mut self) -> PResult<Expr> {
        let start = self.start();
        self.expect(Punct::LBrace, "")?;
        self.with_nl(false, |p| {
            let params = if p.eat(Punct::Arrow) {
                Some(Vec::new())
            } else if p.closure_has_params_at(p.pos) {
                Some(p.parse_params(Punct::Arrow)?)
            } else {
                None
            };
            let body = p.parse_stmt_list(super::ListEnd::Brace)?;
            p.expect(Punct::RBrace, "to close closure")?;
            let span = p.span_from(start);
            let closure = ClosureExpr { params, body, span };
            Ok(Expr { kind: ExprKind::Closure(Arc::new(closure)), span })
        })
    }

    /// Scans ahead from token `start` (just after a `{`), without consuming, for a `->` that
    /// ends a closure's parameter list: at bracket depth zero, before the closing `}`, a `;`,
    /// or a line break not preceded by `,`.
    pub(super) fn closure_has_params_at(&self, start: usize) -> bool {
        let mut depth = 0usize;
        let mut prev_comma = false;
        let mut i = start;
        let mut first = true;
        while let Some(t) = self.toks.get(i) {
            if !first && depth == 0 && t.nl_before && !prev_comma {
                return false;
            }
            match t.kind {
                Tok::Eof => return false,
                Tok::Punct(Punct::Arrow) if depth == 0 => return true,
                Tok::Punct(Punct::LParen | Punct::LBracket | Punct::LBrace) => depth += 1,
                Tok::Punct(Punct::RParen | Punct::RBracket | Punct::RBrace) => {
                    if depth == 0 {
                        return false;
                    }
                    depth -= 1;
                }
                Tok::Punct(Punct::Semi) if depth == 0 => return false,
                _ => {}
            }
            prev_comma = matches!(t.kind, Tok::Punct(Punct::Comma));
            first = false;
            i += 1;
        }
        false
    }

    // ----- types --------------------------------------------------------------------------

    /// A type: `Name`, `a.b.Name`, `List<String>`, `Map<K, List<V>>`, `int[]`, `List<?>`.
    pub(super) fn parse_type(&mut self) -> PResult<TypeName> {
        let ty = self.parse_type_inner()?;
        if self.gt_pending > 0 {
            return Err(self.expected("end of type", ""));
        }
        Ok(ty)
    }

    fn parse_type_inner(&mut self) -> PResult<TypeName> {
        self.nested(|p| {
            let start = p.start();
            let mut name = match p.word() {
                Some(w) if !is_reserved(w) || is_primitive(w) || &**w == "void" => w.to_string(),
                _ => return Err(p.expected("type name", "")),
            };
            p.bump();
            while p.is(Punct::Dot) {
                match &p.nth(1).kind {
                    Tok::Ident(w) if !is_reserved(w) => {
                        name.push('.');
                        name.push_str(w);
                        p.bump();
                        p.bump();
                    }
                    _ => break,
                }
            }
            let mut generics = Vec::new();
            if p.is(Punct::Lt) {
                p.bump();
                if !p.eat_gt() {
                    loop {
                        if p.is(Punct::Question) {
                            let q = p.bump().span;
                            if p.eat_word("extends") || p.eat_word("super") {
                                generics.push(p.parse_type_inner()?);
                            } else {
                                generics.push(TypeName {
                                    name: "?".into(),
                                    generics: Vec::new(),
                                    array_dims: 0,
                                    span: q,
                                });
                            }
                        } else {
                            generics.push(p.parse_type_inner()?);
                        }
                        if p.gt_pending == 0 && p.eat(Punct::Comma) {
                            continue;
                        }
                        if p.eat_gt() {
                            break;
                        }
                        return Err(p.expected("`>`", "to close type arguments"));
                    }
                }
            }
            let mut array_dims = 0u8;
            while p.gt_pending == 0 && p.is(Punct::LBracket) && p.nth_is(1, Punct::RBracket) {
                p.bump();
                p.bump();
                array_dims = array_dims.saturating_add(1);
            }
            let end = if p.gt_pending > 0 { p.start() + u32::from(p.gt_pending) } else { p.prev_end() };
            Ok(TypeName { name: name.into(), generics, array_dims, span: Span::new(start, end.max(start)) })
        })
    }

    /// Consumes one `>` closing type arguments, splitting `>>` and `>>>` tokens.
    fn eat_gt(&mut self) -> bool {
        let width = match self.tok().kind {
            Tok::Punct(Punct::Gt) => 1,
            Tok::Punct(Punct::Shr) => 2,
            Tok::Punct(Punct::UShr) => 3,
            _ => return false,
        };
        if self.gt_pending + 1 >= width {
            self.bump();
        } else {
            self.gt_pending += 1;
        }
        true
    }
}

/// What [`Parser::parse_entry`] found.
enum Entry {
    Item(Expr),
    Pair(MapEntry),
}
