//! The abstract syntax tree of the Groovy dialect Eventide reads.
//!
//! The tree is produced by [`crate::syntax::parse`] and consumed by the evaluator. Every node carries
//! a [`Span`] (byte offsets into its [`SourceFile`](crate::syntax::SourceFile)), so that the
//! evaluator can report runtime errors with file, line and column.
//!
//! Design choices:
//! - Names are [`Name`] (`Arc<str>`): cheap to clone, shareable across threads, so one parsed app
//!   can serve many model-checking runs.
//! - A script is a flat list of statements; method declarations are statements too
//!   ([`StmtKind::Method`]) and the evaluator hoists them.
//! - Command calls without parentheses (`input "x", "capability.switch", title: "T"`) and calls
//!   with parentheses produce the same [`ExprKind::MethodCall`]; named arguments are kept apart from
//!   positional ones, and trailing closures are appended to the positional arguments.
//! - Nothing here is evaluated or resolved: `foo` is an [`ExprKind::Ident`] whatever it turns out to
//!   be at run time (a local, a getter, a setting, a class name such as `Math`).

use std::sync::Arc;

/// An identifier or other interned-by-sharing name.
pub type Name = Arc<str>;

/// A half-open byte range `[start, end)` in a source file.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Span {
    pub start: u32,
    pub end: u32,
}

impl Span {
    pub fn new(start: u32, end: u32) -> Span {
        Span { start, end }
    }
    /// The smallest span covering both.
    pub fn to(self, other: Span) -> Span {
        Span { start: self.start.min(other.start), end: self.end.max(other.end) }
    }
}

