//# BigDecimal rounding modes
import java.math.RoundingMode
println 2.345.setScale(2, RoundingMode.HALF_UP)
println 2.345.setScale(2, RoundingMode.DOWN)
println 2.355.setScale(2, RoundingMode.HALF_EVEN)
println(-2.5.setScale(0, RoundingMode.HALF_UP))
//> 2.35
//> 2.34
//> 2.36
//> -3

//# BigDecimal comparisons and equality
println 2.0 == 2.00
println 2.0.equals(2.00)
println 1.5 > 1.49
println([1.0, 1.00, 1].unique().size())
//> true
//> false
//> true
//> 1

//# Long arithmetic
def big = 3000000000L
println big * 2
println big / 2
println big.intdiv(7)
println big % 7
//> 6000000000
//> 1500000000
//> 428571428
//> 4

//# negative zero and sign
println Math.signum(-3.5d)
println Math.signum(0.0d)
//> -1.0
//> 0.0

//# rcurry and curry chains
def f = { a, b, c -> "$a$b$c" }
println f.curry(1)(2, 3)
println f.curry(1, 2)(3)
println f.rcurry(3)(1, 2)
//> 123
//> 123
//> 123

//# closure with explicit it parameter
def c = { it -> it ?: "none" }
println c("x")
println c(null)
//> x
//> none

//# list of closures
def ops = [{ it + 1 }, { it * 2 }, { it - 3 }]
println ops.inject(5) { acc, op -> op(acc) }
//> 9

//# sort with comparator closure and reverse
def l = [5, 2, 8]
println l.sort { a, b -> b <=> a }
println l.reverse()
println l
//> [8, 5, 2]
//> [2, 5, 8]
//> [8, 5, 2]

//# list index of missing and equality of elements
def l = ["a", "b"]
println l.indexOf("z")
println l == ["a", "b"]
println l.equals(["a", "b"])
//> -1
//> true
//> true

//# maps with integer keys
def m = [1: "one", 2: "two"]
println m[1]
println m.get(2)
println m.keySet().sum()
//> one
//> two
//> 3

//# map iteration order is insertion order
def m = [:]
m.z = 1
m.a = 2
m.m = 3
println m.keySet().join()
m.remove("a")
m.a = 4
println m.keySet().join()
//> zam
//> zma

//# string multiplication table
def rows = (1..3).collect { i -> (1..3).collect { j -> i * j }.join(" ") }
println rows.join("\n")
//> 1 2 3
//> 2 4 6
//> 3 6 9

//# nested ternaries
def classify(n) { n < 0 ? "neg" : n == 0 ? "zero" : "pos" }
println classify(-1)
println classify(0)
println classify(5)
//> neg
//> zero
//> pos

//# boolean logic short-circuit
def calls = []
def t = { calls << "t"; true }
def f = { calls << "f"; false }
println f() && t()
println t() || f()
println calls
//> false
//> true
//> [f, t]

//# string startsWith and endsWith with GString
def prefix = "ab"
println "abc".startsWith("${prefix}")
println "xab".endsWith(prefix)
//> true
//> true

//# integer division by intdiv versus slash
println 9.intdiv(4)
println 9 / 4
println((9 / 4) as int)
//> 2
//> 2.25
//> 2

//# string contains on lists of strings
def names = ["alpha", "beta"]
println names.contains("beta")
println names.any { it.contains("lph") }
//> true
//> true

//# exceptions inside closures in collect
def r = [1, 0, 2].collect {
    try {
        10 / it
    } catch (ArithmeticException e) {
        -1
    }
}
println r
//> [10, -1, 5]

//# assert with messages is silent when true
def x = 5
assert x > 1 : "x too small"
assert x in 1..10
println "fine"
//> fine

//# safe navigation on method results
def m = [inner: null]
println m.inner?.deep?.value
println m.missing?.size()
//> null
//> null

