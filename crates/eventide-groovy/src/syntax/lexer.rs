//! The Groovy lexer: turns source text into a vector of [`Token`]s.
//!
//! Groovy's lexical grammar depends on a little context, which the lexer tracks itself:
//! - a `/` starts a slashy string (`/regex/`) where an operand is expected, and is the division
//!   operator after something that ends an operand (an identifier, a literal, `)`, `]`, `}`);
//! - newlines are not tokens, but every token records whether a newline preceded it
//!   ([`Token::nl_before`]) so that the parser can apply Groovy's statement-termination rules;
//! - strings with interpolation (`"a $b.c ${d}"`) are lexed into [`StrPart`]s; the contents of a
//!   `${...}` block are lexed recursively into their own token stream, ending in [`Tok::Eof`].
//!
//! Keywords are not distinguished here: they are [`Tok::Ident`]s, and the parser decides from
//! context whether a word is a keyword (`in` as an operator) or a name (`it.in`, `[in: 1]`).

use super::ast::{Name, NumberLit, Span};
use super::SyntaxError;

/// Maximum nesting of `${...}` interpolations (and, in the parser, of expressions and statements).
pub(crate) const MAX_DEPTH: u32 = 256;

/// Stack the lexer and the parser may use for recursion, measured from where they started.
/// Unoptimized builds use several times more stack per nesting level than optimized ones, so
/// the depth limit alone would not keep them within a 2 MiB thread stack.
const STACK_BUDGET: usize = 1 << 20;

/// Remembers the stack position where lexing or parsing started.
#[derive(Clone, Copy, Debug)]
pub(crate) struct StackGuard {
    base: usize,
}

impl StackGuard {
    pub(crate) fn new() -> StackGuard {
        StackGuard { base: stack_position() }
    }

    /// More than [`STACK_BUDGET`] bytes of stack are in use since [`StackGuard::new`].
    pub(crate) fn exhausted(&self) -> bool {
        self.base.abs_diff(stack_position()) > STACK_BUDGET
    }
}

/// The address of a local variable: the current depth of the stack.
#[inline(never)]
fn stack_position() -> usize {
    let probe = 0u8;
    std::hint::black_box(&probe) as *const u8 as usize
}

/// Punctuation and operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Punct {
    LParen,
    RParen,
    LBracket,
    RBracket,
    LBrace,
    RBrace,
    Comma,
    Semi,
    Colon,
    Dot,
    /// `?.`
    SafeDot,
    /// `*.`
    SpreadDot,
    /// `.&`
    MethodPtr,
    /// `.@`
    FieldDot,
    /// `..`
    Range,
    /// `..<`
    RangeExcl,
    /// `...`
    Ellipsis,
    /// `->`
    Arrow,
    Question,
    /// `?:`
    Elvis,
    At,
    Plus,
    Minus,
    Star,
    Slash,
    Percent,
    /// `**`
    Pow,
    Inc,
    Dec,
    Assign,
    PlusAssign,
    MinusAssign,
    StarAssign,
    SlashAssign,
    PercentAssign,
    PowAssign,
    ShlAssign,
    ShrAssign,
    UShrAssign,
    AndAssign,
    OrAssign,
    XorAssign,
    /// `?=`
    ElvisAssign,
    /// `::` (method references; reported as unsupported)
    ColonColon,
    Eq,
    NotEq,
    Lt,
    Le,
    Gt,
    Ge,
    /// `<=>`
    Compare,
    /// `===`
    Identical,
    /// `!==`
    NotIdentical,
    AndAnd,
    OrOr,
    Not,
    Amp,
    Pipe,
    Caret,
    Tilde,
    Shl,
    Shr,
    UShr,
    /// `=~`
    RegexFind,
    /// `==~`
    RegexMatch,
}

/// The spelling of every operator and punctuation mark.
const PUNCTS: &[(&str, Punct)] = &[
    (">>>=", Punct::UShrAssign),
    ("<=>", Punct::Compare),
    ("===", Punct::Identical),
    ("!==", Punct::NotIdentical),
    ("==~", Punct::RegexMatch),
    ("**=", Punct::PowAssign),
    ("<<=", Punct::ShlAssign),
    (">>=", Punct::ShrAssign),
    (">>>", Punct::UShr),
    ("..<", Punct::RangeExcl),
    ("...", Punct::Ellipsis),
    ("?.", Punct::SafeDot),
    ("*.", Punct::SpreadDot),
    (".&", Punct::MethodPtr),
    (".@", Punct::FieldDot),
    ("..", Punct::Range),
    ("->", Punct::Arrow),
    ("?:", Punct::Elvis),
    ("?=", Punct::ElvisAssign),
    ("::", Punct::ColonColon),
    ("++", Punct::Inc),
    ("--", Punct::Dec),
    ("+=", Punct::PlusAssign),
    ("-=", Punct::MinusAssign),
    ("*=", Punct::StarAssign),
    ("/=", Punct::SlashAssign),
    ("%=", Punct::PercentAssign),
    ("&=", Punct::AndAssign),
    ("|=", Punct::OrAssign),
    ("^=", Punct::XorAssign),
    ("==", Punct::Eq),
    ("!=", Punct::NotEq),
    ("<=", Punct::Le),
    (">=", Punct::Ge),
    ("&&", Punct::AndAnd),
    ("||", Punct::OrOr),
    ("<<", Punct::Shl),
    (">>", Punct::Shr),
    ("=~", Punct::RegexFind),
    ("**", Punct::Pow),
    ("(", Punct::LParen),
    (")", Punct::RParen),
    ("[", Punct::LBracket),
    ("]", Punct::RBracket),
    ("{", Punct::LBrace),
    ("}", Punct::RBrace),
    (",", Punct::Comma),
    (";", Punct::Semi),
    (":", Punct::Colon),
    (".", Punct::Dot),
    ("?", Punct::Question),
    ("@", Punct::At),
    ("+", Punct::Plus),
    ("-", Punct::Minus),
    ("*", Punct::Star),
    ("/", Punct::Slash),
    ("%", Punct::Percent),
    ("=", Punct::Assign),
    ("<", Punct::Lt),
    (">", Punct::Gt),
    ("!", Punct::Not),
    ("&", Punct::Amp),
    ("|", Punct::Pipe),
    ("^", Punct::Caret),
    ("~", Punct::Tilde),
];

