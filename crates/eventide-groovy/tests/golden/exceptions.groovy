//# try catch finally
try {
    println "in try"
    throw new Exception("boom")
} catch (Exception e) {
    println "caught ${e.message}"
} finally {
    println "finally"
}
//> in try
//> caught boom
//> finally

//# exception class and toString
try {
    throw new IllegalStateException("bad state")
} catch (e) {
    println e.class.name
    println e.class.simpleName
    println e.toString()
    println e.getMessage()
}
//> java.lang.IllegalStateException
//> IllegalStateException
//> java.lang.IllegalStateException: bad state
//> bad state

//# runtime faults are typed
def results = []
try { null.foo() } catch (NullPointerException e) { results << "npe" }
try { "x".toInteger() } catch (NumberFormatException e) { results << "nfe" }
try { 1 / 0 } catch (ArithmeticException e) { results << "arith" }
try { undefinedThing } catch (MissingPropertyException e) { results << "mpe" }
try { "s".noSuchMethod() } catch (MissingMethodException e) { results << "mme" }
try { [1][5].foo } catch (NullPointerException e) { results << "npe2" }
println results
//> [npe, nfe, arith, mpe, mme, npe2]

//# messages of runtime faults
try { null.foo() } catch (e) { println e.message }
try { def x = null; x.bar } catch (e) { println e.message }
try { "abc".toInteger() } catch (e) { println e.message }
try { 5 / 0 } catch (e) { println e.message }
try { 5.intdiv(0) } catch (e) { println e.message }
try { undefinedVar } catch (e) { println e.message }
//> Cannot invoke method foo() on null object
//> Cannot get property 'bar' on null object
//> For input string: "abc"
//> Division by zero
//> / by zero
//> No such property: undefinedVar for class: Script1

//# multi-catch and catch order
try {
    throw new IllegalArgumentException("x")
} catch (IllegalStateException e) {
    println "state"
} catch (IllegalArgumentException | NullPointerException e) {
    println "arg"
}
//> arg

//# exceptions propagate out of methods and closures
def risky() { [1].each { throw new RuntimeException("deep") } }
try { risky() } catch (RuntimeException e) { println e.message }
//> deep

//# finally runs on return
def f() {
    try {
        return "try"
    } finally {
        println "cleanup"
    }
}
println f()
//> cleanup
//> try

//# rethrow with a new exception
try {
    try {
        throw new Exception("inner")
    } catch (e) {
        throw new RuntimeException("outer: " + e.message)
    }
} catch (RuntimeException e) {
    println e.message
}
//> outer: inner

//# uncaught exception ends the script
println "before"
throw new IllegalArgumentException("nope")
//> before
//! java.lang.IllegalArgumentException: nope

//# catch Exception does not catch AssertionError
try {
    try {
        assert false
    } catch (Exception e) {
        println "wrong"
    }
} catch (AssertionError e) {
    println "assertion"
}
//> assertion

//# Throwable catches everything
try { assert false } catch (Throwable t) { println "got it" }
//> got it

//# NumberFormatException is an IllegalArgumentException
try { Integer.parseInt("x1") } catch (IllegalArgumentException e) { println "iae: " + e.message }
//> iae: For input string: "x1"

//# exception without message
try { throw new RuntimeException() } catch (e) { println e.message; println e }
//> null
//> java.lang.RuntimeException

//# exception with cause
try {
    throw new RuntimeException("wrapper", new IllegalStateException("root"))
} catch (e) {
    println e.message
    println e.cause.message
}
//> wrapper
//> root

//# uncaught runtime fault
def m = [:]
m.list.add(1)
//! java.lang.NullPointerException: Cannot invoke method add() on null object

//# uncaught missing method
def x = 5
x.frobnicate()
//! groovy.lang.MissingMethodException: No signature of method: java.lang.Integer.frobnicate() is applicable for argument types: () values: []

//# try returns value from catch
def parse(s) {
    try {
        return s.toInteger()
    } catch (NumberFormatException e) {
        return -1
    }
}
println parse("12")
println parse("zz")
//> 12
//> -1

//# finally after catch
def log = []
try {
    throw new Exception("e")
} catch (e) {
    log << "catch"
} finally {
    log << "finally"
}
println log
//> [catch, finally]

