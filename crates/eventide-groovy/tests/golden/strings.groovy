//# basic string methods
def s = "Hello, World"
println s.size()
println s.length()
println s.toUpperCase()
println s.toLowerCase()
println s.contains("World")
println s.startsWith("Hell")
println s.endsWith("x")
println s.indexOf("o")
println s.lastIndexOf("o")
println s.substring(7)
println s.substring(0, 5)
println s.charAt(4)
//> 12
//> 12
//> HELLO, WORLD
//> hello, world
//> true
//> true
//> false
//> 4
//> 8
//> World
//> Hello
//> o

//# subscripts on strings
def s = "groovy"
println s[0]
println s[-1]
println s[1..3]
println s[3..1]
println s[0..<2]
println s[-3..-1]
//> g
//> y
//> roo
//> oor
//> gr
//> ovy

//# trim replace split
println "  pad  ".trim() + "|"
println "a-b-c".replace("-", "+")
println "a1b22c333".replaceAll(/\d+/, "#")
println "a1b22c333".replaceFirst(/\d+/, "#")
println "one two  three".split(" ")
println "one two  three".split()
println "a,b,,c,,".split(",").size()
println "x=1;y=2".tokenize(";=")
//> pad|
//> a+b+c
//> a#b#c#
//> a#b22c333
//> [one, two, , three]
//> [one, two, three]
//> 4
//> [x, 1, y, 2]

//# replaceAll with groups and closures
println "2024-03-05".replaceAll(/(\d+)-(\d+)-(\d+)/, '$3/$2/$1')
println "hello world".replaceAll(/o/) { it.toUpperCase() }
println "a1b2".replaceAll(/(\w)(\d)/) { all, l, d -> d + l }
println "a.b.c".replaceAll(".", "x")
println "a.b.c".replace(".", "x")
//> 05/03/2024
//> hellO wOrld
//> 1a2b
//> xxxxx
//> axbxc

//# padding and case
println "7".padLeft(3, "0")
println "ab".padRight(5, ".") + "|"
println "x".center(5, "*")
println "groovy".capitalize()
println "abc".reverse()
println "ab" * 3
println "hello world" - "o"
println "abc".padLeft(2)
//> 007
//> ab...|
//> **x**
//> Groovy
//> cba
//> ababab
//> hell world
//> abc

//# GString interpolation
def name = "Ann"
def m = [a: 1, b: [c: 2]]
println "Hi $name"
println "Sum: ${1 + 2}"
println "Nested: $m.b.c"
println "List: ${[1, 2]}"
println "Map: $m"
println "Null: ${null}"
println 'Single $name'
println "Range: ${1..3}"
//> Hi Ann
//> Sum: 3
//> Nested: 2
//> List: [1, 2]
//> Map: [a:1, b:[c:2]]
//> Null: null
//> Single $name
//> Range: [1, 2, 3]

//# GString equality and class
def n = "a"
def g = "${n}b"
println g == "ab"
println "ab" == g
println g.getClass().name
println g instanceof String
println g.toString().getClass().name
println g.size()
//> true
//> true
//> org.codehaus.groovy.runtime.GStringImpl
//> false
//> java.lang.String
//> 2

//# string comparison
println "apple" < "banana"
println "a".compareTo("b")
println "B".equalsIgnoreCase("b")
println "abc" <=> "abd"
println "Z" < "a"
//> true
//> -1
//> true
//> -1
//> true

//# multiline strings and escapes
def t = """line1
line2"""
println t
println 'tab\there'
println "quote \"x\""
println t.readLines().size()
println 'it\'s'
//> line1
//> line2
//> tab	here
//> quote "x"
//> 2
//> it's

//# strings as collections
def out = []
"abc".each { out << it }
println out
println "abc".toList()
println "hello".count("l")
println "a,b".split(",").collect { it.toUpperCase() }
println "abc".collect { it * 2 }
//> [a, b, c]
//> [a, b, c]
//> 2
//> [A, B]
//> [aa, bb, cc]

//# toBoolean
println "true".toBoolean()
println "yes".toBoolean()
println "Y".toBoolean()
println "1".toBoolean()
println "TRUE".toBoolean()
//> true
//> false
//> true
//> true
//> true

