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
