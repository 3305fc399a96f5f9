//# getter called as property
def getTotal() { 42 }
println total
//> 42

//# dynamic method and property names
def hello() { "hi" }
def name = "hello"
println "$name"()
def m = [k: "v"]
def key = "k"
println m."$key"
println "abc"."toUpperCase"()
println this."$name"()
//> hi
//> v
//> ABC
//> hi

//# named arguments arrive as a map
def f(Map args, x) { "${args.a}-${x}" }
println f(a: 1, 2)
println f(2, a: 1)
//> 1-2
//> 1-2

//# named arguments only
def g(Map opts) { opts.keySet().join(",") }
println g(x: 1, y: 2)
//> x,y

//# overloading by arity
def g() { "none" }
def g(a) { "one $a" }
def g(a, b) { "two" }
println g()
println g(1)
println g(1, 2)
//> none
//> one 1
//> two

//# default parameter values
def h(a, b = 2, c = 3) { "$a$b$c" }
println h(1)
println h(1, 5)
println h(1, 5, 6)
//> 123
//> 153
//> 156

//# script binding variables
counter = 5
def bump() { counter++ }
bump()
println counter
//> 6

//# local def is not visible in methods
def localVar = 1
def peek() { localVar }
try {
    peek()
} catch (MissingPropertyException e) {
    println "not visible"
}
//> not visible

//# implicit return values
def sum(a, b) { a + b }
def nothing() { }
println sum(1, 2)
println nothing()
//> 3
//> null

//# declared return type coerces
int half(x) { x / 2 }
println half(5)
//> 2

//# void method returns null
void doit() { 5 }
println doit()
//> null

//# recursion
def fact(n) { n <= 1 ? 1 : n * fact(n - 1) }
println fact(10)
println fact(13)
//> 3628800
//> 1932053504

//# methods defined after use
println later()
def later() { "defined later" }
//> defined later

//# calling a method with a list spread
def add3(a, b, c) { a + b + c }
def args = [1, 2, 3]
println add3(*args)
//> 6

//# methods modify shared collections
def addTo(list, v) { list << v }
def l = []
addTo(l, 1)
addTo(l, 2)
println l
//> [1, 2]

//# missing method on script
undefinedMethod(1)
//! groovy.lang.MissingMethodException: No signature of method: Script1.undefinedMethod() is applicable for argument types: (java.lang.Integer) values: [1]

//# typed parameters
def describe(String s) { "string $s" }
def twice(int n) { n * 2 }
println describe("x")
println twice(4)
//> string x
//> 8

//# method returning a closure result
def pick(list) { list.find { it > 1 } }
println pick([1, 2, 3])
//> 2

//# is prefixed getter
boolean isReady() { true }
println ready
//> true

//# this.method and this.property
def foo() { "foo" }
bar = 7
println this.foo()
println this.bar
//> foo
//> 7

//# overloads of one arity dispatch on the arguments' runtime types
def describe(Map m) { "map of ${m.size()}" }
def describe(String s) { "string ${s}" }
def describe(Integer n) { "integer ${n + 1}" }
def describe(x) { "anything ${x}" }
def name = "x"
println describe([a: 1, b: 2])
println describe("plain")
println describe("g${name}")
println describe(41)
println describe(2.5)
//> map of 2
//> string plain
//> string gx
//> integer 42
//> anything 2.5

//# a declaration or a switch as the last statement is the implicit return value
def lastIsDeclaration() { def v = 42 }
def lastIsTypedDeclaration() { int v = 7 }
def lastIsSwitch(x) { switch (x) { case "a": "A"; break; default: "D" } }
def fall(x) { switch (x) { case "a": "A"; case "b": "B"; break; case "c": "C" } }
def noDefault(x) { switch (x) { case "a": "A"; break } }
println lastIsDeclaration()
println lastIsTypedDeclaration()
println lastIsSwitch("a") + lastIsSwitch("b")
println "${fall('a')} ${fall('b')} ${fall('c')} ${fall('z')} ${noDefault('a')} ${noDefault('q')}"
println([1, 2].collect { def y = it * 2 })
println({ int z = 5 }())
//> 42
//> 7
//> AD
//> B B null null A null
//> [2, 4]
//> 5