/// A whole file: its statements in source order.
#[derive(Clone, Debug, PartialEq)]
pub struct Script {
    pub stmts: Vec<Stmt>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Stmt {
    pub kind: StmtKind,
    pub span: Span,
}

/// A type as written (`String`, `java.util.Date`, `List<String>`, `int[]`). Generic arguments are
/// kept as written but carry no meaning for the evaluator.
#[derive(Clone, Debug, PartialEq)]
pub struct TypeName {
    /// The dotted name without generics or array brackets, e.g. `java.util.Date`.
    pub name: Name,
    pub generics: Vec<TypeName>,
    /// Number of `[]` suffixes.
    pub array_dims: u8,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Param {
    pub name: Name,
    pub ty: Option<TypeName>,
    pub default: Option<Expr>,
    pub span: Span,
}

/// `def name(params) { body }` or `Type name(params) { body }` at script level.
#[derive(Clone, Debug, PartialEq)]
pub struct MethodDecl {
    pub name: Name,
    pub params: Vec<Param>,
    /// `None` for `def`/`void`-less declarations written with `def`.
    pub return_type: Option<TypeName>,
    /// `private`, `static`, `public`, ... as written.
    pub modifiers: Vec<Name>,
    pub annotations: Vec<Annotation>,
    pub body: Vec<Stmt>,
    /// The span of the method name (what a diagnostic about the method points at).
    pub name_span: Span,
    pub span: Span,
}

/// `@Name` or `@Name(args)`; kept for completeness, ignored by the evaluator.
#[derive(Clone, Debug, PartialEq)]
pub struct Annotation {
    pub name: Name,
    pub args: Option<Args>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct CatchClause {
    /// `catch (IOException | SocketException e)`: several types; empty for `catch (e)` / `catch (def e)`.
    pub types: Vec<TypeName>,
    pub name: Name,
    pub body: Vec<Stmt>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct SwitchCase {
    /// The `case` expressions that share this body (`case 1: case 2: body`). Empty for `default`.
    pub labels: Vec<Expr>,
    pub is_default: bool,
    /// Statements up to the next case; control falls through to the next case without `break`.
    pub body: Vec<Stmt>,
    pub span: Span,
}

/// One declared variable in a local declaration: `x`, `x = 1`.
#[derive(Clone, Debug, PartialEq)]
pub struct VarDeclarator {
    pub name: Name,
    pub init: Option<Expr>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum StmtKind {
    /// An expression used as a statement (calls, assignments, ...).
    Expr(Expr),
    /// `def x = 1`, `int a, b = 2`, `final String s = "x"`. `ty` is `None` for `def`.
    LocalVar {
        ty: Option<TypeName>,
        vars: Vec<VarDeclarator>,
    },
    /// A script-level method declaration.
    Method(Arc<MethodDecl>),
    /// `{ ... }` used as a statement block (not a closure).
    Block(Vec<Stmt>),
    If {
        cond: Expr,
        then_branch: Box<Stmt>,
        else_branch: Option<Box<Stmt>>,
    },
    While {
        cond: Expr,
        body: Box<Stmt>,
    },
    DoWhile {
        body: Box<Stmt>,
        cond: Expr,
    },
    /// `for (x in xs)`, `for (def x in xs)`, `for (String x : xs)`.
    ForIn {
        var: Name,
        ty: Option<TypeName>,
        iterable: Expr,
        body: Box<Stmt>,
    },
    /// `for (init; cond; update)`.
    For {
        init: Vec<Stmt>,
        cond: Option<Expr>,
        update: Vec<Expr>,
        body: Box<Stmt>,
    },
    Switch {
        subject: Expr,
        cases: Vec<SwitchCase>,
    },
    Try {
        body: Vec<Stmt>,
        catches: Vec<CatchClause>,
        finally: Option<Vec<Stmt>>,
    },
    Return(Option<Expr>),
    Break(Option<Name>),
    Continue(Option<Name>),
    Throw(Expr),
    /// `assert cond` or `assert cond : message`.
    Assert {
        cond: Expr,
        message: Option<Expr>,
    },
    /// `label: statement`. In the SmartThings DSL, `action: [GET: "h"]` inside a closure is one.
    Labeled {
        label: Name,
        body: Box<Stmt>,
    },
    /// `import a.b.C`, `import static a.b.C.m`, `import a.b.*`, `import a.b.C as D`.
    Import {
        path: Name,
        is_static: bool,
        wildcard: bool,
        alias: Option<Name>,
    },
    /// `class`, `interface`, `enum` declarations: parsed only far enough to skip them; the
    /// evaluator reports them as unsupported.
    TypeDecl {
        keyword: Name,
        name: Name,
    },
    /// A lone `;`.
    Empty,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Expr {
    pub kind: ExprKind,
    pub span: Span,
}

/// A closure literal `{ a, b -> ... }` or `{ ... }` (implicit `it`).
#[derive(Clone, Debug, PartialEq)]
pub struct ClosureExpr {
    /// `None` when no `->` was written: the closure takes one optional parameter named `it`.
    /// `Some(vec![])` for `{ -> ... }`.
    pub params: Option<Vec<Param>>,
    pub body: Vec<Stmt>,
    pub span: Span,
}

/// A part of a GString: literal text or an interpolated expression (`$a.b`, `${expr}`).
#[derive(Clone, Debug, PartialEq)]
pub enum GStringPart {
    Text(Name),
    Expr(Expr),
}

/// A map key as written. `[a: 1]` has the key `"a"` (a bare word is a string), `[(a): 1]` the value
/// of `a`, `["a b": 1]` a string, `[1: x]` a number.
#[derive(Clone, Debug, PartialEq)]
pub enum MapKey {
    /// A bare word or a plain string literal.
    Name(Name),
    /// Any other key expression: `(expr)`, a GString, a number, ...
    Expr(Expr),
}

#[derive(Clone, Debug, PartialEq)]
pub enum MapEntry {
    Pair {
        key: MapKey,
        value: Expr,
        span: Span,
    },
    /// `*:otherMap`
    Spread(Expr),
}

/// A property or method name after `.`: plain, or computed (`obj."$name"`, `obj."literal"`).
#[derive(Clone, Debug, PartialEq)]
pub enum Member {
    Name(Name),
    /// A string or GString naming the member at run time.
    Dynamic(Box<Expr>),
}

/// How a member is reached.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Navigation {
    /// `a.b`
    Normal,
    /// `a?.b`: null when `a` is null.
    Safe,
    /// `a*.b`: applied to each element, giving a list.
    Spread,
    /// `a.@b`: direct field access (treated like `Normal` by the evaluator).
    Field,
}

/// Arguments of a call. Groovy collects named arguments into one map passed as the first
/// parameter; trailing closures (`foo(1) { ... }`, `foo { ... }`) are appended to `positional`.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Args {
    /// May contain [`ExprKind::Spread`] for `foo(*list)`.
    pub positional: Vec<Expr>,
    pub named: Vec<MapEntry>,
    /// True when written with parentheses (`f(x)`), false for command syntax (`f x`) or closure-only
    /// calls (`f { }`).
    pub parens: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UnaryOp {
    /// `-x`
    Neg,
    /// `+x`
    Plus,
    /// `!x`
    Not,
    /// `~x` (bitwise not; on a string, a regex pattern)
    BitNot,
    /// `++x`
    PreInc,
    /// `--x`
    PreDec,
    /// `x++`
    PostInc,
    /// `x--`
    PostDec,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BinaryOp {
    Add,
    Sub,
    Mul,
    Div,
    Mod,
    /// `**`
    Pow,
    Eq,
    NotEq,
    Lt,
    Le,
    Gt,
    Ge,
    /// `<=>`
    Compare,
    /// `===` (identity)
    Identical,
    /// `!==`
    NotIdentical,
    And,
    Or,
    BitAnd,
    BitOr,
    BitXor,
    /// `<<` (shift, or append to a list/string builder)
    Shl,
    /// `>>`
    Shr,
    /// `>>>`
    UShr,
    /// `=~` (find: a `Matcher`)
    RegexFind,
    /// `==~` (whole match: a boolean)
    RegexMatch,
    /// `in`
    In,
    /// `!in`
    NotIn,
}

impl BinaryOp {
    /// The operator as written.
    pub fn symbol(self) -> &'static str {
        use BinaryOp::*;
        match self {
            Add => "+",
            Sub => "-",
            Mul => "*",
            Div => "/",
            Mod => "%",
            Pow => "**",
            Eq => "==",
            NotEq => "!=",
            Lt => "<",
            Le => "<=",
            Gt => ">",
            Ge => ">=",
            Compare => "<=>",
            Identical => "===",
            NotIdentical => "!==",
            And => "&&",
            Or => "||",
            BitAnd => "&",
            BitOr => "|",
            BitXor => "^",
            Shl => "<<",
            Shr => ">>",
            UShr => ">>>",
            RegexFind => "=~",
            RegexMatch => "==~",
            In => "in",
            NotIn => "!in",
        }
    }
}

/// Numeric literal as written, already classified by Groovy's rules: an integer literal without
/// suffix is an `Integer` if it fits in 32 bits, else a `Long`, else a `BigInteger`; a decimal
/// literal without suffix is a `BigDecimal`.
#[derive(Clone, Debug, PartialEq)]
pub enum NumberLit {
    Integer(i32),
    Long(i64),
    /// Digits of an integer too large for a long (or with suffix `G` and no fraction).
    BigInteger(Name),
    /// The decimal text, e.g. `"1.50"` or `"1e3"` (suffix `G` or none).
    BigDecimal(Name),
    /// Suffix `d`/`D`.
    Double(f64),
    /// Suffix `f`/`F` (arithmetic on floats gives doubles, as in Groovy).
    Float(f32),
}

#[derive(Clone, Debug, PartialEq)]
pub enum ExprKind {
    Null,
    Bool(bool),
    Number(NumberLit),
    /// A string literal without interpolation (single, double, triple-quoted, slashy, dollar-slashy).
    Str(Name),
    /// A string with `$` interpolation.
    GString(Vec<GStringPart>),
    /// A bare name: local, property of `this`, setting, class name... resolved at run time.
    Ident(Name),
    /// `this`
    This,
    /// `super` (only as a receiver; the evaluator reports it unsupported).
    Super,
    /// `[a, b, c]`; may contain `Spread`.
    List(Vec<Expr>),
    /// `[a: 1, b: 2]`, `[:]`.
    Map(Vec<MapEntry>),
    /// `from..to`, `from..<to`.
    Range {
        from: Box<Expr>,
        to: Box<Expr>,
        exclusive: bool,
    },
    Unary {
        op: UnaryOp,
        operand: Box<Expr>,
    },
    Binary {
        op: BinaryOp,
        lhs: Box<Expr>,
        rhs: Box<Expr>,
    },
    /// `x instanceof T`, `x !instanceof T`.
    InstanceOf {
        expr: Box<Expr>,
        ty: TypeName,
        negated: bool,
    },
    /// `x as T`.
    As {
        expr: Box<Expr>,
        ty: TypeName,
    },
    /// `(T) x`, a Java-style cast.
    Cast {
        ty: TypeName,
        expr: Box<Expr>,
    },
    /// `target = value` or a compound assignment `target op= value` (`op` is the binary operator,
    /// `None` for plain `=`). `??=`/`?=` elvis assignment is `Elvis` here.
    Assign {
        op: Option<AssignOp>,
        target: Box<Expr>,
        value: Box<Expr>,
    },
    Ternary {
        cond: Box<Expr>,
        then_expr: Box<Expr>,
        else_expr: Box<Expr>,
    },
    /// `a ?: b`
    Elvis {
        lhs: Box<Expr>,
        rhs: Box<Expr>,
    },
    /// `obj.name`, `obj?.name`, `obj*.name`, `obj."$name"`.
    Property {
        object: Box<Expr>,
        member: Member,
        nav: Navigation,
    },
    /// `obj[index]`, `obj?[index]`; several indices `m[1, 2]` are kept as a list.
    Index {
        object: Box<Expr>,
        index: Vec<Expr>,
        safe: bool,
    },
    /// `name(args)` with no receiver (`object` is `None`: a script method, closure variable, or a
    /// method of the delegate), or `obj.name(args)` / `obj?.name(args)` / `obj*.name(args)` /
    /// `obj."$name"(args)`. A dynamic name without receiver (`"$name"()`) has `object: None`.
    MethodCall {
        object: Option<Box<Expr>>,
        member: Member,
        args: Args,
        nav: Navigation,
    },
    /// Calling the value of an arbitrary expression: `(expr)(args)`, `list[0](x)`.
    Call {
        callee: Box<Expr>,
        args: Args,
    },
    Closure(Arc<ClosureExpr>),
    /// `new T(args)`, `new T[n]` is reported as unsupported by the evaluator. For an array
    /// creation `new T[n][m]`, `ty.array_dims` counts the brackets and `args.positional` holds
    /// the sizes written (`args.parens` is false).
    New {
        ty: TypeName,
        args: Args,
    },
    /// `*expr` inside a list literal or an argument list.
    Spread(Box<Expr>),
    /// `Type.&method` / `obj.&method` (never used by SmartApps; evaluator reports it unsupported).
    MethodPointer {
        object: Box<Expr>,
        name: Name,
    },
}

/// The operator of a compound assignment.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AssignOp {
    /// `+=`, `-=`, ... : the binary operator applied before storing.
    Binary(BinaryOp),
    /// `?=` (elvis assignment): assign only when the target is falsy.
    Elvis,
}
