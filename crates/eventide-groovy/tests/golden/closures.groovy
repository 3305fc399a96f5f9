//# implicit it and params
def c1 = { it * 2 }
def c2 = { a, b -> a + b }
def c3 = { -> 42 }
println c1(4)
println c1.call(5)
println c2(1, 2)
println c3()
//> 8
//> 10
//> 3
//> 42

//# closures capture locals by reference
def x = 1
def inc = { x++ }
inc()
inc()
println x
//> 3

//# counter factory
def makeCounter() {
    def n = 0
    return { ++n }
}
def c = makeCounter()
c()
println c()
def d = makeCounter()
println d()
//> 2
//> 1

//# return inside each acts as continue
def out = []
[1, 2, 3, 4].each {
    if (it % 2 == 0) return
    out << it
}
println out
//> [1, 3]

//# closure default parameters and curry
def greet = { name, greeting = "Hello" -> "$greeting $name" }
println greet("A")
println greet("B", "Hi")
def add = { a, b -> a + b }
def add5 = add.curry(5)
println add5(10)
//> Hello A
//> Hi B
//> 15

//# closure as last method argument
def apply(list, Closure c) { list.collect(c) }
println apply([1, 2]) { it + 1 }
//> [2, 3]

//# closure parameters destructure lists
def pairs = [[1, 2], [3, 4]]
pairs.each { a, b -> print a + b }
println()
//> 37

//# with sets the delegate
def m = [a: 1]
def r = m.with { a + 1 }
println r
def sb = new StringBuilder()
sb.with {
    append("x")
    append("y")
}
println sb
//> 2
//> xy

//# closure delegate resolves missing names
def c = { greeting + " " + name }
c.delegate = [greeting: "Hi", name: "Bob"]
println c()
//> Hi Bob

//# maximumNumberOfParameters
println({ a, b -> }.maximumNumberOfParameters)
println({ it }.maximumNumberOfParameters)
//> 2
//> 1

//# recursive closure
def fib
fib = { n -> n < 2 ? n : fib(n - 1) + fib(n - 2) }
println fib(15)
//> 610

//# method pointer
def twice(x) { x * 2 }
def f = this.&twice
println f(4)
println([1, 2].collect(this.&twice))
//> 8
//> [2, 4]

//# closure stored in a map
def ops = [dbl: { it * 2 }, neg: { -it }]
println ops.dbl(4)
println ops.neg(3)
println ops["dbl"](5)
//> 8
//> -3
//> 10

//# nested closures see outer locals
def total = 0
[[1, 2], [3]].each { inner -> inner.each { total += it } }
println total
//> 6

//# closure returns its last expression
def c = { x -> if (x > 0) { "pos" } else { "neg" } }
println c(1)
println c(-1)
//> pos
//> neg

//# it in nested closures
def r = [1, 2].collect { [10, 20].collect { it } }
println r
def s = [1, 2].collect { outer -> [10].collect { outer + it } }
println s
//> [[10, 20], [10, 20]]
//> [[11], [12]]

//# closure modifying a list declared outside
def seen = []
def record = { seen << it }
record(1)
record("two")
println seen
//> [1, two]

//# closures in a loop capture each iteration's variable
def cs = []
[1, 2, 3].each { v -> cs << { v * 10 } }
println cs.collect { it() }
//> [10, 20, 30]

//# closure call with explicit return
def c = { x ->
    if (x == 0) return "zero"
    "nonzero"
}
println c(0)
println c(1)
//> zero
//> nonzero

//# closure composition of sort and each
def names = ["c", "a", "b"]
def out = []
names.sort().each { out << it.toUpperCase() }
println out.join()
//> ABC

//# closure as comparator
def byLen = { a, b -> a.size() <=> b.size() }
println(["ccc", "a", "bb"].sort(byLen))
//> [a, bb, ccc]

//# closure calling script method
def helper(x) { "h$x" }
def c = { helper(it) }
println c(1)
//> h1

//# closure with typed parameter
def c = { String s, int n -> s * n }
println c("ab", 2)
//> abab

//# any stops early
def visited = []
[1, 2, 3].any { visited << it; it == 2 }
println visited
//> [1, 2]

//# find returns first match and stops
def visited = []
println([5, 6, 7].find { visited << it; it > 5 })
println visited
//> 6
//> [5, 6]

//# a map delegate has every property: inside `m.with { }` a name reads and writes the map's key, present or not (Groovy 2.4.21)
x = 5
def m = [a: 1]
m.with { a = 2; b = 3 }
println m
println x
def r = m.with { x }
println r
m.with { x = 9 }
println m
println x
def helper() { "helper" }
println m.with { helper() }
def c = { y -> "c$y" }
println m.with { c(1) }
def s = new StringBuilder("q")
s.with { append("r"); append(x) }
def outer = [k: 1]
outer.with { [1, 2].each { v -> k += v } }
println outer
def cl = { a = 7 }
def target = [a: 0]
cl.delegate = target
cl.resolveStrategy = Closure.DELEGATE_FIRST
cl()
println target
//> [a:2, b:3]
//> 5
//> null
//> [a:2, b:3, x:9]
//> 5
//> helper
//> c1
//> [k:4]
//> [a:7]

//# collect into a set keeps one of equal results; a bare call() in a closure's body calls the closure; a closure that can take one argument is not spread over a list; the script's variables are read before its getters (Groovy 2.4.21)
def s = [] as Set
[1, 2, 3].collect(s) { it % 2 }
println s
def t = new TreeSet()
[3, 1, 3].collect(t) { it }
println t
println([a: 1, b: 2].collect([]) { k, v -> k + v })
println([a: 1, b: 2].collect([]) { e -> e.key })
println([a: 1, b: 1].collect([] as Set) { k, v -> v })
def fact = { n -> n <= 1 ? 1 : n * call(n - 1) }
println fact(5)
def fib = { int n -> n < 2 ? n : call(n - 1) + call(n - 2) }
println((0..10).collect { fib(it) })
def outer = { x -> [1, 2].collect { y -> y * 10 } + call2(x) }
def call2(x) { [x] }
println outer(7)
def c = { a, b = "d" -> "$a|$b" }
println c([1, 2])
println c([1])
println c(1, 2)
def pair = { a, b -> "$a+$b" }
println pair([3, 4])
println([[1, 2], [3, 4]].collect { a, b -> a * b })
def getLevel() { 10 }
def bump() {
  level = level + 5
  level
}
println bump()
println level
println getLevel()
//> [1, 0]
//> [1, 3]
//> [a1, b2]
//> [a, b]
//> [1]
//> 120
//> [0, 1, 1, 2, 3, 5, 8, 13, 21, 34, 55]
//> [10, 20, 7]
//> [1, 2]|d
//> [1]|d
//> 1|2
//> 3+4
//> [2, 12]
//> 15
//> 15
//> 10