//# String.format
println String.format("%.2f", 3.14159)
println String.format("%5d|%-5d|", 42, 42)
println String.format("%05.1f", 2.25)
println String.format("%s and %s", "a", 1)
println String.format("%x", 255)
println String.format("%02d:%02d", 5, 7)
println String.format("%,d", 1234567)
println String.format("%.0f", 2.5)
println String.format("%b", null)
println String.format("%08.3f", -3.5d)
println String.format("%.1f%%", 45.25d)
//> 3.14
//>    42|42   |
//> 002.3
//> a and 1
//> ff
//> 05:07
//> 1,234,567
//> 3
//> false
//> -003.500
//> 45.3%

//# sprintf
println sprintf("%d-%s", 3, "x")
println sprintf("%3s|", "ab")
//> 3-x
//>  ab|

//# string multiplication and minus
println "-" * 10
println "banana" - "an"
//> ----------
//> bana

//# string iteration helpers
println "a b c".tokenize()
println "a  b".split(" ")
println "path/to/file".tokenize("/").last()
println "one,two".split(",")[1]
//> [a, b, c]
//> [a, , b]
//> file
//> two

//# contains and indexOf with missing
println "abc".indexOf("z")
println "abc".contains("")
println "".isEmpty()
println "abc".startsWith("")
//> -1
//> true
//> true
//> true

//# string equality with ==
def a = "hel"
def b = a + "lo"
println b == "hello"
println b.equals("hello")
println "hello".is("hello")
//> true
//> true
//> true

//# substring errors
try {
    "abc".substring(5)
} catch (StringIndexOutOfBoundsException e) {
    println "out of bounds"
}
//> out of bounds

//# uncapitalize and trim variants
println "Hello".uncapitalize()
println "\t x \n".trim()
println "abc".toUpperCase().toLowerCase()
//> hello
//> x
//> abc

//# join
println(["a", "b", "c"].join(", "))
println([1, 2, 3].join())
println([].join("-"))
//> a, b, c
//> 123
//> 

//# byte arrays: base64 and hex
def bytes = "abc:d".bytes
println bytes
println bytes.encodeBase64()
println "Basic " + "user:pw".bytes.encodeBase64()
println bytes.encodeHex()
println "61ff00".decodeHex()
println new String("YWJj".decodeBase64())
println "abc".codePointAt(1)
//> [97, 98, 99, 58, 100]
//> YWJjOmQ=
//> Basic dXNlcjpwdw==
//> 6162633a64
//> [97, -1, 0]
//> abc
//> 98

//# tr translates characters, with ranges, padding the replacement with its last character
println "a b!c+d".tr(" !+", "___")
println "hello".tr("a-y", "b-z")
println "hello".tr("lo", "x")
//> a_b_c_d
//> ifmmp
//> hexxx

//# a Groovy property the library lacks is unsupported, not the program's fault
println "ab".chars
//! unsupported construct: the Groovy property java.lang.String.chars (read through getChars())

//# a property Groovy does not have is the program's fault
println "ab".frobnicated
//! groovy.lang.MissingPropertyException: No such property: frobnicated for class: java.lang.String

//# String.find with a closure: the first character it accepts
println "Hello".find { it == 'l' }
println "Hello".find { it == 'q' }
println "Hello".find(~/l+/)
//> l
//> null
//> ll

//# String.format %g: significant digits after rounding, decimal notation from 10^-4 to 10^precision
println String.format("%g", 0.005)
println String.format("%.3g", 0.012345)
println String.format("%g", 123.456)
println String.format("%.3g", 0.0099999)
println String.format("%.2g", 99.9)
println String.format("%g", 0.0001)
println String.format("%g", 0.00009999)
println String.format("%.3g", 1234.5)
println String.format("%G", 1.5e-7)
println String.format("%.1g", 0.5)
println String.format("%g", -2.5)
println String.format("%.0g", 7.0)
//> 0.00500000
//> 0.0123
//> 123.456
//> 0.0100
//> 1.0e+02
//> 0.000100000
//> 9.99900e-05
//> 1.23e+03
//> 1.50000E-07
//> 0.5
//> -2.50000
//> 7