//# exception in finally-less nested try falls to outer catch
try {
    try {
        null.x()
    } catch (ArithmeticException e) {
        println "wrong"
    }
} catch (NullPointerException e) {
    println "outer npe"
}
//> outer npe

//# null operands: NullObject.plus names the addition, an Integer method taking null from several overloads is ambiguous
def tryIt(String name, Closure c) { try { println "${name}: ${c()}" } catch (e) { println "${name}: ${e.getClass().name}: ${e.message.readLines()[0]}" } }
def n = null
tryIt("null+1") { n + 1 }
tryIt("null-1") { n - 1 }
tryIt("null*2") { n * 2 }
tryIt("null/2") { n / 2 }
tryIt("1+null") { 1 + n }
tryIt("1-null") { 1 - n }
tryIt("null<<1") { n << 1 }
tryIt("null%2") { n % 2 }
tryIt("null+str") { n + "a" }
tryIt("str+null") { "a" + n }
tryIt("null>1") { n > 1 }
tryIt("-null") { -n }
tryIt("null**2") { n ** 2 }
tryIt("null.plus(1)") { n.plus(1) }
tryIt("null.size()") { n.size() }
tryIt("null.x") { n.x }
tryIt("null[0]") { n[0] }
//> null+1: java.lang.NullPointerException: Cannot execute null+1
//> null-1: java.lang.NullPointerException: Cannot invoke method minus() on null object
//> null*2: java.lang.NullPointerException: Cannot invoke method multiply() on null object
//> null/2: java.lang.NullPointerException: Cannot invoke method div() on null object
//> 1+null: groovy.lang.GroovyRuntimeException: Ambiguous method overloading for method java.lang.Integer#plus.
//> 1-null: groovy.lang.GroovyRuntimeException: Ambiguous method overloading for method java.lang.Integer#minus.
//> null<<1: java.lang.NullPointerException: Cannot invoke method leftShift() on null object
//> null%2: java.lang.NullPointerException: Cannot invoke method mod() on null object
//> null+str: nulla
//> str+null: anull
//> null>1: false
//> -null: java.lang.NullPointerException: Cannot invoke method negative() on null object
//> null**2: java.lang.NullPointerException: Cannot invoke method power() on null object
//> null.plus(1): java.lang.NullPointerException: Cannot execute null+1
//> null.size(): java.lang.NullPointerException: Cannot invoke method size() on null object
//> null.x: java.lang.NullPointerException: Cannot get property 'x' on null object
//> null[0]: java.lang.NullPointerException: Cannot invoke method getAt() on null object

