//! The Groovy parser: recursive descent for statements, precedence climbing for expressions.
//!
//! The parser works on the token vector produced by the lexer and never panics: every token
//! access is bounds-checked (the vector always ends in an end-of-input token that is never
//! consumed), recursion is capped at [`MAX_DEPTH`] levels and at a fixed amount of stack
//! ("nesting too deep"), and operator and member-access chains are capped at [`MAX_CHAIN`]
//! links so the tree stays shallow enough to drop and walk recursively.
//!
//! Newlines are significant the way Groovy makes them significant: a statement ends at a line
//! break unless the expression is obviously incomplete. Inside `(...)` and `[...]` line breaks
//! are ignored; inside `{...}` (blocks and closures) they are significant again. The parser keeps
//! that mode in [`Parser::ignore_nl`] and consults each token's `nl_before` flag.
//!
//! Statements live in this module; expressions, types and arguments in [`expr`].

use std::sync::Arc;

use super::ast::*;
use super::lexer::{is_reserved, Punct, StackGuard, Tok, Token, MAX_DEPTH};
use super::SyntaxError;

mod expr;
#[cfg(test)]
mod tests;

/// `@Field T name = value` (a script field, which the script's methods see) as the assignment
/// `name = value`, which makes a script-level variable: a SmartApp's field, a model file's shared
/// variable. Other declarations are left as they are.
fn field_declaration(decl: Stmt, annotations: &[Annotation]) -> Stmt {
    let is_field = annotations.iter().any(|a| &*a.name == "Field" || a.name.ends_with(".Field"));
    let StmtKind::LocalVar { vars, .. } = &decl.kind else { return decl };
    let [var] = vars.as_slice() else { return decl };
    if !is_field {
        return decl;
    }
    let value = var.init.clone().unwrap_or(Expr { kind: ExprKind::Null, span: var.span });
    let target = Expr { kind: ExprKind::Ident(var.name.clone()), span: var.span };
    let assign = ExprKind::Assign { op: None, target: Box::new(target), value: Box::new(value) };
    Stmt { kind: StmtKind::Expr(Expr { kind: assign, span: decl.span }), span: decl.span }
}

type PResult<T> = Result<T, SyntaxError>;

/// Longest chain of binary operators, member accesses or `else if`s in one expression or
/// statement.
const MAX_CHAIN: usize = 1024;

/// Parses a token vector (ending in [`Tok::Eof`]) into a script.
pub(crate) fn parse_tokens(tokens: &[Token]) -> PResult<Script> {
    let mut p = Parser::new(tokens, 0, StackGuard::new());
    let result = p.parse_stmt_list(ListEnd::Eof);
    // A limit reached inside a speculative parse may have been swallowed by its fallback.
    if let Some(span) = p.too_deep {
        return Err(SyntaxError::new("nesting too deep", span));
    }
    Ok(Script { stmts: result? })
}

static EOF_TOKEN: Token =
    Token { kind: Tok::Eof, span: Span { start: 0, end: 0 }, nl_before: true, space_before: false };

const MODIFIERS: &[&str] = &[
    "private",
    "public",
    "protected",
    "static",
    "final",
    "abstract",
    "synchronized",
    "transient",
    "volatile",
    "native",
    "strictfp",
];

const PRIMITIVES: &[&str] = &["boolean", "byte", "char", "short", "int", "long", "float", "double"];

fn is_modifier(word: &str) -> bool {
    MODIFIERS.contains(&word)
}

fn is_primitive(word: &str) -> bool {
    PRIMITIVES.contains(&word)
}

/// Where a statement list ends.
#[derive(Clone, Copy, PartialEq, Eq)]
enum ListEnd {
    /// The end of the script.
    Eof,
    /// A `}` closing a block or closure (not consumed).
    Brace,
    /// A `case`, `default` or `}` in a `switch` (not consumed).
    Case,
}

/// A position in the token stream and the modes that go with it, for backtracking.
#[derive(Clone, Copy)]
struct Snapshot {
    pos: usize,
    ignore_nl: bool,
    depth: u32,
    gt_pending: u8,
}

struct Parser<'t> {
    toks: &'t [Token],
    pos: usize,
    /// Inside parentheses or brackets: line breaks do not end anything.
    ignore_nl: bool,
    /// Current recursion depth, checked against [`MAX_DEPTH`].
    depth: u32,
    /// How many `>` of the current `>>`/`>>>` token were already used to close type arguments.
    gt_pending: u8,
    stack: StackGuard,
    /// Where the nesting limit was first reached. Once set, every further level fails too, and
    /// the whole parse reports it.
    too_deep: Option<Span>,
}

/// Describes a token for an error message.
fn describe(t: &Token) -> String {
    match &t.kind {
        Tok::Ident(w) if is_reserved(w) => format!("keyword `{w}`"),
        Tok::Ident(w) => format!("`{w}`"),
        Tok::Number(_) => "number literal".to_string(),
        Tok::Str(_) | Tok::GStr(_) => "string literal".to_string(),
        Tok::Punct(p) => format!("`{}`", p.text()),
        Tok::Eof if t.span.end > t.span.start => "`}`".to_string(),
        Tok::Eof => "end of input".to_string(),
    }
}