//# a typed parameter refuses what Groovy 2.4 refuses (MissingMethodException); args: 5, 5L, 5.5, 5.5d, "5", GString, true, null, map, date, closure
def p_int(int x) { x }
def p_Integer(Integer x) { x }
def p_long(long x) { x }
def p_Long(Long x) { x }
def p_double(double x) { x }
def p_BigDecimal(BigDecimal x) { x }
def p_Number(Number x) { x }
def p_String(String x) { x }
def p_boolean(boolean x) { x }
def p_Boolean(Boolean x) { x }
def p_Map(Map x) { x }
def p_List(List x) { x }
def p_Date(Date x) { x }
def p_Closure(Closure x) { x }
def show(v) { v == null ? 'null' : v.getClass().simpleName }
def results = []
println "int: " + [{ -> try { p_int(5); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_int(5L); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_int(5.5); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_int(5.5d); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_int("5"); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_int("${5}"); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_int(true); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_int(null); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_int([a:1]); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_int(new Date(0)); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_int({ -> 1 }); "+" } catch (MissingMethodException e) { "-" } }].collect { it() }.join("")
println "Integer: " + [{ -> try { p_Integer(5); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_Integer(5L); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_Integer(5.5); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_Integer(5.5d); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_Integer("5"); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_Integer("${5}"); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_Integer(true); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_Integer(null); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_Integer([a:1]); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_Integer(new Date(0)); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_Integer({ -> 1 }); "+" } catch (MissingMethodException e) { "-" } }].collect { it() }.join("")
println "long: " + [{ -> try { p_long(5); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_long(5L); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_long(5.5); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_long(5.5d); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_long("5"); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_long("${5}"); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_long(true); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_long(null); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_long([a:1]); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_long(new Date(0)); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_long({ -> 1 }); "+" } catch (MissingMethodException e) { "-" } }].collect { it() }.join("")
println "Long: " + [{ -> try { p_Long(5); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_Long(5L); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_Long(5.5); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_Long(5.5d); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_Long("5"); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_Long("${5}"); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_Long(true); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_Long(null); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_Long([a:1]); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_Long(new Date(0)); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_Long({ -> 1 }); "+" } catch (MissingMethodException e) { "-" } }].collect { it() }.join("")
println "double: " + [{ -> try { p_double(5); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_double(5L); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_double(5.5); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_double(5.5d); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_double("5"); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_double("${5}"); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_double(true); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_double(null); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_double([a:1]); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_double(new Date(0)); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_double({ -> 1 }); "+" } catch (MissingMethodException e) { "-" } }].collect { it() }.join("")
println "BigDecimal: " + [{ -> try { p_BigDecimal(5); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_BigDecimal(5L); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_BigDecimal(5.5); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_BigDecimal(5.5d); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_BigDecimal("5"); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_BigDecimal("${5}"); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_BigDecimal(true); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_BigDecimal(null); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_BigDecimal([a:1]); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_BigDecimal(new Date(0)); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_BigDecimal({ -> 1 }); "+" } catch (MissingMethodException e) { "-" } }].collect { it() }.join("")
println "Number: " + [{ -> try { p_Number(5); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_Number(5L); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_Number(5.5); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_Number(5.5d); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_Number("5"); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_Number("${5}"); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_Number(true); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_Number(null); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_Number([a:1]); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_Number(new Date(0)); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_Number({ -> 1 }); "+" } catch (MissingMethodException e) { "-" } }].collect { it() }.join("")
println "String: " + [{ -> try { p_String(5); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_String(5L); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_String(5.5); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_String(5.5d); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_String("5"); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_String("${5}"); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_String(true); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_String(null); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_String([a:1]); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_String(new Date(0)); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_String({ -> 1 }); "+" } catch (MissingMethodException e) { "-" } }].collect { it() }.join("")
println "boolean: " + [{ -> try { p_boolean(5); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_boolean(5L); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_boolean(5.5); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_boolean(5.5d); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_boolean("5"); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_boolean("${5}"); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_boolean(true); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_boolean(null); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_boolean([a:1]); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_boolean(new Date(0)); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_boolean({ -> 1 }); "+" } catch (MissingMethodException e) { "-" } }].collect { it() }.join("")
println "Boolean: " + [{ -> try { p_Boolean(5); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_Boolean(5L); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_Boolean(5.5); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_Boolean(5.5d); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_Boolean("5"); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_Boolean("${5}"); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_Boolean(true); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_Boolean(null); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_Boolean([a:1]); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_Boolean(new Date(0)); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_Boolean({ -> 1 }); "+" } catch (MissingMethodException e) { "-" } }].collect { it() }.join("")
println "Map: " + [{ -> try { p_Map(5); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_Map(5L); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_Map(5.5); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_Map(5.5d); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_Map("5"); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_Map("${5}"); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_Map(true); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_Map(null); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_Map([a:1]); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_Map(new Date(0)); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_Map({ -> 1 }); "+" } catch (MissingMethodException e) { "-" } }].collect { it() }.join("")
println "List: " + [{ -> try { p_List(5); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_List(5L); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_List(5.5); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_List(5.5d); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_List("5"); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_List("${5}"); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_List(true); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_List(null); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_List([a:1]); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_List(new Date(0)); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_List({ -> 1 }); "+" } catch (MissingMethodException e) { "-" } }].collect { it() }.join("")
println "Date: " + [{ -> try { p_Date(5); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_Date(5L); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_Date(5.5); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_Date(5.5d); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_Date("5"); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_Date("${5}"); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_Date(true); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_Date(null); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_Date([a:1]); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_Date(new Date(0)); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_Date({ -> 1 }); "+" } catch (MissingMethodException e) { "-" } }].collect { it() }.join("")
println "Closure: " + [{ -> try { p_Closure(5); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_Closure(5L); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_Closure(5.5); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_Closure(5.5d); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_Closure("5"); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_Closure("${5}"); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_Closure(true); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_Closure(null); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_Closure([a:1]); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_Closure(new Date(0)); "+" } catch (MissingMethodException e) { "-" } }, { -> try { p_Closure({ -> 1 }); "+" } catch (MissingMethodException e) { "-" } }].collect { it() }.join("")
//> int: +----------
//> Integer: +------+---
//> long: ++---------
//> Long: ++-----+---
//> double: ++++-------
//> BigDecimal: ++++---+---
//> Number: ++++---+---
//> String: ----++-+---
//> boolean: ------+----
//> Boolean: ------++---
//> Map: -------++--
//> List: -------+---
//> Date: -------+-+-
//> Closure: -------+--+