//# operators with a null right operand on every kind of receiver
def tryIt(String name, Closure c) { try { println "${name}: ${c()}" } catch (e) { println "${name}: ${e.getClass().name}: ${e.message.readLines()[0]}" } }
def n = null
def vals = [1, 1L, 1.5, 1.5d, "a", [1], [a: 1], true]
for (v in vals) {
  def t = v.getClass().simpleName
  tryIt("$t+null") { v + n }
  tryIt("$t-null") { v - n }
  tryIt("$t*null") { v * n }
  tryIt("$t/null") { v / n }
  tryIt("$t%null") { v % n }
  tryIt("$t**null") { v ** n }
  tryIt("$t<<null") { v << n }
  tryIt("$t>null") { v > n }
  tryIt("$t<=>null") { v <=> n }
  tryIt("$t==null") { v == n }
}
//> Integer+null: groovy.lang.GroovyRuntimeException: Ambiguous method overloading for method java.lang.Integer#plus.
//> Integer-null: groovy.lang.GroovyRuntimeException: Ambiguous method overloading for method java.lang.Integer#minus.
//> Integer*null: groovy.lang.GroovyRuntimeException: Ambiguous method overloading for method java.lang.Integer#multiply.
//> Integer/null: groovy.lang.GroovyRuntimeException: Ambiguous method overloading for method java.lang.Integer#div.
//> Integer%null: java.lang.NullPointerException: Cannot invoke "java.lang.Number.intValue()" because "right" is null
//> Integer**null: java.lang.NullPointerException: Cannot invoke "java.lang.Number.doubleValue()" because "exponent" is null
//> Integer<<null: java.lang.NullPointerException: Cannot invoke "java.lang.Number.intValue()" because "right" is null
//> Integer>null: true
//> Integer<=>null: 1
//> Integer==null: false
//> Long+null: groovy.lang.GroovyRuntimeException: Ambiguous method overloading for method java.lang.Long#plus.
//> Long-null: groovy.lang.GroovyRuntimeException: Ambiguous method overloading for method java.lang.Long#minus.
//> Long*null: groovy.lang.GroovyRuntimeException: Ambiguous method overloading for method java.lang.Long#multiply.
//> Long/null: groovy.lang.GroovyRuntimeException: Ambiguous method overloading for method java.lang.Long#div.
//> Long%null: java.lang.NullPointerException: Cannot invoke "java.lang.Number.longValue()" because "right" is null
//> Long**null: java.lang.NullPointerException: Cannot invoke "java.lang.Number.doubleValue()" because "exponent" is null
//> Long<<null: java.lang.NullPointerException: Cannot invoke "java.lang.Number.longValue()" because "right" is null
//> Long>null: true
//> Long<=>null: 1
//> Long==null: false
//> BigDecimal+null: groovy.lang.GroovyRuntimeException: Ambiguous method overloading for method java.math.BigDecimal#plus.
//> BigDecimal-null: groovy.lang.GroovyRuntimeException: Ambiguous method overloading for method java.math.BigDecimal#minus.
//> BigDecimal*null: groovy.lang.GroovyRuntimeException: Ambiguous method overloading for method java.math.BigDecimal#multiply.
//> BigDecimal/null: groovy.lang.GroovyRuntimeException: Ambiguous method overloading for method java.math.BigDecimal#div.
//> BigDecimal%null: java.lang.UnsupportedOperationException: Cannot use mod() on this number type: java.math.BigDecimal with value: 1.5
//> BigDecimal**null: java.lang.NullPointerException: Cannot invoke "java.lang.Number.doubleValue()" because "exponent" is null
//> BigDecimal<<null: java.lang.UnsupportedOperationException: Cannot use leftShift() on this number type: java.math.BigDecimal with value: 1.5
//> BigDecimal>null: true
//> BigDecimal<=>null: 1
//> BigDecimal==null: false
//> Double+null: groovy.lang.GroovyRuntimeException: Ambiguous method overloading for method java.lang.Double#plus.
//> Double-null: groovy.lang.GroovyRuntimeException: Ambiguous method overloading for method java.lang.Double#minus.
//> Double*null: groovy.lang.GroovyRuntimeException: Ambiguous method overloading for method java.lang.Double#multiply.
//> Double/null: groovy.lang.GroovyRuntimeException: Ambiguous method overloading for method java.lang.Double#div.
//> Double%null: java.lang.NullPointerException: Cannot invoke "java.lang.Number.doubleValue()" because "right" is null
//> Double**null: java.lang.NullPointerException: Cannot invoke "java.lang.Number.doubleValue()" because "exponent" is null
//> Double<<null: java.lang.UnsupportedOperationException: Cannot use leftShift() on this number type: java.lang.Double with value: 1.5
//> Double>null: true
//> Double<=>null: 1
//> Double==null: false
//> String+null: anull
//> String-null: a
//> String*null: java.lang.NullPointerException: Cannot invoke "java.lang.Number.intValue()" because "factor" is null
//> String/null: groovy.lang.MissingMethodException: No signature of method: java.lang.String.div() is applicable for argument types: (null) values: [null]
//> String%null: groovy.lang.MissingMethodException: No signature of method: java.lang.String.mod() is applicable for argument types: (null) values: [null]
//> String**null: groovy.lang.MissingMethodException: No signature of method: java.lang.String.power() is applicable for argument types: (null) values: [null]
//> String<<null: anull
//> String>null: true
//> String<=>null: 1
//> String==null: false
//> ArrayList+null: [1, null]
//> ArrayList-null: [1]
//> ArrayList*null: java.lang.NullPointerException: Cannot invoke "java.lang.Number.intValue()" because "factor" is null
//> ArrayList/null: groovy.lang.MissingMethodException: No signature of method: java.util.ArrayList.div() is applicable for argument types: (null) values: [null]
//> ArrayList%null: groovy.lang.MissingMethodException: No signature of method: java.util.ArrayList.mod() is applicable for argument types: (null) values: [null]
//> ArrayList**null: groovy.lang.MissingMethodException: No signature of method: java.util.ArrayList.power() is applicable for argument types: (null) values: [null]
//> ArrayList<<null: [1, null]
//> ArrayList>null: true
//> ArrayList<=>null: 1
//> ArrayList==null: false
//> LinkedHashMap+null: groovy.lang.GroovyRuntimeException: Ambiguous method overloading for method java.util.LinkedHashMap#plus.
//> LinkedHashMap-null: [a:1]
//> LinkedHashMap*null: groovy.lang.MissingMethodException: No signature of method: java.util.LinkedHashMap.multiply() is applicable for argument types: (null) values: [null]
//> LinkedHashMap/null: groovy.lang.MissingMethodException: No signature of method: java.util.LinkedHashMap.div() is applicable for argument types: (null) values: [null]
//> LinkedHashMap%null: groovy.lang.MissingMethodException: No signature of method: java.util.LinkedHashMap.mod() is applicable for argument types: (null) values: [null]
//> LinkedHashMap**null: groovy.lang.MissingMethodException: No signature of method: java.util.LinkedHashMap.power() is applicable for argument types: (null) values: [null]
//> LinkedHashMap<<null: groovy.lang.GroovyRuntimeException: Ambiguous method overloading for method java.util.LinkedHashMap#leftShift.
//> LinkedHashMap>null: true
//> LinkedHashMap<=>null: 1
//> LinkedHashMap==null: false
//> Boolean+null: groovy.lang.MissingMethodException: No signature of method: java.lang.Boolean.plus() is applicable for argument types: (null) values: [null]
//> Boolean-null: groovy.lang.MissingMethodException: No signature of method: java.lang.Boolean.minus() is applicable for argument types: (null) values: [null]
//> Boolean*null: groovy.lang.MissingMethodException: No signature of method: java.lang.Boolean.multiply() is applicable for argument types: (null) values: [null]
//> Boolean/null: groovy.lang.MissingMethodException: No signature of method: java.lang.Boolean.div() is applicable for argument types: (null) values: [null]
//> Boolean%null: groovy.lang.MissingMethodException: No signature of method: java.lang.Boolean.mod() is applicable for argument types: (null) values: [null]
//> Boolean**null: groovy.lang.MissingMethodException: No signature of method: java.lang.Boolean.power() is applicable for argument types: (null) values: [null]
//> Boolean<<null: groovy.lang.MissingMethodException: No signature of method: java.lang.Boolean.leftShift() is applicable for argument types: (null) values: [null]
//> Boolean>null: true
//> Boolean<=>null: 1
//> Boolean==null: false