//# string index of character and substring
def email = "user@example.com"
def at = email.indexOf("@")
println email.substring(0, at)
println email.substring(at + 1)
println email[at + 1..-1]
//> user
//> example.com
//> example.com

//# list with nulls
def l = [1, null, 2]
println l.findAll { it != null }
println l.count(null)
println l.collect { it ?: 0 }.sum()
//> [1, 2]
//> 1
//> 3

//# each with index on maps of lists
def groups = [a: [1, 2], b: [3]]
groups.each { k, v -> println "$k=${v.sum()}" }
//> a=3
//> b=3

//# println of various values
println null
println true
println 'c'
println 10L
println([null])
//> null
//> true
//> c
//> 10
//> [null]

//# print without newline
print "a"
print "b"
println "c"
print 1
println()
//> abc
//> 1

//# string with unicode
def s = "café"
println s.size()
println s.toUpperCase()
println s.reverse()
//> 4
//> CAFÉ
//> éfac

//# times with closure index used for building strings
def sb = ""
4.times { sb += it % 2 == 0 ? "x" : "o" }
println sb
//> xoxo

//# upto with long values
def total = 0
1L.upto(4L) { total += it }
println total
//> 10

//# groupBy with collect on entries
def byLen = ["a", "bb", "cc", "d"].groupBy { it.size() }
println byLen
println byLen.collect { k, v -> "$k:${v.size()}" }
//> [1:[a, d], 2:[bb, cc]]
//> [1:2, 2:2]

//# findAll on map returns map and find returns entry
def m = [a: 1, b: 2, c: 3]
def big = m.findAll { it.value > 1 }
println big
println big.getClass().name
def e = m.find { it.value == 3 }
println e.key
println e.value
//> [b:2, c:3]
//> java.util.LinkedHashMap
//> c
//> 3

//# collect with index via eachWithIndex
def out = [:]
["x", "y"].eachWithIndex { v, i -> out[v] = i }
println out
//> [x:0, y:1]

//# spread on method call results
println([" a ", " b"]*.trim())
println(["1", "2"]*.toInteger().sum())
//> [a, b]
//> 3

//# comparing strings with numbers via toString
def code = 200
println code.toString() == "200"
println "$code" == "200"
println code == "200"
//> true
//> true
//> false

//# list minus list of strings
def all = ["a", "b", "c", "d"]
def skip = ["b", "d"]
println all - skip
println all
//> [a, c]
//> [a, b, c, d]

//# integer parse with whitespace fails
try {
    Integer.parseInt(" 5")
} catch (NumberFormatException e) {
    println "bad"
}
println " 5".trim().toInteger()
//> bad
//> 5

//# map default value idiom with get
def counts = [:]
["a", "b", "a"].each { counts[it] = counts.get(it, 0) + 1 }
println counts
//> [a:2, b:1]

//# string format with padding of strings
println String.format("|%-6s|%6s|", "ab", "cd")
//> |ab    |    cd|

//# range contains and in with numbers
def r = 10..20
println 15 in r
println 25 in r
println r.contains(10)
//> true
//> false
//> true

//# reverse ranges iterate backwards
def out = []
for (i in 3..1) out << i
println out
//> [3, 2, 1]

//# exclusive range with variables
def n = 4
println((0..<n).collect { it * it })
//> [0, 1, 4, 9]

//# closure returning map literal
def mk = { k, v -> [(k): v] }
println mk("a", 1)
println mk("b", [1])
//> [a:1]
//> [b:[1]]

//# Math.max with doubles and ints
println Math.max(2, 3.5d)
println Math.min(-1, -2)
//> 3.5
//> -2

//# MissingPropertyException message for map-less object
try {
    "abc".nonexistent
} catch (MissingPropertyException e) {
    println e.message
}
//> No such property: nonexistent for class: java.lang.String

