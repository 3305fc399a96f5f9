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