impl Punct {
    /// The punctuation as written.
    pub(crate) fn text(self) -> &'static str {
        PUNCTS.iter().find(|(_, p)| *p == self).map(|(s, _)| *s).unwrap_or("?")
    }
}

/// A piece of an interpolated string.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum StrPart {
    Text(Name),
    /// `$a.b.c`: the names of a dotted property path, each with its span.
    Path(Vec<(Name, Span)>),
    /// `${...}`: the tokens between the braces, ending in [`Tok::Eof`] at the closing brace.
    Block {
        tokens: Vec<Token>,
        span: Span,
    },
}

#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Tok {
    /// An identifier or a keyword.
    Ident(Name),
    Number(NumberLit),
    /// A string literal without interpolation.
    Str(Name),
    /// A string literal with at least one interpolation.
    GStr(Vec<StrPart>),
    Punct(Punct),
    Eof,
}

#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Token {
    pub kind: Tok,
    pub span: Span,
    /// A line break occurs between the previous token and this one.
    pub nl_before: bool,
    /// Whitespace or a comment occurs between the previous token and this one.
    pub space_before: bool,
}

/// Words that are keywords wherever a name or an expression is expected (they may still be used
/// after `.`, as map keys and as named-argument names).
pub(crate) fn is_reserved(word: &str) -> bool {
    matches!(
        word,
        "abstract"
            | "as"
            | "assert"
            | "boolean"
            | "break"
            | "byte"
            | "case"
            | "catch"
            | "char"
            | "class"
            | "const"
            | "continue"
            | "def"
            | "default"
            | "do"
            | "double"
            | "else"
            | "enum"
            | "extends"
            | "false"
            | "final"
            | "finally"
            | "float"
            | "for"
            | "goto"
            | "if"
            | "implements"
            | "import"
            | "in"
            | "instanceof"
            | "int"
            | "interface"
            | "long"
            | "native"
            | "new"
            | "null"
            | "package"
            | "private"
            | "protected"
            | "public"
            | "return"
            | "short"
            | "static"
            | "strictfp"
            | "super"
            | "switch"
            | "synchronized"
            | "this"
            | "throw"
            | "throws"
            | "trait"
            | "transient"
            | "true"
            | "try"
            | "void"
            | "volatile"
            | "while"
    )
}

/// Keywords that denote a value and so may end an operand.
pub(crate) fn is_value_keyword(word: &str) -> bool {
    matches!(word, "this" | "super" | "true" | "false" | "null")
}

fn is_ident_start(c: char) -> bool {
    c.is_alphabetic() || c == '_' || c == '$'
}

fn is_ident_continue(c: char) -> bool {
    c.is_alphanumeric() || c == '_' || c == '$'
}

/// Identifier characters inside a `$name` interpolation: `$` starts the next interpolation.
fn is_gstring_ident_start(c: char) -> bool {
    c.is_alphabetic() || c == '_'
}

fn is_gstring_ident_continue(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// Lexes a whole source text. The result always ends with a [`Tok::Eof`] token.
pub(crate) fn tokenize(text: &str) -> Result<Vec<Token>, SyntaxError> {
    if text.len() >= u32::MAX as usize {
        return Err(SyntaxError::new("source file too large", Span::new(0, 0)));
    }
    let mut lexer = Lexer { src: text, pos: 0, depth: 0, stack: StackGuard::new() };
    if text.starts_with("#!") {
        lexer.pos = text.find('\n').unwrap_or(text.len());
    }
    lexer.lex_stream(None)
}

struct Lexer<'a> {
    src: &'a str,
    pos: usize,
    /// Nesting of `${` interpolations.
    depth: u32,
    stack: StackGuard,
}

/// Where the quoted text of a string starts and how it ends.
#[derive(Clone, Copy, PartialEq, Eq)]
enum StrKind {
    Single,
    Double,
    TripleSingle,
    TripleDouble,
    Slashy,
    DollarSlashy,
}