//# java.util.Random with a seed draws the JVM's sequence
def r = new Random(42)
println r.nextInt()
println r.nextInt(100)
println r.nextInt(16)
println r.nextLong()
println r.nextBoolean()
println r.nextDouble()
println r.nextInt(1000000007)
println new Random(-7L).nextInt(6)
def q = new Random(5)
q.nextInt(2)
q.nextInt(2)
println q.nextInt(100)
q.setSeed(6)
println q.nextInt(100)
//> -1170105035
//> 63
//> 10
//> 884324181205335268
//> true
//> 0.27707849007413665
//> 429255512
//> 4
//> 74
//> 11

//# JDK calls SmartApps make: BigDecimal.add/subtract, StringBuilder deleteCharAt/delete/replace/insert bounds, Collections nCopies/frequency/swap/max of nothing, Arrays.sort, String.format with a Locale, byte[] and char[] arrays (length, new String, getBytes(charset)), Long.decode, BigInteger divide/remainder, URLDecoder errors, Character checks on charAt (Groovy 2.4.21)
def t(String label, Closure c) { try { println "$label: ${c()}" } catch (e) { println "$label: ${e.getClass().name}: ${e.message?.readLines()?.getAt(0)}" } }
t("add") { 1.5.add(2.25) }
t("subtract") { 1.5.subtract(0.25) }
t("addBI") { 5G.add(7G) }
t("subBI") { 5G.subtract(7G) }
t("mulBD") { 1.5.multiply(2) }
t("negate") { 1.5.negate() }
t("delChar") { def sb = new StringBuilder("a,b,"); sb.deleteCharAt(sb.length() - 1); sb.toString() }
t("delete") { new StringBuilder("hello").delete(1, 3).toString() }
t("replace") { new StringBuilder("hello").replace(0, 2, "J").toString() }
t("nCopies") { Collections.nCopies(3, "x") }
t("frequency") { Collections.frequency([1, 2, 1, 3, 1], 1) }
t("arraysSort") { def a = [3, 1, 2] as Integer[]; Arrays.sort(a); a.toList() }
t("fmtLocale") { String.format(Locale.US, "%.2f", 3.14159) }
t("fmtLocale2") { String.format(Locale.ENGLISH, "%d items", 5) }
t("strBytes") { new String("héllo".getBytes("UTF-8"), "UTF-8") }
t("isDigit") { Character.isDigit("5" as char) }
t("charAtDigit") { "a5".charAt(1).isDigit() }
t("charAtLetter") { "a5".charAt(0).isLetter() }
t("cmax") { try { Collections.max([]) } catch (NoSuchElementException e) { "NSE" } }
t("cmin") { Collections.min([4, 2, 9]) }
t("urldec") { URLDecoder.decode('100%', 'UTF-8') }
t("urldec2") { URLDecoder.decode('a%2Bb+c', 'UTF-8') }
t("sbins") { new StringBuilder('abc').insert(5, '!') }
t("sbins2") { new StringBuilder('abc').insert(3, '!') }
t("emptyList") { Collections.emptyList() }
t("singleton") { Collections.singletonList(4) }
t("swap") { def l = [1, 2, 3]; Collections.swap(l, 0, 2); l }
t("bytesLen") { 'héllo'.bytes.length }
t("b64len") { 'aGk='.decodeBase64().length }
t("pastEnd") { try { "hi".bytes[5] } catch (ArrayIndexOutOfBoundsException e) { "AIOOBE" } }
t("newStr") { new String('hello'.toCharArray()) }
t("valueOfChars") { String.valueOf('hey'.toCharArray()) }
t("charsLen") { 'hello'.toCharArray().length }
t("latin1") { 'é€'.getBytes('ISO-8859-1').toList() }
t("ldecode") { Long.decode('0x1F') + Long.decode('#ff') + Long.decode('010') }
t("bidiv") { (-7G).divide(2G) }
t("birem") { (-7G).remainder(3G) }
t("bdrem") { 7.5.remainder(-2) }
t("locale") { Locale.US.toString() + ' ' + Locale.UK.country + ' ' + new Locale('fr', 'ca') }
t("urlbad") { URLDecoder.decode('%zz', 'UTF-8') }
//> add: 3.75
//> subtract: 1.25
//> addBI: 12
//> subBI: -2
//> mulBD: 3.0
//> negate: -1.5
//> delChar: a,b
//> delete: hlo
//> replace: Jllo
//> nCopies: [x, x, x]
//> frequency: 3
//> arraysSort: [1, 2, 3]
//> fmtLocale: 3.14
//> fmtLocale2: 5 items
//> strBytes: héllo
//> isDigit: true
//> charAtDigit: true
//> charAtLetter: true
//> cmax: NSE
//> cmin: 2
//> urldec: java.lang.IllegalArgumentException: URLDecoder: Incomplete trailing escape (%) pattern
//> urldec2: a+b c
//> sbins: java.lang.StringIndexOutOfBoundsException: offset 5, length 3
//> sbins2: abc!
//> emptyList: []
//> singleton: [4]
//> swap: [3, 2, 1]
//> bytesLen: 6
//> b64len: 2
//> pastEnd: AIOOBE
//> newStr: hello
//> valueOfChars: hey
//> charsLen: 5
//> latin1: [-23, 63]
//> ldecode: 294
//> bidiv: -3
//> birem: -1
//> bdrem: 1.5
//> locale: en_US GB fr_CA
//> urlbad: java.lang.IllegalArgumentException: URLDecoder: Illegal hex characters in escape (%) pattern - Error at index 0 in: "zz"