impl<'t> Parser<'t> {
    fn new(toks: &'t [Token], depth: u32, stack: StackGuard) -> Parser<'t> {
        Parser { toks, pos: 0, ignore_nl: false, depth, gt_pending: 0, stack, too_deep: None }
    }

    // ----- token access -------------------------------------------------------------------

    fn nth(&self, n: usize) -> &'t Token {
        let toks: &'t [Token] = self.toks;
        toks.get(self.pos.saturating_add(n)).or_else(|| toks.last()).unwrap_or(&EOF_TOKEN)
    }

    fn tok(&self) -> &'t Token {
        self.nth(0)
    }

    /// Consumes the current token (the end-of-input token is never consumed).
    fn bump(&mut self) -> &'t Token {
        let t = self.tok();
        if !matches!(t.kind, Tok::Eof) && self.pos < self.toks.len() {
            self.pos += 1;
        }
        self.gt_pending = 0;
        t
    }

    fn at_eof(&self) -> bool {
        matches!(self.tok().kind, Tok::Eof)
    }

    fn is(&self, p: Punct) -> bool {
        self.nth_is(0, p)
    }

    fn nth_is(&self, n: usize, p: Punct) -> bool {
        matches!(self.nth(n).kind, Tok::Punct(q) if q == p)
    }

    fn is_word(&self, w: &str) -> bool {
        self.nth_is_word(0, w)
    }

    fn nth_is_word(&self, n: usize, w: &str) -> bool {
        matches!(&self.nth(n).kind, Tok::Ident(x) if &**x == w)
    }

    /// The current token's word, if it is an identifier or keyword.
    fn word(&self) -> Option<&'t Name> {
        match &self.tok().kind {
            Tok::Ident(w) => Some(w),
            _ => None,
        }
    }

    /// The current token's word if it can be a name (not a reserved word).
    fn name_word(&self) -> Option<&'t Name> {
        self.word().filter(|w| !is_reserved(w))
    }

    fn eat(&mut self, p: Punct) -> bool {
        if self.is(p) {
            self.bump();
            true
        } else {
            false
        }
    }

    fn eat_word(&mut self, w: &str) -> bool {
        if self.is_word(w) {
            self.bump();
            true
        } else {
            false
        }
    }

    /// The current token is on the same line as the previous one (or line breaks do not matter
    /// here).
    fn same_line(&self) -> bool {
        self.ignore_nl || !self.tok().nl_before
    }

    fn start(&self) -> u32 {
        self.tok().span.start
    }

    fn prev_end(&self) -> u32 {
        match self.pos.checked_sub(1).and_then(|i| self.toks.get(i)) {
            Some(t) => t.span.end,
            None => self.tok().span.start,
        }
    }

    fn span_from(&self, start: u32) -> Span {
        Span::new(start, self.prev_end().max(start))
    }

    // ----- errors -------------------------------------------------------------------------

    /// "expected {what} {context}, found {current token}".
    fn expected(&self, what: &str, context: &str) -> SyntaxError {
        let t = self.tok();
        let sep = if context.is_empty() { "" } else { " " };
        SyntaxError::new(format!("expected {what}{sep}{context}, found {}", describe(t)), t.span)
    }

    fn expect(&mut self, p: Punct, context: &str) -> PResult<Span> {
        if self.is(p) {
            Ok(self.bump().span)
        } else {
            Err(self.expected(&format!("`{}`", p.text()), context))
        }
    }

    /// Consumes a name (an identifier that is not a reserved word).
    fn expect_name(&mut self, what: &str) -> PResult<(Name, Span)> {
        match self.name_word() {
            Some(w) => {
                let span = self.bump().span;
                Ok((w.clone(), span))
            }
            None => Err(self.expected(what, "")),
        }
    }

    fn unsupported(&self, what: &str, span: Span) -> SyntaxError {
        SyntaxError::new(format!("unsupported construct: {what}"), span)
    }

    // ----- modes and backtracking ---------------------------------------------------------

    fn snapshot(&self) -> Snapshot {
        Snapshot { pos: self.pos, ignore_nl: self.ignore_nl, depth: self.depth, gt_pending: self.gt_pending }
    }

    fn restore(&mut self, s: Snapshot) {
        self.pos = s.pos;
        self.ignore_nl = s.ignore_nl;
        self.depth = s.depth;
        self.gt_pending = s.gt_pending;
    }

    /// Runs `f` one recursion level deeper, failing with "nesting too deep" past the limit.
    /// The stack is also measured, so that unoptimized builds, whose frames are several times
    /// larger, stop at a safe depth too.
    fn nested<T>(&mut self, f: impl FnOnce(&mut Self) -> PResult<T>) -> PResult<T> {
        if self.too_deep.is_some() || self.depth >= MAX_DEPTH || self.stack.exhausted() {
            let span = *self.too_deep.get_or_insert(self.tok().span);
            return Err(SyntaxError::new("nesting too deep", span));
        }
        self.depth += 1;
        let result = f(self);
        self.depth -= 1;
        result
    }

    /// Runs `f` with line breaks ignored (inside brackets) or significant (inside braces).
    fn with_nl<T>(&mut self, ignore: bool, f: impl FnOnce(&mut Self) -> PResult<T>) -> PResult<T> {
        let old = self.ignore_nl;
        self.ignore_nl = ignore;
        let result = f(self);
        self.ignore_nl = old;
        result
    }

    // ----- statement lists ----------------------------------------------------------------

    /// Parses statements up to `end` (not consumed).
    fn parse_stmt_list(&mut self, end: ListEnd) -> PResult<Vec<Stmt>> {
        let mut stmts = Vec::new();
        loop {
            let t = self.tok();
            match &t.kind {
                Tok::Eof => {
                    if end == ListEnd::Eof {
                        break;
                    }
                    return Err(self.expected("`}`", "to close block"));
                }
                Tok::Punct(Punct::RBrace) => {
                    if end == ListEnd::Eof {
                        return Err(SyntaxError::new("unexpected `}` with no matching `{`", t.span));
                    }
                    break;
                }
                Tok::Punct(Punct::Semi) => {
                    self.bump();
                    stmts.push(Stmt { kind: StmtKind::Empty, span: t.span });
                    continue;
                }
                Tok::Ident(w) if end == ListEnd::Case && (&**w == "case" || &**w == "default") => {
                    break;
                }
                _ => {}
            }
            let stmt = self.parse_statement()?;
            stmts.push(stmt);
            if self.eat(Punct::Semi) {
                continue;
            }
            let next = self.tok();
            let ended_with_brace =
                self.pos > 0 && matches!(self.toks.get(self.pos - 1).map(|t| &t.kind), Some(Tok::Punct(Punct::RBrace)));
            if next.nl_before || ended_with_brace || matches!(next.kind, Tok::Eof | Tok::Punct(Punct::RBrace)) {
                continue;
            }
            return Err(self.expected("end of statement (newline or `;`)", ""));
        }
        Ok(stmts)
    }

    /// Parses `{ statements }` as a block.
    fn parse_block(&mut self, context: &str) -> PResult<Vec<Stmt>> {
        self.expect(Punct::LBrace, context)?;
        let body = self.with_nl(false, |p| p.parse_stmt_list(ListEnd::Brace))?;
        self.expect(Punct::RBrace, "to close block")?;
        Ok(body)
    }

    // ----- statements ---------------------------------------------------------------------

    fn parse_statement(&mut self) -> PResult<Stmt> {
        self.nested(|p| p.parse_statement_inner())
    }

    fn parse_statement_inner(&mut self) -> PResult<Stmt> {
        let start = self.start();
        let t = self.tok();
        match &t.kind {
            // `{ a -> ... }` at statement start is a closure; `{ ... }` is a block.
            Tok::Punct(Punct::LBrace) if !self.closure_has_params_at(self.pos + 1) => {
                let body = self.parse_block("")?;
                Ok(Stmt { kind: StmtKind::Block(body), span: self.span_from(start) })
            }
            Tok::Punct(Punct::Semi) => {
                self.bump();
                Ok(Stmt { kind: StmtKind::Empty, span: t.span })
            }
            Tok::Punct(Punct::At) => self.parse_declaration(start),
            Tok::Ident(w) => match &**w {
                "if" => self.parse_if(),
                "while" => self.parse_while(start),
                "do" => self.parse_do_while(start),
                "for" => self.parse_for(start),
                "switch" => self.parse_switch(start),
                "try" => self.parse_try(start),
                "return" => {
                    self.bump();
                    let value = if self.at_expr_start_on_line() { Some(self.parse_expr()?) } else { None };
                    Ok(Stmt { kind: StmtKind::Return(value), span: self.span_from(start) })
                }
                "break" | "continue" => {
                    let is_break = &**w == "break";
                    self.bump();
                    let label = match self.name_word() {
                        Some(l) if self.same_line() => {
                            self.bump();
                            Some(l.clone())
                        }
                        _ => None,
                    };
                    let kind = if is_break { StmtKind::Break(label) } else { StmtKind::Continue(label) };
                    Ok(Stmt { kind, span: self.span_from(start) })
                }
                "throw" => {
                    self.bump();
                    let e = self.parse_expr()?;
                    Ok(Stmt { kind: StmtKind::Throw(e), span: self.span_from(start) })
                }
                "assert" => {
                    self.bump();
                    let cond = self.parse_expr()?;
                    let message =
                        if self.eat(Punct::Colon) || self.eat(Punct::Comma) { Some(self.parse_expr()?) } else { None };
                    Ok(Stmt { kind: StmtKind::Assert { cond, message }, span: self.span_from(start) })
                }
                "import" => self.parse_import(start),
                "package" => Err(self.unsupported("`package` declaration", t.span)),
                "else" => Err(SyntaxError::new("`else` without a matching `if`", t.span)),
                "case" | "default" => Err(SyntaxError::new(format!("`{w}` outside of a `switch`"), t.span)),
                "catch" | "finally" => Err(SyntaxError::new(format!("`{w}` without a matching `try`"), t.span)),
                "class" | "interface" | "enum" | "trait" | "def" | "void" => self.parse_declaration(start),
                w if is_modifier(w) || is_primitive(w) => self.parse_declaration(start),
                w if !is_reserved(w) && self.nth_is(1, Punct::Colon) => {
                    let label: Name = w.into();
                    self.bump();
                    self.bump();
                    if matches!(self.tok().kind, Tok::Eof | Tok::Punct(Punct::RBrace)) {
                        return Err(self.expected("statement", "after label"));
                    }
                    let body = self.parse_statement()?;
                    Ok(Stmt { kind: StmtKind::Labeled { label, body: Box::new(body) }, span: self.span_from(start) })
                }
                _ if self.looks_like_typed_decl() => self.parse_declaration(start),
                _ => self.parse_expr_statement(start),
            },
            _ => self.parse_expr_statement(start),
        }
    }

    /// Whether the current token can start an expression on the current line (for the optional
    /// value of `return`).
    fn at_expr_start_on_line(&self) -> bool {
        if !self.same_line() {
            return false;
        }
        match &self.tok().kind {
            Tok::Eof => false,
            Tok::Ident(w) => !is_reserved(w) || matches!(&**w, "this" | "super" | "true" | "false" | "null" | "new"),
            Tok::Punct(p) => !matches!(
                p,
                Punct::RBrace | Punct::RParen | Punct::RBracket | Punct::Semi | Punct::Colon | Punct::Comma
            ),
            _ => true,
        }
    }

    /// `Type name ...` at statement start: a capitalized, primitive, generic or array type
    /// followed by a name. A lower-case simple word followed by a name is a command call.
    fn looks_like_typed_decl(&mut self) -> bool {
        let snap = self.snapshot();
        let result = match self.parse_type() {
            Ok(ty) => looks_like_type(&ty) && self.name_word().is_some() && !self.tok().nl_before,
            Err(_) => false,
        };
        self.restore(snap);
        result
    }

    /// An expression statement, including command calls (`foo a, b: c`).
    fn parse_expr_statement(&mut self, start: u32) -> PResult<Stmt> {
        let expr = self.parse_statement_expr()?;
        Ok(Stmt { kind: StmtKind::Expr(expr), span: self.span_from(start) })
    }

    /// An expression where Groovy also takes a command call: a statement, the initializer of a
    /// declaration (`def out = sh script: "ls", returnStdout: true`) and the value of an
    /// assignment statement (`result = input name, "number"`).
    fn parse_statement_expr(&mut self) -> PResult<Expr> {
        let starts_path = match &self.tok().kind {
            Tok::Ident(w) => !is_reserved(w) || matches!(&**w, "this" | "super"),
            _ => false,
        };
        if !starts_path {
            return self.parse_expr();
        }
        let e = self.parse_postfix()?;
        if is_command_callee(&e) && self.at_command_arg() {
            return self.parse_command_call(e);
        }
        let e = self.parse_power_rest(e)?;
        let e = self.parse_binary_rest(e, 0)?;
        let e = self.parse_ternary_rest(e)?;
        self.parse_assign_rest_of_statement(e)
    }

    /// Whether the current token, on the same line, starts the first argument of a command
    /// call (and is not a binary operator).
    fn at_command_arg(&self) -> bool {
        if !self.same_line() {
            return false;
        }
        match &self.tok().kind {
            Tok::Ident(w) => {
                !matches!(&**w, "in" | "instanceof" | "as")
                    && (!is_reserved(w) || matches!(&**w, "this" | "super" | "true" | "false" | "null" | "new"))
            }
            Tok::Number(_) | Tok::Str(_) | Tok::GStr(_) => true,
            Tok::Punct(Punct::Not) => !(self.nth_is_word(1, "in") || self.nth_is_word(1, "instanceof")),
            Tok::Punct(Punct::Tilde) => true,
            _ => false,
        }
    }

    /// `callee arg, arg, name: value` without parentheses; the arguments end at the line end.
    /// Command chains continue on the same line with a name and more arguments:
    /// `a b c d` is `a(b).c(d)`, and `a b c` is `a(b).c`.
    fn parse_command_call(&mut self, callee: Expr) -> PResult<Expr> {
        let start = callee.span.start;
        let args = self.parse_command_args()?;
        let mut e = make_call(callee, args, self.span_from(start));
        let mut count = 0usize;
        while self.same_line() {
            let t = self.tok();
            let member = match &t.kind {
                Tok::Ident(w) if !is_reserved(w) => Member::Name(w.clone()),
                Tok::Str(s) => Member::Dynamic(Box::new(Expr { kind: ExprKind::Str(s.clone()), span: t.span })),
                Tok::GStr(parts) => Member::Dynamic(Box::new(self.convert_gstring(parts, t.span)?)),
                _ => break,
            };
            count += 1;
            if count > MAX_CHAIN {
                return Err(SyntaxError::new("expression too long", t.span));
            }
            self.bump();
            let object = Box::new(e);
            let nav = Navigation::Normal;
            let call_args = if self.at_command_arg() {
                Some(self.parse_command_args()?)
            } else if self.is(Punct::LParen) && self.same_line() {
                let mut args = self.parse_paren_args()?;
                self.parse_trailing_closures(&mut args)?;
                Some(args)
            } else if self.is(Punct::LBrace) && self.same_line() {
                let mut args = Args::default();
                self.parse_trailing_closures(&mut args)?;
                Some(args)
            } else {
                None
            };
            let kind = match call_args {
                Some(args) => ExprKind::MethodCall { object: Some(object), member, args, nav },
                None => ExprKind::Property { object, member, nav },
            };
            e = Expr { kind, span: self.span_from(start) };
        }
        Ok(e)
    }

    /// The comma-separated arguments of a command call, up to the end of the line.
    fn parse_command_args(&mut self) -> PResult<Args> {
        let mut args = Args { positional: Vec::new(), named: Vec::new(), parens: false };
        loop {
            self.parse_argument(&mut args)?;
            if self.same_line() && self.eat(Punct::Comma) {
                continue;
            }
            break;
        }
        Ok(args)
    }

    fn parse_paren_cond(&mut self, keyword: &str) -> PResult<Expr> {
        self.expect(Punct::LParen, &format!("after `{keyword}`"))?;
        let cond = self.with_nl(true, |p| p.parse_expr())?;
        self.expect(Punct::RParen, &format!("after `{keyword}` condition"))?;
        Ok(cond)
    }

    /// `if (c) s else if (c) s else s`, parsed iteratively so long chains do not recurse.
    fn parse_if(&mut self) -> PResult<Stmt> {
        let mut chain: Vec<(u32, Expr, Stmt)> = Vec::new();
        let mut else_branch: Option<Box<Stmt>> = None;
        loop {
            let start = self.start();
            self.bump();
            let cond = self.parse_paren_cond("if")?;
            let then_branch = self.parse_statement()?;
            chain.push((start, cond, then_branch));
            if self.is(Punct::Semi) && self.nth_is_word(1, "else") {
                self.bump();
            }
            if !self.eat_word("else") {
                break;
            }
            if self.is_word("if") {
                if chain.len() >= MAX_CHAIN {
                    return Err(SyntaxError::new("nesting too deep", self.tok().span));
                }
                continue;
            }
            else_branch = Some(Box::new(self.parse_statement()?));
            break;
        }
        let end = self.prev_end();
        let mut acc = else_branch;
        let mut result = None;
        while let Some((start, cond, then_branch)) = chain.pop() {
            let stmt = Stmt {
                kind: StmtKind::If { cond, then_branch: Box::new(then_branch), else_branch: acc.take() },
                span: Span::new(start, end),
            };
            if chain.is_empty() {
                result = Some(stmt);
            } else {
                acc = Some(Box::new(stmt));
            }
        }
        result.ok_or_else(|| SyntaxError::new("expected `if`", Span::new(end, end)))
    }

    fn parse_while(&mut self, start: u32) -> PResult<Stmt> {
        self.bump();
        let cond = self.parse_paren_cond("while")?;
        let body = self.parse_statement()?;
        Ok(Stmt { kind: StmtKind::While { cond, body: Box::new(body) }, span: self.span_from(start) })
    }

    fn parse_do_while(&mut self, start: u32) -> PResult<Stmt> {
        self.bump();
        let body = self.parse_statement()?;
        self.eat(Punct::Semi);
        if !self.eat_word("while") {
            return Err(self.expected("`while`", "after `do` body"));
        }
        let cond = self.parse_paren_cond("while")?;
        Ok(Stmt { kind: StmtKind::DoWhile { body: Box::new(body), cond }, span: self.span_from(start) })
    }

    fn parse_for(&mut self, start: u32) -> PResult<Stmt> {
        self.bump();
        self.expect(Punct::LParen, "after `for`")?;
        enum Header {
            In(Name, Option<TypeName>, Expr),
            Classic(Vec<Stmt>, Option<Expr>, Vec<Expr>),
        }
        let header = self.with_nl(true, |p| {
            if let Some((var, ty)) = p.try_for_in_header() {
                let iterable = p.parse_expr()?;
                p.expect(Punct::RParen, "after `for` iterable")?;
                return Ok(Header::In(var, ty, iterable));
            }
            let mut init = Vec::new();
            if !p.is(Punct::Semi) {
                let init_start = p.start();
                if p.eat_word("def") {
                    init.push(p.parse_var_decl(init_start, None)?);
                } else if p.looks_like_local_decl() {
                    let ty = p.parse_type()?;
                    init.push(p.parse_var_decl(init_start, Some(ty))?);
                } else {
                    loop {
                        let s = p.start();
                        let e = p.parse_expr()?;
                        init.push(Stmt { kind: StmtKind::Expr(e), span: p.span_from(s) });
                        if !p.eat(Punct::Comma) {
                            break;
                        }
                    }
                }
            }
            p.expect(Punct::Semi, "after `for` initializer")?;
            let cond = if p.is(Punct::Semi) { None } else { Some(p.parse_expr()?) };
            p.expect(Punct::Semi, "after `for` condition")?;
            let mut update = Vec::new();
            if !p.is(Punct::RParen) {
                loop {
                    update.push(p.parse_expr()?);
                    if !p.eat(Punct::Comma) {
                        break;
                    }
                }
            }
            p.expect(Punct::RParen, "after `for` clauses")?;
            Ok(Header::Classic(init, cond, update))
        })?;
        let body = Box::new(self.parse_statement()?);
        let kind = match header {
            Header::In(var, ty, iterable) => StmtKind::ForIn { var, ty, iterable, body },
            Header::Classic(init, cond, update) => StmtKind::For { init, cond, update, body },
        };
        Ok(Stmt { kind, span: self.span_from(start) })
    }

    /// `[final] [def | Type] name (in | :)`; consumes it and returns the variable, or consumes
    /// nothing.
    fn try_for_in_header(&mut self) -> Option<(Name, Option<TypeName>)> {
        let snap = self.snapshot();
        self.eat_word("final");
        let untyped = self.eat_word("def")
            || (self.name_word().is_some() && (self.nth_is_word(1, "in") || self.nth_is(1, Punct::Colon)));
        let ty = if untyped {
            None
        } else {
            match self.parse_type() {
                Ok(ty) => Some(ty),
                Err(_) => {
                    self.restore(snap);
                    return None;
                }
            }
        };
        if let Some(name) = self.name_word() {
            self.bump();
            if self.eat_word("in") || self.eat(Punct::Colon) {
                return Some((name.clone(), ty));
            }
        }
        self.restore(snap);
        None
    }

    /// A type followed by a name (for `for` initializers, where lower-case types are allowed).
    fn looks_like_local_decl(&mut self) -> bool {
        let snap = self.snapshot();
        let result = self.parse_type().is_ok() && self.name_word().is_some() && self.same_line();
        self.restore(snap);
        result
    }

    fn parse_switch(&mut self, start: u32) -> PResult<Stmt> {
        self.bump();
        let subject = self.parse_paren_cond("switch")?;
        self.expect(Punct::LBrace, "after `switch` subject")?;
        let cases = self.with_nl(false, |p| {
            let mut cases = Vec::new();
            loop {
                if p.eat(Punct::RBrace) {
                    break;
                }
                let case_start = p.start();
                let mut labels = Vec::new();
                let mut is_default = false;
                loop {
                    if p.eat_word("case") {
                        labels.push(p.parse_expr()?);
                        p.expect(Punct::Colon, "after `case` expression")?;
                    } else if p.eat_word("default") {
                        is_default = true;
                        p.expect(Punct::Colon, "after `default`")?;
                    } else {
                        break;
                    }
                }
                if labels.is_empty() && !is_default {
                    return Err(p.expected("`case`, `default` or `}`", "in `switch`"));
                }
                let body = p.parse_stmt_list(ListEnd::Case)?;
                cases.push(SwitchCase { labels, is_default, body, span: p.span_from(case_start) });
            }
            Ok(cases)
        })?;
        Ok(Stmt { kind: StmtKind::Switch { subject, cases }, span: self.span_from(start) })
    }

    fn parse_try(&mut self, start: u32) -> PResult<Stmt> {
        self.bump();
        let body = self.parse_block("after `try`")?;
        let mut catches = Vec::new();
        while self.is_word("catch") {
            let catch_start = self.start();
            self.bump();
            self.expect(Punct::LParen, "after `catch`")?;
            let (types, name) = self.with_nl(true, |p| {
                p.eat_word("final");
                let mut types = Vec::new();
                let untyped = p.eat_word("def") || (p.name_word().is_some() && p.nth_is(1, Punct::RParen));
                if !untyped {
                    types.push(p.parse_type()?);
                    while p.eat(Punct::Pipe) {
                        types.push(p.parse_type()?);
                    }
                }
                let (name, _) = p.expect_name("exception variable name")?;
                p.expect(Punct::RParen, "after `catch` parameter")?;
                Ok((types, name))
            })?;
            let body = self.parse_block("after `catch` parameter")?;
            catches.push(CatchClause { types, name, body, span: self.span_from(catch_start) });
        }
        let finally = if self.eat_word("finally") { Some(self.parse_block("after `finally`")?) } else { None };
        if catches.is_empty() && finally.is_none() {
            return Err(self.expected("`catch` or `finally`", "after `try` block"));
        }
        Ok(Stmt { kind: StmtKind::Try { body, catches, finally }, span: self.span_from(start) })
    }

    fn parse_import(&mut self, start: u32) -> PResult<Stmt> {
        self.bump();
        let is_static = self.eat_word("static");
        let mut path = String::new();
        let mut wildcard = false;
        match self.word() {
            Some(w) => {
                path.push_str(w);
                self.bump();
            }
            None => return Err(self.expected("name", "after `import`")),
        }
        while self.is(Punct::Dot) {
            if self.nth_is(1, Punct::Star) {
                self.bump();
                self.bump();
                wildcard = true;
                break;
            }
            match self.nth(1).kind {
                Tok::Ident(ref w) => {
                    path.push('.');
                    path.push_str(w);
                    self.bump();
                    self.bump();
                }
                _ => {
                    self.bump();
                    return Err(self.expected("name", "after `.` in import"));
                }
            }
        }
        let alias =
            if !wildcard && self.eat_word("as") { Some(self.expect_name("alias name after `as`")?.0) } else { None };
        Ok(Stmt {
            kind: StmtKind::Import { path: path.into(), is_static, wildcard, alias },
            span: self.span_from(start),
        })
    }

    fn parse_annotations(&mut self) -> PResult<Vec<Annotation>> {
        let mut annotations = Vec::new();
        while self.is(Punct::At) && !self.nth_is_word(1, "interface") {
            let start = self.start();
            self.bump();
            let mut name = match self.word() {
                Some(w) => {
                    self.bump();
                    w.to_string()
                }
                None => return Err(self.expected("annotation name", "after `@`")),
            };
            while self.is(Punct::Dot) {
                let Tok::Ident(w) = &self.nth(1).kind else {
                    break;
                };
                name.push('.');
                name.push_str(w);
                self.bump();
                self.bump();
            }
            let args = if self.is(Punct::LParen) && self.same_line() { Some(self.parse_paren_args()?) } else { None };
            annotations.push(Annotation { name: name.into(), args, span: self.span_from(start) });
        }
        Ok(annotations)
    }

    /// Declarations: methods, local variables and (skipped) type declarations, with their
    /// annotations and modifiers.
    fn parse_declaration(&mut self, start: u32) -> PResult<Stmt> {
        let annotations = self.parse_annotations()?;
        let mut modifiers: Vec<Name> = Vec::new();
        while let Some(w) = self.word().filter(|w| is_modifier(w)) {
            modifiers.push(w.clone());
            self.bump();
        }
        if self.is(Punct::At) && self.nth_is_word(1, "interface") {
            self.bump();
            return self.parse_type_decl(start);
        }
        if let Some(w) = self.word() {
            if matches!(&**w, "class" | "interface" | "enum" | "trait") {
                return self.parse_type_decl(start);
            }
        }
        if self.eat_word("def") {
            if self.is(Punct::LParen) {
                return self.parse_multiple_assignment(start);
            }
            if self.method_name_here() && self.nth_is(1, Punct::LParen) {
                return self.parse_method(start, annotations, modifiers, None);
            }
            // `def int x = 1`, `def String name() {}`: a redundant `def` before a type.
            if self.looks_like_local_decl() {
                let ty = self.parse_type()?;
                if self.nth_is(1, Punct::LParen) {
                    return self.parse_method(start, annotations, modifiers, Some(ty));
                }
                return self.parse_var_decl(start, Some(ty)).map(|d| field_declaration(d, &annotations));
            }
            if self.name_word().is_none() {
                return Err(self.expected("name", "after `def`"));
            }
            return self.parse_var_decl(start, None).map(|d| field_declaration(d, &annotations));
        }
        if self.is_word("void") {
            let ty = TypeName { name: "void".into(), generics: Vec::new(), array_dims: 0, span: self.tok().span };
            self.bump();
            return self.parse_method(start, annotations, modifiers, Some(ty));
        }
        if !modifiers.is_empty() && self.method_name_here() {
            if self.nth_is(1, Punct::LParen) {
                return self.parse_method(start, annotations, modifiers, None);
            }
            if matches!(self.nth(1).kind, Tok::Punct(Punct::Assign | Punct::Comma | Punct::Semi))
                || self.nth(1).nl_before
            {
                return self.parse_var_decl(start, None).map(|d| field_declaration(d, &annotations));
            }
        }
        if self.word().is_none() {
            let last = modifiers.last().map(|m| &**m);
            if last == Some("synchronized") && self.is(Punct::LParen) {
                return Err(self.unsupported("`synchronized` block", self.tok().span));
            }
            if last == Some("static") && self.is(Punct::LBrace) {
                return Err(self.unsupported("static initializer", self.tok().span));
            }
            return Err(self.expected("declaration", "after modifiers"));
        }
        let ty = self.parse_type()?;
        if self.method_name_here() && self.nth_is(1, Punct::LParen) {
            return self.parse_method(start, annotations, modifiers, Some(ty));
        }
        self.parse_var_decl(start, Some(ty)).map(|d| field_declaration(d, &annotations))
    }

    /// Whether a method's name can start here: a name, or (as Groovy allows, `def "switch"(evt)`)
    /// a plain string literal.
    fn method_name_here(&self) -> bool {
        self.name_word().is_some() || matches!(self.tok().kind, Tok::Str(_))
    }

    /// `def (a, b) = value` and `def (int a, String b) = value` after `def`: Groovy's multiple
    /// assignment, which takes element `i` of the value (`getAt(i)`, so missing elements are
    /// `null`) for the `i`-th name. Read as one declaration of a hidden local holding the value
    /// (a name no script can write), then of each name from its element, cast to its type.
    fn parse_multiple_assignment(&mut self, start: u32) -> PResult<Stmt> {
        self.expect(Punct::LParen, "to start the names of a multiple assignment")?;
        let mut names: Vec<(Option<TypeName>, Name, Span)> = Vec::new();
        self.with_nl(true, |p| {
            loop {
                let ty = if p.looks_like_local_decl() { Some(p.parse_type()?) } else { None };
                let (name, span) = p.expect_name("variable name")?;
                names.push((ty, name, span));
                if !p.eat(Punct::Comma) {
                    break;
                }
            }
            p.expect(Punct::RParen, "to close the names of a multiple assignment")
        })?;
        self.expect(Punct::Assign, "after the names of a multiple assignment")?;
        let value = self.parse_expr()?;
        let value_span = value.span;
        let hidden: Name = format!("$multiple@{start}").into();
        let mut vars = vec![VarDeclarator { name: hidden.clone(), init: Some(value), span: value_span }];
        for (i, (ty, name, span)) in names.into_iter().enumerate() {
            let element = Expr {
                kind: ExprKind::Index {
                    object: Box::new(Expr { kind: ExprKind::Ident(hidden.clone()), span }),
                    index: vec![Expr { kind: ExprKind::Number(NumberLit::Integer(i as i32)), span }],
                    safe: false,
                },
                span,
            };
            let init = match ty {
                Some(ty) => Expr { kind: ExprKind::Cast { ty, expr: Box::new(element) }, span },
                None => element,
            };
            vars.push(VarDeclarator { name, init: Some(init), span });
        }
        Ok(Stmt { kind: StmtKind::LocalVar { ty: None, vars }, span: self.span_from(start) })
    }

    /// `name = init, name2, ...` after the type (or `def`) of a local declaration.
    fn parse_var_decl(&mut self, start: u32, ty: Option<TypeName>) -> PResult<Stmt> {
        let mut vars = Vec::new();
        loop {
            let (name, name_span) = self.expect_name("variable name")?;
            let init = if self.eat(Punct::Assign) { Some(self.parse_statement_expr()?) } else { None };
            vars.push(VarDeclarator { name, init, span: self.span_from(name_span.start) });
            if !self.eat(Punct::Comma) {
                break;
            }
        }
        Ok(Stmt { kind: StmtKind::LocalVar { ty, vars }, span: self.span_from(start) })
    }

    fn parse_method(
        &mut self,
        start: u32,
        annotations: Vec<Annotation>,
        modifiers: Vec<Name>,
        return_type: Option<TypeName>,
    ) -> PResult<Stmt> {
        let (name, name_span) = match &self.tok().kind {
            Tok::Str(name) => {
                let name = name.clone();
                (name, self.bump().span)
            }
            _ => self.expect_name("method name")?,
        };
        self.expect(Punct::LParen, "after method name")?;
        let params = self.parse_params(Punct::RParen)?;
        if self.eat_word("throws") {
            loop {
                self.parse_type()?;
                if !self.eat(Punct::Comma) {
                    break;
                }
            }
        }
        let body = self.parse_block("to start the method body")?;
        let decl = MethodDecl {
            name,
            params,
            return_type,
            modifiers,
            annotations,
            body,
            name_span,
            span: self.span_from(start),
        };
        Ok(Stmt { kind: StmtKind::Method(Arc::new(decl)), span: self.span_from(start) })
    }

    /// Parameters up to and including `closing` (`)` for methods, `->` for closures).
    fn parse_params(&mut self, closing: Punct) -> PResult<Vec<Param>> {
        self.with_nl(true, |p| {
            let mut params = Vec::new();
            if p.eat(closing) {
                return Ok(params);
            }
            loop {
                let start = p.start();
                p.parse_annotations()?;
                p.eat_word("final");
                let mut ty = if p.eat_word("def") {
                    None
                } else {
                    let snap = p.snapshot();
                    match p.parse_type() {
                        Ok(ty) if p.name_word().is_some() || p.is(Punct::Ellipsis) => Some(ty),
                        _ => {
                            p.restore(snap);
                            None
                        }
                    }
                };
                if p.eat(Punct::Ellipsis) {
                    let mut t = ty.take().unwrap_or_else(|| TypeName {
                        name: "Object".into(),
                        generics: Vec::new(),
                        array_dims: 0,
                        span: Span::new(start, start),
                    });
                    t.array_dims = t.array_dims.saturating_add(1);
                    ty = Some(t);
                }
                let (name, _) = p.expect_name("parameter name")?;
                let default = if p.eat(Punct::Assign) { Some(p.parse_expr()?) } else { None };
                params.push(Param { name, ty, default, span: p.span_from(start) });
                if p.eat(Punct::Comma) {
                    continue;
                }
                if p.eat(closing) {
                    break;
                }
                let context = if closing == Punct::Arrow { "in closure parameters" } else { "in parameter list" };
                return Err(p.expected(&format!("`,` or `{}`", closing.text()), context));
            }
            Ok(params)
        })
    }

    /// `class`/`interface`/`enum`/`trait` declarations: the name is kept, the body skipped.
    fn parse_type_decl(&mut self, start: u32) -> PResult<Stmt> {
        let keyword = match self.word() {
            Some(w) => w.clone(),
            None => return Err(self.expected("`class`", "")),
        };
        self.bump();
        let (name, _) = self.expect_name(&format!("{keyword} name"))?;
        while !self.is(Punct::LBrace) {
            if self.at_eof() {
                return Err(self.expected("`{`", &format!("to start the {keyword} body")));
            }
            self.bump();
        }
        let open = self.bump().span;
        let mut depth = 1usize;
        while depth > 0 {
            match self.tok().kind {
                Tok::Eof => {
                    return Err(SyntaxError::new(format!("unterminated {keyword} body"), open));
                }
                Tok::Punct(Punct::LBrace) => depth += 1,
                Tok::Punct(Punct::RBrace) => depth -= 1,
                _ => {}
            }
            self.bump();
        }
        Ok(Stmt { kind: StmtKind::TypeDecl { keyword, name }, span: self.span_from(start) })
    }
}