//# where Java turns a value into text (valueOf, format %s, StringBuilder append and <<) a map is {a=1} and a range 1..3
println String.valueOf([[a:1], 2])
println String.valueOf(1..3)
def sb = new StringBuilder(); sb << (1..3); sb << ";"; sb << [x: null, y: [1, [z: "s"]]]; sb.append([:]); println sb
println String.format("%s|%s|%s|%S", [a:[b:1]], 1..3, [1..2], [k: "v"])
println sprintf("%s", [a:1])
println "${[a:1]}" + [b:2] + [a:1].toString()
def m = [a:1]; m.self = m; println String.valueOf(m)
println(("a" << [b: 1] << (1..2)).toString())
//> [{a=1}, 2]
//> 1..3
//> 1..3;{x=null, y=[1, {z=s}]}{}
//> {a={b=1}}|1..3|[1..2]|{K=V}
//> {a=1}
//> [a:1][b:2][a:1]
//> {a=1, self=(this Map)}
//> a{b=1}1..2

//# String minus a Pattern removes the first match
println("a1b2" - ~/\d/)
println("temp: 72F".minus(~/[A-Z]$/))
println("a  b c" - ~/\s+/)
println("a.b.c" - ".")
//> ab2
//> temp: 72
//> ab c
//> ab.c

//# lines end at \n, \r\n or a lone \r (readLines, eachLine); normalize and denormalize make them \n (Groovy 2.4.21)
def show(x) { x.toString().replace("\r", "\\r").replace("\n", "\\n") }
println show('a\r\nb\rc'.normalize())
println show('a\nb\r\nc'.denormalize())
println show('a\rb\r\nc'.readLines())
println show('a\n\nb\n'.readLines())
println show(''.readLines())
println show('\n'.readLines())
println show('x\r'.readLines())
def r = []; 'a\rb\n\nc'.eachLine { r << it }; println show(r)
def r2 = []; 'a\nb'.eachLine { line, n -> r2 << "$n:$line" }; println show(r2)
println show('a\r\n'.normalize())
//> a\nb\nc
//> a\nb\nc
//> [a, b, c]
//> [a, , b]
//> []
//> []
//> [x]
//> [a, b, , c]
//> [0:a, 1:b]
//> a\n

//# instanceof an array type: Object[] holds any array of objects, String[] a split result (Groovy 2.4.21)
println('abc' instanceof Object[])
println(5 instanceof Object[])
println([1] instanceof Object[])
println('a,b'.split(',') instanceof Object[])
println('a,b'.split(',') instanceof String[])
println(5 instanceof String[])
//> false
//> false
//> false
//> true
//> true
//> false

//# string positions count UTF-16 units as Java's do (an emoji is two): indexOf, substring, [i], [a..b], take, drop, charAt, padding and format widths (Groovy 2.4.21)
def s = 'Door 🚪 open 😀!'
println s.size()
println s.indexOf('open')
println s.lastIndexOf('!')
println s.indexOf('😀')
println s.substring(8)
println s.substring(5, 7)
println s[0..4]
println s[-1]
println s.take(7)
println s.drop(7)
println s.charAt(0)
println s.padLeft(18, '.')
println s.center(20, '*')
println String.format('|%20s|', s)
println s.reverse()
println s[8..<12]
println 'abc'.indexOf('c', 1)
println 'a😀b😀c'.lastIndexOf('😀')
println 'a😀b'.replace('😀', ':)')
println 'x😀y'.split('😀').toList()
//> 16
//> 8
//> 15
//> 13
//> open 😀!
//> 🚪
//> Door 
//> !
//> Door 🚪
//>  open 😀!
//> D
//> ..Door 🚪 open 😀!
//> **Door 🚪 open 😀!**
//> |    Door 🚪 open 😀!|
//> !😀 nepo 🚪 rooD
//> open
//> 2
//> 4
//> a:)b
//> [x, y]


//# string methods raise NullPointerException on a null text to search for; padding with an empty pad divides by zero
def other = null
['contains', 'startsWith', 'endsWith', 'split', 'tokenize', 'indexOf', 'equalsIgnoreCase'].each { m ->
  try { println "$m -> " + 'abc'."$m"(other) } catch (e) { println "$m EXC ${e.getClass().simpleName}" }
}
try { println 'abc'.replace(other, 'x') } catch (e) { println "replace EXC ${e.getClass().simpleName}" }
try { println 'abc'.padLeft(5, '') } catch (e) { println "padLeft EXC ${e.getClass().simpleName}" }
//> contains EXC NullPointerException
//> startsWith EXC NullPointerException
//> endsWith EXC NullPointerException
//> split EXC NullPointerException
//> tokenize EXC NullPointerException
//> indexOf EXC NullPointerException
//> equalsIgnoreCase -> false
//> replace EXC NullPointerException
//> padLeft EXC ArithmeticException