//# a TreeSet or TreeMap ordered by a comparator is not modelled: a located unsupported construct, not a set holding the closure
def t = new TreeSet({ a, b -> b <=> a })
//! unsupported construct: a TreeSet ordered by a comparator

//# a range inside a collection inspects as a range
println([r: 1..3].inspect())
println([1..3, 2..<4].inspect())
//> ['r':1..3]
//> [1..3, 2..<4]

//# GDK methods SmartApps use: pow, takeWhile/dropWhile on strings and maps, collectEntries into a map, groupBy by several closures, findResults on maps, Collections.singletonMap, a StringBuilder plus a String
def t = { String lab, Closure c -> try { println "$lab: ${c()}" } catch (e) { println "$lab: EXC ${e.getClass().simpleName}" } }
t('pow') { 1.5.pow(3) }
t('bipow') { 2G.pow(10) }
t('takeWhile') { [1, 2, 3, 1].takeWhile { it < 3 } }
t('dropWhile') { [1, 2, 3, 1].dropWhile { it < 3 } }
t('strTakeWhile') { 'abc123'.takeWhile { it.isLetter() } }
t('strDropWhile') { 'abc123'.dropWhile { it.isLetter() } }
t('mapTakeWhile') { [a: 1, b: 2, c: 3].takeWhile { k, v -> v < 2 } }
t('mapDropWhile') { [a: 1, b: 2, c: 3].dropWhile { it.value < 2 } }
t('findResults') { [1, 2, 3, 4].findResults { it % 2 ? it * 10 : null } }
t('collectEntriesInit') { [1, 2].collectEntries([z: 0]) { [(it.toString()): it] } }
t('groupBy2') { [1, 2, 3, 4, 5, 6].groupBy({ it % 2 }, { it > 3 }) }
t('singletonMap') { Collections.singletonMap('a', 1) }
t('singletonList') { Collections.singletonList(5) }
t('emptyList') { Collections.emptyList() }
t('emptyMap') { Collections.emptyMap() }
t('sbplus') { def sb = new StringBuilder('a'); sb += 'x'; sb }
t('sbplusClass') { def sb = new StringBuilder('a'); sb += 'x'; sb.getClass().simpleName }
t('mapFindResults') { [a: 1, b: 2].findResults { k, v -> v > 1 ? k : null } }
t('listTail') { [1, 2, 3].tail() }
t('listInit') { [1, 2, 3].init() }
t('countBy') { ['a', 'bb', 'cc'].countBy { it.size() } }
t('sum closure') { [1, 2, 3].sum { it * 2 } }
t('subMap') { [a: 1, b: 2, c: 3].subMap(['a', 'c']) }
t('indexed') { ['a', 'b'].indexed() }
t('withIndex') { ['a', 'b'].withIndex() }
t('collate') { [1, 2, 3, 4, 5].collate(2) }
t('toSorted') { [3, 1, 2].toSorted() }
t('minBy') { ['aa', 'b'].min { it.size() } }
t('flatten map') { [[1, [2]], 3].flatten() }
t('intersectStr') { 'abc'.toList().intersect('bcd'.toList()) }
t('BigDecimal.valueOf') { BigDecimal.valueOf(2.5d) }
t('setScale') { 2.345.setScale(2, BigDecimal.ROUND_HALF_UP) }
t('Math.floorDiv') { Math.floorDiv(-7, 2) }
t('Integer.compare') { Integer.compare(3, 5) }
t('String.join') { String.join('-', ['a', 'b']) }
t('max3') { [3, 7, 5].max() }
t('strMultiply') { 'ab' * 3 }
t('padLeftNum') { 5.toString().padLeft(3, '0') }
t('asList') { Arrays.asList(1, 2) }
t('emptySet') { Collections.emptySet() + [1] }
t('bdpowNeg') { 1.5.pow(-1) }
t('bdpow0') { 1.50.pow(0) }
t('bdpow2') { 1.50.pow(2) }
t('groupBy3') { ['ab', 'ac', 'bd', 'b'].groupBy({ it[0] }, { it.size() }, { it[-1] }) }
t('collectEntriesInto') { def m = [q: 1]; def r = [a: 1, b: 2].collectEntries(m) { k, v -> [(k * 2): v] }; [r, m.is(r)] }
t('emptyTake') { ''.takeWhile { true } + '|' + 'xyz'.dropWhile { true } + '|' }
//> pow: 3.375
//> bipow: 1024
//> takeWhile: [1, 2]
//> dropWhile: [3, 1]
//> strTakeWhile: abc
//> strDropWhile: 123
//> mapTakeWhile: [a:1]
//> mapDropWhile: [b:2, c:3]
//> findResults: [10, 30]
//> collectEntriesInit: [z:0, 1:1, 2:2]
//> groupBy2: [1:[false:[1, 3], true:[5]], 0:[false:[2], true:[4, 6]]]
//> singletonMap: [a:1]
//> singletonList: [5]
//> emptyList: []
//> emptyMap: [:]
//> sbplus: ax
//> sbplusClass: String
//> mapFindResults: [b]
//> listTail: [2, 3]
//> listInit: [1, 2]
//> countBy: [1:1, 2:2]
//> sum closure: 12
//> subMap: [a:1, c:3]
//> indexed: [0:a, 1:b]
//> withIndex: [[a, 0], [b, 1]]
//> collate: [[1, 2], [3, 4], [5]]
//> toSorted: [1, 2, 3]
//> minBy: b
//> flatten map: [1, 2, 3]
//> intersectStr: [b, c]
//> BigDecimal.valueOf: 2.5
//> setScale: 2.35
//> Math.floorDiv: -4
//> Integer.compare: -1
//> String.join: a-b
//> max3: 7
//> strMultiply: ababab
//> padLeftNum: 005
//> asList: [1, 2]
//> emptySet: [1]
//> bdpowNeg: EXC ArithmeticException
//> bdpow0: 1
//> bdpow2: 2.2500
//> groupBy3: [a:[2:[b:[ab], c:[ac]]], b:[2:[d:[bd]], 1:[b:[b]]]]
//> collectEntriesInto: [[q:1, aa:1, bb:2], true]
//> emptyTake: ||