/// Accumulates the parts of a string literal.
struct StrBuilder {
    parts: Vec<StrPart>,
    text: String,
}

impl StrBuilder {
    fn new() -> StrBuilder {
        StrBuilder { parts: Vec::new(), text: String::new() }
    }

    fn flush(&mut self) {
        if !self.text.is_empty() {
            let text = std::mem::take(&mut self.text);
            self.parts.push(StrPart::Text(text.into()));
        }
    }

    fn push_part(&mut self, part: StrPart) {
        self.flush();
        self.parts.push(part);
    }

    fn finish(mut self) -> Tok {
        if self.parts.is_empty() {
            return Tok::Str(std::mem::take(&mut self.text).into());
        }
        self.flush();
        Tok::GStr(self.parts)
    }
}

fn span(start: usize, end: usize) -> Span {
    Span::new(start as u32, end as u32)
}

impl<'a> Lexer<'a> {
    fn byte(&self, offset: usize) -> u8 {
        self.src.as_bytes().get(self.pos + offset).copied().unwrap_or(0)
    }

    fn rest(&self) -> &'a str {
        self.src.get(self.pos..).unwrap_or("")
    }

    fn peek_char(&self) -> Option<char> {
        self.rest().chars().next()
    }

    fn char_at(&self, offset: usize) -> Option<char> {
        self.src.get(self.pos + offset..).and_then(|s| s.chars().next())
    }

    fn error(&self, message: impl Into<String>, start: usize, end: usize) -> SyntaxError {
        SyntaxError::new(message, span(start, end))
    }

    /// Lexes tokens up to the end of the text or, inside a `${` interpolation that starts at
    /// `interp`, up to its closing brace (consumed; an [`Tok::Eof`] token stands in for it).
    fn lex_stream(&mut self, interp: Option<usize>) -> Result<Vec<Token>, SyntaxError> {
        let mut tokens: Vec<Token> = Vec::new();
        let mut brace_depth = 0u32;
        let mut prev_ends_operand = false;
        let mut first = true;
        loop {
            let (newline, space) = self.skip_trivia()?;
            let nl_before = newline || (first && interp.is_none());
            first = false;
            let start = self.pos;
            if start >= self.src.len() {
                if let Some(open) = interp {
                    return Err(self.error("unterminated `${` interpolation", open, open + 2));
                }
                tokens.push(Token { kind: Tok::Eof, span: span(start, start), nl_before: true, space_before: space });
                return Ok(tokens);
            }
            let b = self.byte(0);
            let kind = match b {
                b'{' => {
                    brace_depth += 1;
                    self.pos += 1;
                    Tok::Punct(Punct::LBrace)
                }
                b'}' => {
                    self.pos += 1;
                    if interp.is_some() && brace_depth == 0 {
                        tokens.push(Token {
                            kind: Tok::Eof,
                            span: span(start, start + 1),
                            nl_before,
                            space_before: space,
                        });
                        return Ok(tokens);
                    }
                    brace_depth = brace_depth.saturating_sub(1);
                    Tok::Punct(Punct::RBrace)
                }
                b'\'' | b'"' => self.lex_quoted()?,
                b'/' if !prev_ends_operand => self.lex_string(StrKind::Slashy, start, 1)?,
                b'$' if self.byte(1) == b'/' => self.lex_string(StrKind::DollarSlashy, start, 2)?,
                b'0'..=b'9' => self.lex_number()?,
                _ => {
                    let c = self.peek_char().unwrap_or('\0');
                    if is_ident_start(c) {
                        self.lex_ident()
                    } else if let Some(p) = self.lex_punct() {
                        Tok::Punct(p)
                    } else {
                        return Err(self.error(
                            format!("unexpected character `{}`", c.escape_debug()),
                            start,
                            start + c.len_utf8(),
                        ));
                    }
                }
            };
            prev_ends_operand = match &kind {
                Tok::Ident(w) => !is_reserved(w) || is_value_keyword(w),
                Tok::Number(_) | Tok::Str(_) | Tok::GStr(_) => true,
                Tok::Punct(p) => matches!(p, Punct::RParen | Punct::RBracket | Punct::RBrace | Punct::Inc | Punct::Dec),
                Tok::Eof => false,
            };
            tokens.push(Token { kind, span: span(start, self.pos), nl_before, space_before: space });
        }
    }

    /// Skips whitespace and comments; reports whether a line break and whether anything at all
    /// was skipped.
    fn skip_trivia(&mut self) -> Result<(bool, bool), SyntaxError> {
        let mut newline = false;
        let mut space = false;
        loop {
            match self.byte(0) {
                b'\n' => {
                    newline = true;
                    self.pos += 1;
                }
                b' ' | b'\t' | b'\r' | 0x0c => self.pos += 1,
                b'\\' if self.byte(1) == b'\n' => self.pos += 2,
                b'\\' if self.byte(1) == b'\r' && self.byte(2) == b'\n' => self.pos += 3,
                b'/' if self.byte(1) == b'/' => {
                    let rest = self.rest();
                    self.pos += rest.find('\n').unwrap_or(rest.len());
                }
                b'/' if self.byte(1) == b'*' => {
                    let start = self.pos;
                    let body = self.src.get(start + 2..).unwrap_or("");
                    match body.find("*/") {
                        Some(end) => {
                            if body[..end].contains('\n') {
                                newline = true;
                            }
                            self.pos = start + 2 + end + 2;
                        }
                        None => return Err(self.error("unterminated block comment", start, start + 2)),
                    }
                }
                b if b >= 0x80 => match self.peek_char() {
                    Some(c) if c.is_whitespace() || c == '\u{feff}' => {
                        if c == '\u{2028}' || c == '\u{2029}' || c == '\u{85}' {
                            newline = true;
                        }
                        self.pos += c.len_utf8();
                    }
                    _ => break,
                },
                _ => break,
            }
            space = true;
        }
        Ok((newline, space))
    }

    fn lex_ident(&mut self) -> Tok {
        let rest = self.rest();
        let len = rest.find(|c: char| !is_ident_continue(c)).unwrap_or(rest.len());
        self.pos += len;
        Tok::Ident(rest[..len].into())
    }

    /// Lexes an operator or punctuation mark, longest spelling first.
    fn lex_punct(&mut self) -> Option<Punct> {
        use Punct::*;
        let (b1, b2, b3) = (self.byte(1), self.byte(2), self.byte(3));
        let (p, len) = match self.byte(0) {
            b'(' => (LParen, 1),
            b')' => (RParen, 1),
            b'[' => (LBracket, 1),
            b']' => (RBracket, 1),
            b'{' => (LBrace, 1),
            b'}' => (RBrace, 1),
            b',' => (Comma, 1),
            b';' => (Semi, 1),
            b'@' => (At, 1),
            b'~' => (Tilde, 1),
            b':' => match b1 {
                b':' => (ColonColon, 2),
                _ => (Colon, 1),
            },
            b'.' => match (b1, b2) {
                (b'.', b'<') => (RangeExcl, 3),
                (b'.', b'.') => (Ellipsis, 3),
                (b'.', _) => (Range, 2),
                (b'&', _) => (MethodPtr, 2),
                (b'@', _) => (FieldDot, 2),
                _ => (Dot, 1),
            },
            b'?' => match b1 {
                b'.' => (SafeDot, 2),
                b':' => (Elvis, 2),
                b'=' => (ElvisAssign, 2),
                _ => (Question, 1),
            },
            b'+' => match b1 {
                b'+' => (Inc, 2),
                b'=' => (PlusAssign, 2),
                _ => (Plus, 1),
            },
            b'-' => match b1 {
                b'-' => (Dec, 2),
                b'=' => (MinusAssign, 2),
                b'>' => (Arrow, 2),
                _ => (Minus, 1),
            },
            b'*' => match (b1, b2) {
                (b'*', b'=') => (PowAssign, 3),
                (b'*', _) => (Pow, 2),
                (b'.', _) => (SpreadDot, 2),
                (b'=', _) => (StarAssign, 2),
                _ => (Star, 1),
            },
            b'/' => match b1 {
                b'=' => (SlashAssign, 2),
                _ => (Slash, 1),
            },
            b'%' => match b1 {
                b'=' => (PercentAssign, 2),
                _ => (Percent, 1),
            },
            b'=' => match (b1, b2) {
                (b'=', b'=') => (Identical, 3),
                (b'=', b'~') => (RegexMatch, 3),
                (b'=', _) => (Eq, 2),
                (b'~', _) => (RegexFind, 2),
                _ => (Assign, 1),
            },
            b'!' => match (b1, b2) {
                (b'=', b'=') => (NotIdentical, 3),
                (b'=', _) => (NotEq, 2),
                _ => (Not, 1),
            },
            b'<' => match (b1, b2) {
                (b'=', b'>') => (Compare, 3),
                (b'=', _) => (Le, 2),
                (b'<', b'=') => (ShlAssign, 3),
                (b'<', _) => (Shl, 2),
                _ => (Lt, 1),
            },
            b'>' => match (b1, b2, b3) {
                (b'>', b'>', b'=') => (UShrAssign, 4),
                (b'>', b'>', _) => (UShr, 3),
                (b'>', b'=', _) => (ShrAssign, 3),
                (b'>', _, _) => (Shr, 2),
                (b'=', _, _) => (Ge, 2),
                _ => (Gt, 1),
            },
            b'&' => match b1 {
                b'&' => (AndAnd, 2),
                b'=' => (AndAssign, 2),
                _ => (Amp, 1),
            },
            b'|' => match b1 {
                b'|' => (OrOr, 2),
                b'=' => (OrAssign, 2),
                _ => (Pipe, 1),
            },
            b'^' => match b1 {
                b'=' => (XorAssign, 2),
                _ => (Caret, 1),
            },
            _ => return None,
        };
        self.pos += len;
        Some(p)
    }

    fn lex_quoted(&mut self) -> Result<Tok, SyntaxError> {
        let start = self.pos;
        let q = self.byte(0);
        let triple = self.byte(1) == q && self.byte(2) == q;
        let kind = match (q, triple) {
            (b'\'', false) => StrKind::Single,
            (b'\'', true) => StrKind::TripleSingle,
            (_, false) => StrKind::Double,
            (_, true) => StrKind::TripleDouble,
        };
        self.lex_string(kind, start, if triple { 3 } else { 1 })
    }

    /// Lexes a string literal whose opening delimiter (`open_len` bytes) starts at `start`.
    fn lex_string(&mut self, kind: StrKind, start: usize, open_len: usize) -> Result<Tok, SyntaxError> {
        self.pos = start + open_len;
        let mut b = StrBuilder::new();
        let unterminated = |lx: &Lexer| {
            let what = match kind {
                StrKind::Slashy => "unterminated slashy string",
                StrKind::DollarSlashy => "unterminated dollar-slashy string",
                _ => "unterminated string literal",
            };
            lx.error(what, start, start + open_len)
        };
        loop {
            let Some(c) = self.peek_char() else {
                return Err(unterminated(self));
            };
            match kind {
                StrKind::Single | StrKind::Double => {
                    let quote = if kind == StrKind::Single { '\'' } else { '"' };
                    if c == quote {
                        self.pos += 1;
                        break;
                    }
                    if c == '\n' || (c == '\r' && self.byte(1) == b'\n') {
                        return Err(unterminated(self));
                    }
                }
                StrKind::TripleSingle | StrKind::TripleDouble => {
                    let q = if kind == StrKind::TripleSingle { b'\'' } else { b'"' };
                    if self.byte(0) == q && self.byte(1) == q && self.byte(2) == q {
                        // `""""` ends with a quote in the text: the closing delimiter is the
                        // last three quotes of the run.
                        let mut run = 3;
                        while self.byte(run) == q {
                            run += 1;
                        }
                        for _ in 3..run {
                            b.text.push(q as char);
                        }
                        self.pos += run;
                        break;
                    }
                }
                StrKind::Slashy => {
                    if c == '/' {
                        self.pos += 1;
                        break;
                    }
                    if c == '\\' && self.byte(1) == b'/' {
                        b.text.push('/');
                        self.pos += 2;
                        continue;
                    }
                }
                StrKind::DollarSlashy => {
                    let rest = self.rest();
                    if rest.starts_with("/$") {
                        self.pos += 2;
                        break;
                    }
                    if rest.starts_with("$$") {
                        b.text.push('$');
                        self.pos += 2;
                        continue;
                    }
                    if rest.starts_with("$/") {
                        b.text.push('/');
                        self.pos += 2;
                        continue;
                    }
                }
            }
            let escapes = !matches!(kind, StrKind::Slashy | StrKind::DollarSlashy);
            let interpolates = !matches!(kind, StrKind::Single | StrKind::TripleSingle);
            if c == '\\' && escapes {
                self.lex_escape(&mut b.text)?;
            } else if c == '$' && interpolates {
                self.lex_dollar(&mut b)?;
            } else {
                b.text.push(c);
                self.pos += c.len_utf8();
            }
        }
        Ok(b.finish())
    }

    /// Lexes an escape sequence (the backslash is at `self.pos`) and appends its character.
    fn lex_escape(&mut self, out: &mut String) -> Result<(), SyntaxError> {
        let start = self.pos;
        let Some(c) = self.char_at(1) else {
            return Err(self.error("unterminated string literal", start, start + 1));
        };
        let simple = match c {
            'n' => Some('\n'),
            't' => Some('\t'),
            'b' => Some('\u{8}'),
            'r' => Some('\r'),
            'f' => Some('\u{c}'),
            's' => Some(' '),
            '\\' => Some('\\'),
            '\'' => Some('\''),
            '"' => Some('"'),
            '$' => Some('$'),
            _ => None,
        };
        if let Some(ch) = simple {
            out.push(ch);
            self.pos += 2;
            return Ok(());
        }
        match c {
            '\n' => self.pos += 2,
            '\r' if self.byte(2) == b'\n' => self.pos += 3,
            'u' => {
                let first = self.lex_unicode_escape()?;
                let ch = if (0xD800..0xDC00).contains(&first) && self.byte(0) == b'\\' && self.byte(1) == b'u' {
                    let save = self.pos;
                    let second = self.lex_unicode_escape()?;
                    if (0xDC00..0xE000).contains(&second) {
                        char::from_u32(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))
                    } else {
                        self.pos = save;
                        None
                    }
                } else {
                    char::from_u32(first)
                };
                out.push(ch.unwrap_or('\u{fffd}'));
            }
            '0'..='7' => {
                let max_len = if c <= '3' { 3 } else { 2 };
                let mut value = 0u32;
                let mut len = 0;
                while len < max_len {
                    let d = self.byte(1 + len);
                    if !(b'0'..=b'7').contains(&d) {
                        break;
                    }
                    value = value * 8 + u32::from(d - b'0');
                    len += 1;
                }
                self.pos += 1 + len;
                out.push(char::from_u32(value).unwrap_or('\u{fffd}'));
            }
            _ => {
                return Err(self.error(
                    format!("invalid escape sequence `\\{}`", c.escape_debug()),
                    start,
                    start + 1 + c.len_utf8(),
                ))
            }
        }
        Ok(())
    }

    /// Lexes `\uXXXX` (several `u`s allowed, as in Java) at `self.pos`; returns the code unit.
    fn lex_unicode_escape(&mut self) -> Result<u32, SyntaxError> {
        let start = self.pos;
        let mut i = 1;
        while self.byte(i) == b'u' {
            i += 1;
        }
        let digits = self.src.get(self.pos + i..self.pos + i + 4).unwrap_or("");
        match (digits.len() == 4 && digits.bytes().all(|d| d.is_ascii_hexdigit()))
            .then(|| u32::from_str_radix(digits, 16).ok())
            .flatten()
        {
            Some(v) => {
                self.pos += i + 4;
                Ok(v)
            }
            None => Err(self.error(
                "invalid unicode escape: expected four hexadecimal digits after `\\u`",
                start,
                self.pos + i,
            )),
        }
    }

    /// Lexes what follows a `$` in an interpolating string: `${...}`, `$a.b.c`, or a literal `$`.
    fn lex_dollar(&mut self, b: &mut StrBuilder) -> Result<(), SyntaxError> {
        let start = self.pos;
        if self.byte(1) == b'{' {
            if self.depth >= MAX_DEPTH || self.stack.exhausted() {
                return Err(self.error("nesting too deep", start, start + 2));
            }
            self.depth += 1;
            self.pos += 2;
            let tokens = self.lex_stream(Some(start));
            self.depth -= 1;
            let tokens = tokens?;
            b.push_part(StrPart::Block { tokens, span: span(start, self.pos) });
            return Ok(());
        }
        if !self.char_at(1).is_some_and(is_gstring_ident_start) {
            b.text.push('$');
            self.pos += 1;
            return Ok(());
        }
        self.pos += 1;
        let mut path = Vec::new();
        loop {
            let rest = self.rest();
            let len = rest.find(|c: char| !is_gstring_ident_continue(c)).unwrap_or(rest.len());
            path.push((Name::from(&rest[..len]), span(self.pos, self.pos + len)));
            self.pos += len;
            if self.byte(0) == b'.' && self.char_at(1).is_some_and(is_gstring_ident_start) {
                self.pos += 1;
            } else {
                break;
            }
        }
        b.push_part(StrPart::Path(path));
        Ok(())
    }

    fn lex_number(&mut self) -> Result<Tok, SyntaxError> {
        let start = self.pos;
        let bytes = self.src.as_bytes();
        let at = |i: usize| bytes.get(i).copied().unwrap_or(0);
        let mut i = start;
        let radix_prefix = if at(i) == b'0' {
            match at(i + 1) {
                b'x' | b'X' => 16,
                b'b' | b'B' => 2,
                _ => 0,
            }
        } else {
            0
        };
        let mut is_decimal = false;
        if radix_prefix != 0 {
            i += 2;
            let digits_start = i;
            let is_digit = |d: u8| match radix_prefix {
                2 => matches!(d, b'0' | b'1' | b'_'),
                _ => d.is_ascii_hexdigit() || d == b'_',
            };
            while is_digit(at(i)) {
                i += 1;
            }
            if i == digits_start {
                let prefix = &self.src[start..start + 2];
                return Err(self.error(format!("missing digits after `{prefix}`"), start, i));
            }
        } else {
            while at(i).is_ascii_digit() || at(i) == b'_' {
                i += 1;
            }
            if at(i) == b'.' && at(i + 1).is_ascii_digit() {
                is_decimal = true;
                i += 1;
                while at(i).is_ascii_digit() || at(i) == b'_' {
                    i += 1;
                }
            }
            if matches!(at(i), b'e' | b'E')
                && (at(i + 1).is_ascii_digit() || (matches!(at(i + 1), b'+' | b'-') && at(i + 2).is_ascii_digit()))
            {
                is_decimal = true;
                i += 2;
                while at(i).is_ascii_digit() || at(i) == b'_' {
                    i += 1;
                }
            }
        }
        let body_end = i;
        let suffix = match at(i) {
            b'l' | b'L' | b'g' | b'G' | b'i' | b'I' => Some(at(i)),
            b'd' | b'D' | b'f' | b'F' if radix_prefix == 0 => Some(at(i)),
            _ => None,
        };
        if suffix.is_some() {
            i += 1;
        }
        self.pos = i;
        if let Some(c) = self.peek_char() {
            if is_ident_continue(c) {
                return Err(self.error(format!("invalid character `{c}` in number literal"), i, i + c.len_utf8()));
            }
        }
        let digits_from = if radix_prefix != 0 { start + 2 } else { start };
        let text: String = self.src[digits_from..body_end].chars().filter(|&c| c != '_').collect();
        let suffix = suffix.map(|s| s.to_ascii_lowercase());
        let result = if is_decimal {
            classify_decimal(&text, suffix)
        } else {
            let floating = matches!(suffix, Some(b'd') | Some(b'f'));
            if radix_prefix == 0 && text.len() > 1 && text.starts_with('0') && !floating {
                if text.bytes().any(|d| d > b'7') {
                    Err("invalid digit in octal number literal".to_string())
                } else {
                    classify_integer(&text[1..], 8, suffix)
                }
            } else {
                classify_integer(&text, if radix_prefix == 0 { 10 } else { radix_prefix }, suffix)
            }
        };
        match result {
            Ok(n) => Ok(Tok::Number(n)),
            Err(message) => Err(self.error(message, start, i)),
        }
    }
}

