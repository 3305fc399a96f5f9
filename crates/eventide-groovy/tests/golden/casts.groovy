//# instanceof
println 1 instanceof Integer
println 1L instanceof Long
println 1.5 instanceof BigDecimal
println 1 instanceof Number
println "s" instanceof String
println([] instanceof List)
println([:] instanceof Map)
println({ -> } instanceof Closure)
println(null instanceof Object)
println new Date() instanceof Date
println 1 instanceof String
//> true
//> true
//> true
//> true
//> true
//> true
//> true
//> true
//> false
//> true
//> false

//# typed declarations coerce
int i = 3.9
println i
long l = 5
println l.getClass().name
double d = 2
println d
String s = 42
println s + 1
BigDecimal b = 3
println b.getClass().name
boolean flag = "x"
println flag
Integer boxed = 7L
println boxed.getClass().name
//> 3
//> java.lang.Long
//> 2.0
//> 421
//> java.math.BigDecimal
//> true
//> java.lang.Integer

//# typed cast failure
Integer x = "5"
//! org.codehaus.groovy.runtime.typehandling.GroovyCastException: Cannot cast object '5' with class 'java.lang.String' to class 'java.lang.Integer'

//# as List and as Set
println((1..3) as List)
println([1, 1, 2] as Set)
println("ab" as List)
println([1, 2].asList())
//> [1, 2, 3]
//> [1, 2]
//> [a, b]
//> [1, 2]

//# getClass of common values
println "s".getClass().name
println([].getClass().name)
println([:].getClass().name)
println true.getClass().name
println new Date().getClass().name
//> java.lang.String
//> java.util.ArrayList
//> java.util.LinkedHashMap
//> java.lang.Boolean
//> java.util.Date

//# simpleName
println 1.getClass().simpleName
println "x".class.simpleName
//> Integer
//> String

//# class comparison
println 1.getClass() == Integer
println "s".class == String
println 1L.class == Integer
//> true
//> true
//> false

//# as with strings to numbers
println(("42" as int) + 1)
println(("2.5" as BigDecimal) * 2)
println(("1e2" as Double))
println("0012" as Integer)
//> 43
//> 5.0
//> 100.0
//> 12

//# number format errors from as
try {
    "12abc" as Integer
} catch (NumberFormatException e) {
    println e.message
}
//> For input string: "12abc"

//# casts between number types
println((3.99 as int))
println((3.99d as long))
println((7 as BigDecimal) / 2)
println((-2.5d) as int)
//> 3
//> 3
//> 3.5
//> -2

//# Java style casts
def o = "text"
String s = (String) o
println s.size()
println((int) 2.7)
//> 4
//> 2

//# a typed local or parameter converts every later assignment to its type
int a = 5; a = a / 2; println a
int b = 5; b /= 2; println b
Integer c = 7; c = c * 1.5; println c
int d = 0; d += 1.5; println d
String s = "x"; s = 5; println s.getClass().name
long l = 1; l = l + 1; println l.getClass().name
double dd = 1; dd = 3; println dd
BigDecimal bd = 1; bd = 2; println bd.getClass().name
def f(int x) { x = x / 2; return x }
println f(5)
List li = [1]; li = [2]; println li
for (int i = 0; i < 3; i++) { print i }
println ""
int k = 0; k++; k += 2; println k
boolean flag = true; flag = 0; println flag
def m = { int y -> y = y / 3; y }; println m(10)
int z = 1; z = null
//> 2
//> 2
//> 10
//> 1
//> java.lang.String
//> java.lang.Long
//> 3.0
//> java.math.BigDecimal
//> 2
//> [2]
//> 012
//> 3
//> false
//> 3
//! org.codehaus.groovy.runtime.typehandling.GroovyCastException: Cannot cast object 'null' with class 'null' to class 'int'

//# a String variable, cast or return type given a map or list holds Java's toString ({a=1}); as String and interpolation give Groovy's [a:1] (Groovy 2.4.21)
def m = [a: 1, b: [c: 2]]
String x = m
println x
println(m as String)
println((String) m)
String y = [1, [a: 2]]
println y
def s = "${m}"
println s
String z = 5
println z
String n = null
println n
def f(String p) { p }
println f("q")
//> {a=1, b={c=2}}
//> [a:1, b:[c:2]]
//> {a=1, b={c=2}}
//> [1, {a=2}]
//> [a:1, b:[c:2]]
//> 5
//> null
//> q

