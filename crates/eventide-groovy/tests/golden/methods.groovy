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

//# a Groovy method the library lacks is unsupported, not the program's fault
def m = [:].withDefault { 0 }
//! unsupported construct: the Groovy method java.util.LinkedHashMap.withDefault(groovy.lang.Closure)

//# a method Groovy does not have is the program's fault
"abc".frobnicate(1)
//! groovy.lang.MissingMethodException: No signature of method: java.lang.String.frobnicate() is applicable for argument types: (java.lang.Integer)