//# shifts exist only for Integer and Long receivers, by an integral distance
def tryIt(String name, Closure c) { try { println "${name}: ${c()}" } catch (e) { println "${name}: ${e.getClass().name}: ${e.message.readLines()[0]}" } }
tryIt("1.5<<1") { 1.5 << 1 }
tryIt("1<<1.5") { 1 << 1.5 }
tryIt("2G<<1") { 2G << 1 }
tryIt("1<<2G") { 1 << 2G }
tryIt("1.5d>>1") { 1.5d >> 1 }
tryIt("8L>>>1") { 8L >>> 1 }
tryIt("1<<2L") { 1 << 2L }
//> 1.5<<1: java.lang.UnsupportedOperationException: Cannot use leftShift() on this number type: java.math.BigDecimal with value: 1.5
//> 1<<1.5: java.lang.UnsupportedOperationException: Shift distance must be an integral type, but 1.5 (java.math.BigDecimal) was supplied
//> 2G<<1: java.lang.UnsupportedOperationException: Cannot use leftShift() on this number type: java.math.BigInteger with value: 2
//> 1<<2G: 4
//> 1.5d>>1: java.lang.UnsupportedOperationException: Cannot use rightShift() on this number type: java.lang.Double with value: 1.5
//> 8L>>>1: 4
//> 1<<2L: 4

//# reading the property class of null raises (the method getClass() answers NullObject)
println null.getClass().name
def z = null
println z.class.name
//> org.codehaus.groovy.runtime.NullObject
//! java.lang.NullPointerException: Cannot get property 'class' on null object