/// Classifies an integer literal (digits without underscores, prefix or suffix).
fn classify_integer(digits: &str, radix: u32, suffix: Option<u8>) -> Result<NumberLit, String> {
    let mut value: Option<u128> = Some(0);
    for d in digits.chars() {
        let Some(v) = d.to_digit(radix) else {
            return Err(format!("invalid digit `{d}` in number literal"));
        };
        value = value.and_then(|x| x.checked_mul(u128::from(radix))).and_then(|x| x.checked_add(u128::from(v)));
    }
    let as_i32 = value.and_then(|v| i32::try_from(v).ok());
    let as_i64 = value.and_then(|v| i64::try_from(v).ok());
    match suffix {
        None => Ok(match (as_i32, as_i64) {
            (Some(v), _) => NumberLit::Integer(v),
            (None, Some(v)) => NumberLit::Long(v),
            _ => NumberLit::BigInteger(to_decimal_string(digits, radix).into()),
        }),
        Some(b'i') => {
            as_i32.map(NumberLit::Integer).ok_or_else(|| "number too large for an Integer literal".to_string())
        }
        Some(b'l') => as_i64.map(NumberLit::Long).ok_or_else(|| "number too large for a Long literal".to_string()),
        Some(b'g') => Ok(NumberLit::BigInteger(to_decimal_string(digits, radix).into())),
        Some(b'd') => Ok(NumberLit::Double(digits.parse::<f64>().unwrap_or(f64::INFINITY))),
        Some(b'f') => Ok(NumberLit::Float(digits.parse::<f32>().unwrap_or(f32::INFINITY))),
        Some(other) => Err(format!("invalid suffix `{}` on number literal", other as char)),
    }
}