/// Whether a parsed type is written like a type rather than like a variable: primitive,
/// capitalized last segment, generic arguments or array brackets.
fn looks_like_type(ty: &TypeName) -> bool {
    let last = ty.name.rsplit('.').next().unwrap_or("");
    is_primitive(last)
        || last.chars().next().is_some_and(|c| c.is_uppercase())
        || !ty.generics.is_empty()
        || ty.array_dims > 0
}

/// Whether an expression can be the target of a command call (`foo x`, `log.debug x`).
fn is_command_callee(e: &Expr) -> bool {
    matches!(
        e.kind,
        ExprKind::Ident(_)
            | ExprKind::Property { member: Member::Name(_), nav: Navigation::Normal | Navigation::Safe, .. }
    )
}

/// Builds the call of `callee` with `args`: a method call for names and member accesses, a call
/// of the value otherwise.
fn make_call(callee: Expr, args: Args, span: Span) -> Expr {
    let kind = match callee.kind {
        ExprKind::Ident(name) => {
            ExprKind::MethodCall { object: None, member: Member::Name(name), args, nav: Navigation::Normal }
        }
        ExprKind::Property { object, member, nav } => ExprKind::MethodCall { object: Some(object), member, args, nav },
        ExprKind::Str(_) | ExprKind::GString(_) => ExprKind::MethodCall {
            object: None,
            member: Member::Dynamic(Box::new(callee)),
            args,
            nav: Navigation::Normal,
        },
        _ => ExprKind::Call { callee: Box::new(callee), args },
    };
    Expr { kind, span }
}