//# varargs: the arguments from the last parameter on are one array
def va(String... xs) { xs.length + ":" + xs.join("/") }
println va("a", "b", "c")
println va("a")
println va()
def vb(int n, Object[] rest) { n + ":" + rest.length }
println vb(1, 2, 3)
println vb(1)
println vb(1, [2, 3] as Object[])
def vc(String fmt, Object... xs) { String.format(fmt, xs) }
println vc("%s-%s", "a", "b")
//> 3:a/b/c
//> 1:a
//> 0:
//> 1:2
//> 1:0
//> 1:2
//> a-b

//# overloads: the most specific declaration that accepts the arguments is called, wherever it is declared (Groovy 2.4.21's choices)
def f(Object o) { "Object" }
def f(String s) { "String" }
def f(CharSequence s) { "CharSequence" }
def f(Number n) { "Number" }
def f(Integer n) { "Integer" }
def f(Map m) { "Map" }
def f(Collection c) { "Collection" }
def f(List l) { "List" }
println f("x")
println f("${1}x")
println f(1)
println f(1L)
println f(1.5)
println f([a:1])
println f([1])
println f(null)
println f(true)
println f(new Date(0))
def g(Object o) { "gObject" }
def g(long n) { "glong" }
def g(double n) { "gdouble" }
println g(1)
println g(1.5)
println g(1.5f)
println g("s")
def h(x) { "hdef" }
def h(Comparable c) { "hComparable" }
println h(1)
println h("s")
println h([1])
def k(Object a, String b) { "kOS" }
def k(String a, Object b) { "kSO" }
println k(1, "x")
println k("x", 1)
def m(String s) { "mString" }
def m(Object o) { "mObject" }
println m("${2}")
def n(Collection c) { "nColl" }
def n(Iterable c) { "nIter" }
println n([1])
println n([1] as Set)
def p(Map m) { "pMap" }
def p(Object o) { "pObject" }
println p([:])
println p(null)
def q(Integer i) { "qInteger" }
def q(Long l) { "qLong" }
def q(Object o) { "qObject" }
println q(5)
println q(5L)
println q(new BigInteger("5"))
//> String
//> CharSequence
//> Integer
//> Number
//> Number
//> Map
//> List
//> Object
//> Object
//> Object
//> glong
//> gObject
//> gdouble
//> gObject
//> hComparable
//> hComparable
//> hdef
//> kOS
//> kSO
//> mString
//> nColl
//> nColl
//> pMap
//> pObject
//> qInteger
//> qLong
//> qObject