/// Classifies a literal with a fraction or an exponent.
fn classify_decimal(text: &str, suffix: Option<u8>) -> Result<NumberLit, String> {
    match suffix {
        None | Some(b'g') => Ok(NumberLit::BigDecimal(text.into())),
        Some(b'd') => text.parse::<f64>().map(NumberLit::Double).map_err(|e| e.to_string()),
        Some(b'f') => text.parse::<f32>().map(NumberLit::Float).map_err(|e| e.to_string()),
        Some(other) => Err(format!("invalid suffix `{}` on a decimal number literal", other as char)),
    }
}

/// Converts digits in any radix up to 16 to decimal digits, for integers of any size.
fn to_decimal_string(digits: &str, radix: u32) -> String {
    const BASE: u64 = 1_000_000_000;
    // Little-endian limbs in base 10^9.
    let mut limbs: Vec<u64> = vec![0];
    for d in digits.chars() {
        let mut carry = u64::from(d.to_digit(radix).unwrap_or(0));
        for limb in limbs.iter_mut() {
            let v = *limb * u64::from(radix) + carry;
            *limb = v % BASE;
            carry = v / BASE;
        }
        while carry > 0 {
            limbs.push(carry % BASE);
            carry /= BASE;
        }
    }
    let mut out = String::new();
    let mut iter = limbs.iter().rev();
    if let Some(top) = iter.next() {
        out.push_str(&top.to_string());
    }
    for limb in iter {
        out.push_str(&format!("{limb:09}"));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(text: &str) -> Vec<Tok> {
        tokenize(text).expect("lexes").into_iter().map(|t| t.kind).collect()
    }

    fn num(text: &str) -> NumberLit {
        match kinds(text).into_iter().next() {
            Some(Tok::Number(n)) => n,
            other => panic!("not a number: {other:?}"),
        }
    }

    #[test]
    fn numbers_are_classified_by_groovy_rules() {
        assert_eq!(num("42"), NumberLit::Integer(42));
        assert_eq!(num("2147483647"), NumberLit::Integer(i32::MAX));
        assert_eq!(num("2147483648"), NumberLit::Long(2147483648));
        assert_eq!(num("99999999999999999999"), NumberLit::BigInteger("99999999999999999999".into()));
        assert_eq!(num("1_000"), NumberLit::Integer(1000));
        assert_eq!(num("0x1F"), NumberLit::Integer(31));
        assert_eq!(num("0xFFL"), NumberLit::Long(255));
        assert_eq!(num("0b101"), NumberLit::Integer(5));
        assert_eq!(num("017"), NumberLit::Integer(15));
        assert_eq!(num("0"), NumberLit::Integer(0));
        assert_eq!(num("5L"), NumberLit::Long(5));
        assert_eq!(num("5G"), NumberLit::BigInteger("5".into()));
        assert_eq!(num("5i"), NumberLit::Integer(5));
        assert_eq!(num("1.50"), NumberLit::BigDecimal("1.50".into()));
        assert_eq!(num("1e3"), NumberLit::BigDecimal("1e3".into()));
        assert_eq!(num("1.5E-3"), NumberLit::BigDecimal("1.5E-3".into()));
        assert_eq!(num("1.5G"), NumberLit::BigDecimal("1.5".into()));
        assert_eq!(num("1.5d"), NumberLit::Double(1.5));
        assert_eq!(num("2D"), NumberLit::Double(2.0));
        assert_eq!(num("0.5f"), NumberLit::Float(0.5));
        assert_eq!(num("0xFFFFFFFFFFFFFFFFFFFF"), NumberLit::BigInteger("1208925819614629174706175".into()));
        assert_eq!(num("0x1D"), NumberLit::Integer(29));
    }

    #[test]
    fn every_punct_lexes_from_its_spelling() {
        for (text, p) in PUNCTS {
            // After an operand, so that `/` is division rather than a slashy string.
            let toks = kinds(&format!("a {text}"));
            assert_eq!(toks[1..], [Tok::Punct(*p), Tok::Eof], "{text}");
            assert_eq!(p.text(), *text);
        }
    }

    #[test]
    fn bad_numbers_are_errors() {
        assert!(tokenize("0x").is_err());
        assert!(tokenize("09").is_err());
        assert!(tokenize("12abc").is_err());
        assert!(tokenize("3000000000i").is_err());
        assert!(tokenize("1.5L").is_err());
    }

    #[test]
    fn ranges_and_methods_on_numbers() {
        assert_eq!(
            kinds("1..2"),
            vec![
                Tok::Number(NumberLit::Integer(1)),
                Tok::Punct(Punct::Range),
                Tok::Number(NumberLit::Integer(2)),
                Tok::Eof
            ]
        );
        assert_eq!(kinds("1.5.round()")[0], Tok::Number(NumberLit::BigDecimal("1.5".into())));
    }

    #[test]
    fn slash_is_division_after_operand_and_regex_otherwise() {
        assert_eq!(kinds("a / b")[1], Tok::Punct(Punct::Slash));
        assert_eq!(kinds("x = /a+b/")[2], Tok::Str("a+b".into()));
        assert_eq!(kinds("~/\\d\\/x$/")[1], Tok::Str("\\d/x$".into()));
        assert_eq!(kinds("(a) / 2")[3], Tok::Punct(Punct::Slash));
    }

    #[test]
    fn strings_and_escapes() {
        assert_eq!(kinds(r#"'a\'b\n'"#)[0], Tok::Str("a'b\n".into()));
        assert_eq!(kinds(r#""\u0041\$x""#)[0], Tok::Str("A$x".into()));
        assert_eq!(kinds("'''a\n'b'\n'''")[0], Tok::Str("a\n'b'\n".into()));
        assert_eq!(kinds("'${name}'")[0], Tok::Str("${name}".into()));
        assert_eq!(kinds("\"a\\\nb\"")[0], Tok::Str("ab".into()));
        assert_eq!(kinds("$/a$$b$/c/$")[0], Tok::Str("a$b/c".into()));
        assert_eq!(kinds("\"cost: 5$\"")[0], Tok::Str("cost: 5$".into()));
    }

    #[test]
    fn gstring_parts() {
        let Tok::GStr(parts) = &kinds(r#""$evt.name: ${x + 1}.""#)[0] else { panic!() };
        assert_eq!(parts.len(), 4);
        match &parts[0] {
            StrPart::Path(p) => {
                assert_eq!(p.iter().map(|(n, _)| &**n).collect::<Vec<_>>(), ["evt", "name"])
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(parts[1], StrPart::Text(": ".into()));
        match &parts[2] {
            StrPart::Block { tokens, .. } => assert_eq!(tokens.len(), 4),
            other => panic!("{other:?}"),
        }
        assert_eq!(parts[3], StrPart::Text(".".into()));
    }

    #[test]
    fn newline_flags() {
        let toks = tokenize("a\n b // c\n/* x\n */ d e").unwrap();
        let flags: Vec<bool> = toks.iter().map(|t| t.nl_before).collect();
        assert_eq!(flags, vec![true, true, true, false, true]);
    }

    #[test]
    fn lexer_errors() {
        let e = tokenize("x = \"abc\ny").unwrap_err();
        assert_eq!(e.message, "unterminated string literal");
        assert_eq!(e.span.start, 4);
        assert_eq!(tokenize("'abc").unwrap_err().message, "unterminated string literal");
        assert_eq!(tokenize("\"${a\"").unwrap_err().message, "unterminated string literal");
        assert_eq!(tokenize("/* x").unwrap_err().message, "unterminated block comment");
        assert_eq!(tokenize("a # b").unwrap_err().message, "unexpected character `#`");
        assert_eq!(tokenize(r#""\q""#).unwrap_err().message, "invalid escape sequence `\\q`");
    }

    #[test]
    fn deep_interpolation_is_an_error_not_a_crash() {
        let mut s = String::new();
        for _ in 0..400 {
            s.push_str("\"${");
        }
        assert!(tokenize(&s).is_err());
    }
}