//# the JDK's exception classes under their real superclasses: a bad regex or format is an IllegalArgumentException, checked exceptions are not RuntimeExceptions, errors not Exceptions, FileNotFoundException an IOException (Groovy 2.4.21)
def c2(Closure c) { try { try { c(); "none" } catch (RuntimeException e) { "RuntimeException" } } catch (Exception e) { "Exception" } catch (Throwable e) { "Throwable" } }
def iae(Closure c) { try { c(); "none" } catch (IllegalArgumentException e) { "IAE" } catch (e) { "other " + e.getClass().name } }
println iae { String.format("%d", "x") }
println iae { "a(b".split("(") }
println iae { "abc".replaceAll("[", "") }
println c2 { throw new ClassNotFoundException("x") }
println c2 { throw new InternalError("x") }
try { throw new FileNotFoundException("f") } catch (IOException e) { println "io " + e.getClass().name }
//> IAE
//> IAE
//> IAE
//> Exception
//> Throwable
//> io java.io.FileNotFoundException

//# the GDK's methods on Object walk null as an empty collection (an optional device list left unset); null as Boolean stays null (Groovy 2.4.21)
def n = null
def t(String name, Closure c) { try { println "$name: ${c()}" } catch (e) { println "$name: ${e.getClass().name}" } }
t("inject") { n.inject(0) { a, s -> a + s } }
t("inject1") { n.inject { a, s -> a + s } }
t("grep") { n.grep { it } }
t("grep0") { n.grep() }
t("findResult") { n.findResult { it } }
t("findResult2") { n.findResult("d") { it } }
t("findIndexOf") { n.findIndexOf { it } }
t("findLastIndexOf") { n.findLastIndexOf { it } }
t("findIndexValues") { n.findIndexValues { it } }
t("any0") { n.any() }
t("every0") { n.every() }
t("find0") { n.find() }
t("findAll0") { n.findAll() }
t("collect0") { n.collect() }
t("split") { n.split { it } }
t("sum") { n.sum() }
t("count") { n.count(1) }
t("join") { n.join(",") }
t("size") { n.size() }
t("isEmpty") { n.isEmpty() }
t("toList") { n.toList() }
t("collectEntries") { n.collectEntries { [it, it] } }
t("collectMany") { n.collectMany { [it] } }
t("groupBy") { n.groupBy { it } }
t("countBy") { n.countBy { it } }
t("max") { n.max() }
t("unique") { n.unique() }
t("sort") { n.sort() }
t("first") { n.first() }
t("contains") { n.contains(1) }
t("eachWithIndex") { n.eachWithIndex { x, i -> } }
t("asBool") { n as Boolean }
t("asList") { n as List }
t("asString") { n as String }
t("asInt") { n as Integer }
t("reverseEach") { n.reverseEach { } }
t("withIndex") { n.withIndex() }
t("collectNested") { n.collectNested { it } }
t("in") { 1 in n }
t("dump") { n.getClass().simpleName }
//> inject: 0
//> inject1: java.util.NoSuchElementException
//> grep: []
//> grep0: []
//> findResult: null
//> findResult2: d
//> findIndexOf: -1
//> findLastIndexOf: -1
//> findIndexValues: []
//> any0: false
//> every0: true
//> find0: null
//> findAll0: []
//> collect0: []
//> split: [[], []]
//> sum: java.lang.NullPointerException
//> count: java.lang.NullPointerException
//> join: java.lang.NullPointerException
//> size: java.lang.NullPointerException
//> isEmpty: java.lang.NullPointerException
//> toList: java.lang.NullPointerException
//> collectEntries: java.lang.NullPointerException
//> collectMany: java.lang.NullPointerException
//> groupBy: java.lang.NullPointerException
//> countBy: java.lang.NullPointerException
//> max: java.lang.NullPointerException
//> unique: java.lang.NullPointerException
//> sort: java.lang.NullPointerException
//> first: java.lang.NullPointerException
//> contains: java.lang.NullPointerException
//> eachWithIndex: null
//> asBool: null
//> asList: null
//> asString: null
//> asInt: null
//> reverseEach: java.lang.NullPointerException
//> withIndex: java.lang.NullPointerException
//> collectNested: java.lang.NullPointerException
//> in: false
//> dump: NullObject

