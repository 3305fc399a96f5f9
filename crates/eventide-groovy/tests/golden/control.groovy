//# for loops
for (i in 0..2) print i
println()
for (int i = 0; i < 3; i++) print i
println()
for (x in [a: 1]) print x.key
println()
def i = 0
while (i < 3) { i++ }
println i
//> 012
//> 012
//> a
//> 3

//# break and continue
for (i in 1..10) {
    if (i == 2) continue
    if (i == 5) break
    print i
}
println()
//> 134

//# labeled break and continue
outer: for (i in 1..3) {
    for (j in 1..3) {
        if (j == 2) continue outer
        if (i == 3) break outer
        print "$i$j,"
    }
}
println()
//> 11,21,

//# switch with several kinds of cases
def check(x) {
    switch (x) {
        case null: return "null"
        case 1: case 2: return "small"
        case 3..5: return "range"
        case [10, 20]: return "list"
        case ~/\d+x/: return "regex"
        case String: return "string"
        case { it instanceof Map }: return "map"
        default: return "other"
    }
}
println check(null)
println check(2)
println check(4)
println check(20)
println check("12x")
println check("hello")
println check([a: 1])
println check(99)
//> null
//> small
//> range
//> list
//> regex
//> string
//> map
//> other

//# switch falls through without break
def r = []
switch (2) {
    case 1: r << 1
    case 2: r << 2
    case 3: r << 3; break
    case 4: r << 4
}
println r
//> [2, 3]

//# switch on strings
def color = "red"
switch (color) {
    case "blue": println "B"; break
    case "red": println "R"; break
    default: println "?"
}
//> R

//# switch default in the middle runs last: it does not fall through into the case after it
switch (9) {
    case 1: println "one"; break
    default: println "default"
    case 2: println "two"
}
//> default

//# ternary and elvis
def a = 5
println a > 3 ? "big" : "small"
println null ?: "x"
println "" ?: "empty"
println 0 ?: 10
println "v" ?: "w"
//> big
//> x
//> empty
//> 10
//> v

//# if else chains return values
def grade(n) {
    if (n >= 90) "A"
    else if (n >= 80) "B"
    else "C"
}
println grade(95)
println grade(85)
println grade(10)
//> A
//> B
//> C

//# while with break
def n = 0
while (true) {
    n++
    if (n > 4) break
}
println n
//> 5

//# nested loops with collections
def out = []
for (a in [1, 2]) {
    for (b in ["x", "y"]) {
        out << "$a$b"
    }
}
println out
//> [1x, 1y, 2x, 2y]

//# assert passes silently
assert 1 + 1 == 2
assert [1, 2].size() == 2 : "size"
println "ok"
//> ok

//# failed assert is catchable as AssertionError
try {
    assert 1 == 2 : "math is broken"
} catch (AssertionError e) {
    println "caught"
}
//> caught

//# uncaught assertion
assert 1 > 2
//! Assertion failed

//# switch inside a loop with continue
def out = []
for (i in 1..4) {
    switch (i) {
        case 2: continue
        default: out << i
    }
}
println out
//> [1, 3, 4]

//# return from nested loops in a method
def findPair(list, target) {
    for (a in list) {
        for (b in list) {
            if (a + b == target) return [a, b]
        }
    }
    null
}
println findPair([1, 2, 3], 5)
println findPair([1], 5)
//> [2, 3]
//> null

//# block scoping
def x = 1
if (true) {
    def y = 2
    x = x + y
}
println x
//> 3

//# loop variable in for-in with index arithmetic
def total = 0
for (i in 0..<3) { total += i }
println total
//> 3

//# multiple assignment takes the value's elements in order
def (a, b) = [1, 2]
println a + b
def (x, y, z) = "pq".toList()
println([x, y, z])
def (int i, String s) = [7, "seven"]
println "$i $s ${i.getClass().simpleName}"
def (k) = [9, 10]
println k
def pair() { [3, 4] }
def (
    c,
    d
) = pair()
println c * d
//> 3
//> [p, q, null]
//> 7 seven Integer
//> 9
//> 12

//# a declaration as the whole body of an if or a loop is scoped to that body
lvl = 50
def onHandler(v) {
    if (v == "on") def lvl = 10
    return lvl
}
def tail(v) { if (v) def w = 7 else def w = 8 }
println "onHandler -> " + onHandler("on")
println "${tail(true)} ${tail(false)}"
//> onHandler -> 50
//> 7 8

//# switch runs default last wherever it is written: the last case falls through into it
switch (7) { default: println "d1"; case 5: println "five"; break; case 7: println "seven" }
switch (7) { case 5: println "five"; default: println "d2"; case 7: println "seven" }
switch (3) { case 5: println "five"; default: println "d3"; case 7: println "seven" }
switch (5) { case 5: println "five"; default: println "d4"; case 7: println "seven" }
def f(x) { switch (x) { case 1: "one"; break; default: "other"; break; case 2: "two"; break } }
println([f(1), f(2), f(3)])
//> seven
//> d1
//> seven
//> d2
//> d3
//> five
//> seven
//> d4
//> [one, two, other]
