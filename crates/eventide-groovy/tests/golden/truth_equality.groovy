//# groovy truth
def vals = [null, 0, 1, "", "a", [], [1], [:], [a: 1], 0.0, false, true, " "]
println vals.collect { it ? "T" : "F" }.join()
//> FFTFTFTFTFFTT

//# negation and boolean operators
println !null
println !"x"
println !![]
println (true && "")
println(false || [0])
//> true
//> false
//> false
//> false
//> true

//# null safety
def x = null
println x?.foo
println x?.size()
println x == null
println null == null
println x ?: "fallback"
println x?.toString()
println x?.foo?.bar
//> null
//> null
//> true
//> true
//> fallback
//> null
//> null

//# equality of collections
println([1, 2, 3] == [1, 2, 3])
println([1, 2] == [2, 1])
println([a: 1, b: 2] == [b: 2, a: 1])
println([1, [2, 3]] == [1, [2, 3]])
println([1, 2] == [1L, 2.0])
println "1" == 1
println([] == [])
println([:] == [])
//> true
//> false
//> true
//> true
//> true
//> false
//> true
//> false

//# identity versus equality
def a = [1]
def b = [1]
println a == b
println a.is(b)
println a.is(a)
println a != b
//> true
//> false
//> true
//> false

//# in operator
println 2 in [1, 2, 3]
println 5 in 1..4
println "b" in ["a", "b"]
println "k" in [k: 1]
println "z" in [k: 1]
//> true
//> false
//> true
//> true
//> false

//# comparisons with null
println null < 1
println 1 > null
println null <=> 1
println null == 0
println null != ""
//> true
//> true
//> -1
//> false
//> true

//# equals across numeric types in collections
println([1, 2, 3].contains(2))
println([a: 1].containsKey("a"))
println(1.0 == 1)
println(0.5 == 0.5d)
println(0.1 == 0.1d)
//> true
//> true
//> true
//> true
//> true

//# booleans
println true & false
println true | false
println true ^ true
println Boolean.parseBoolean("TRUE")
println true.toString() + "!"
//> false
//> true
//> false
//> true
//> true!

//# truth of string values from settings
def setting = "false"
println setting ? "truthy" : "falsy"
println setting.toBoolean() ? "truthy" : "falsy"
//> truthy
//> falsy

//# equality of dates and strings
println new Date(5) == new Date(5)
println "${'a'}" == 'a'
println 'a' == "${'a'}"
//> true
//> true
//> true

//# compareTo via spaceship
println 1 <=> 1
println "b" <=> "a"
println 1.5 <=> 2
println null <=> null
//> 0
//> 1
//> -1
//> 0

//# toBoolean on Booleans and Strings
println([true.toBoolean(), false.toBoolean(), Boolean.TRUE.toBoolean()])
println(["true", " TRUE ", "y", "1", "yes", "false", "0", ""].collect { it.toBoolean() })
println([Boolean.parseBoolean("True"), Boolean.parseBoolean("yes"), Boolean.valueOf("TRUE"), Boolean.valueOf(false)])
println([true.implies(false), false.implies(false), true.and(false), true.or(false), true.xor(true)])
//> [true, false, true]
//> [true, true, true, true, false, false, false, false]
//> [true, false, true, false]
//> [false, true, false, true, false]

//# equals of a GString and a String is false
def v = 'on'
def g = "${v}"
println g.equals('on')
println 'on'.equals(g)
println(['on', 'off'].contains(g))
println g == 'on'
//> false
//> false
//> false
//> true

//# equals is the receiver class's own: numbers by type, lists and maps as ==
def v = 'on'
def g = "${v}"
println g.equals('on')
println 'on'.equals(g)
println g.equals("${v}")
println 1.equals(1L)
println 1.equals(1)
println 1.0.equals(1.00)
println 2.5d.equals(2.5d)
println([1, 2].equals([1L, 2L]))
println([a: 1].equals([a: 1L]))
println(['on'].equals(["${v}"]))
println new Date(5).equals(new Date(5))
println true.equals(true)
println 'a'.equals(null)
println 'on'.equalsIgnoreCase(g)
//> false
//> false
//> true
//> false
//> true
//> false
//> true
//> true
//> true
//> true
//> true
//> true
//> false
//> true