//# overloads among numbers, strings, collections, closures, booleans and dates; null goes to Object
def a(String s) { "aString" }
def a(GString s) { "aGString" }
println a("x")
println a("${1}")
def b(Object o) { "bObject" }
def b(Map m) { "bMap" }
println b(x: 1, y: 2)
println b([1,2])
def c(int i) { "cint" }
def c(Integer i) { "cInteger" }
println c(3)
def d(Number n) { "dNumber" }
def d(BigDecimal n) { "dBigDecimal" }
def d(Double n) { "dDouble" }
println d(1.5)
println d(1.5d)
println d(2)
println d(2f)
def e(List l) { "eList" }
def e(Set s) { "eSet" }
def e(Object o) { "eObject" }
println e([1] as Set)
println e([1])
println e(1..3)
def f(Closure c) { "fClosure" }
def f(Object o) { "fObject" }
println f { it }
println f(5)
def g(String s, int n = 1) { "gSi" }
def g(Object s) { "gO" }
println g("x")
println g(5)
def h(boolean b) { "hbool" }
def h(Object o) { "hObject" }
println h(true)
println h(null)
def i(Date d) { "iDate" }
def i(Object o) { "iObject" }
println i(new Date(0))
println i(null)
//> aString
//> aGString
//> bMap
//> bObject
//> cint
//> dBigDecimal
//> dDouble
//> dDouble
//> dDouble
//> eSet
//> eList
//> eList
//> fClosure
//> fObject
//> gSi
//> gO
//> hbool
//> hObject
//> iDate
//> iObject

//# a method with defaults stands for one overload per number of arguments
def h(Map opts = [:], String name) { "h ${opts} ${name}" }
println h("x")
println h([a: 1], "y")
def k(a, b = 2, c = 3) { "k $a $b $c" }
println k(1)
println k(1, 5)
println k(1, 5, 6)
def m(String s, int n = 1) { "mSi $s $n" }
def m(String s, String t) { "mSS $s $t" }
println m("a")
println m("a", 4)
println m("a", "b")
def v(String... xs) { "v ${xs.length}" }
def v(String a) { "v1 $a" }
println v("q")
println v("q", "r")
def w(Object o) { "wO" }
def w(Object[] o) { "wArr" }
println w("q")
//> h [:] x
//> h [a:1] y
//> k 1 2 3
//> k 1 5 3
//> k 1 5 6
//> mSi a 1
//> mSi a 4
//> mSS a b
//> v1 q
//> v 2
//> wO

//# a call without arguments passes null to a lone parameter, unless it is primitive (Groovy 2.4.21)
def f(int a) { "got $a" }
def h(String s) { "h $s" }
try { println f() } catch (e) { println e.getClass().name }
try { println h() } catch (e) { println e.getClass().name }
//> groovy.lang.MissingMethodException
//> h null

//# a Groovy method the library lacks is unsupported, not the program's fault
def m = [:].withDefault { 0 }
//! unsupported construct: the Groovy method java.util.LinkedHashMap.withDefault(groovy.lang.Closure)

//# a method Groovy does not have is the program's fault
"abc".frobnicate(1)
//! groovy.lang.MissingMethodException: No signature of method: java.lang.String.frobnicate() is applicable for argument types: (java.lang.Integer)
