//# integer division gives BigDecimal
println 10 / 4
println 1 / 3
println 2 / 3
println 4 / 2
println 7 / 7
println(-7 / 2)
println 1 / 8
println 100 / 7
//> 2.5
//> 0.3333333333
//> 0.6666666667
//> 2
//> 1
//> -3.5
//> 0.125
//> 14.2857142857

//# division result class
println((10 / 4).getClass().name)
println((4 / 2).getClass().name)
println((4.0d / 2).getClass().name)
println((10L / 4).getClass().name)
//> java.math.BigDecimal
//> java.math.BigDecimal
//> java.lang.Double
//> java.math.BigDecimal

//# intdiv and modulo
println 7.intdiv(2)
println((-7).intdiv(2))
println 7 % 3
println((-7) % 3)
println 7 % -3
//> 3
//> -3
//> 1
//> -1
//> 1

//# integer overflow wraps
int big = Integer.MAX_VALUE
println big + 1
println Integer.MAX_VALUE * 2
println Long.MAX_VALUE + 1
//> -2147483648
//> -2
//> -9223372036854775808

//# promotion
def a = 2147483647
def b = a + 1L
println b
println b.getClass().name
println((1 + 1L).getClass().name)
println((1L + 1.5d).getClass().name)
println((1 + 1.5).getClass().name)
println((1.5 + 1.5d).getClass().name)
//> 2147483648
//> java.lang.Long
//> java.lang.Long
//> java.lang.Double
//> java.math.BigDecimal
//> java.lang.Double

//# literal types
println 1.getClass().name
println 10000000000.getClass().name
println((1.5).getClass().name)
println((1.5d).getClass().name)
println 100G.getClass().name
println 1L.getClass().name
//> java.lang.Integer
//> java.lang.Long
//> java.math.BigDecimal
//> java.lang.Double
//> java.math.BigInteger
//> java.lang.Long

//# BigDecimal arithmetic keeps scale
println 1.10 + 2.205
println 1.5 * 2
println 2.50 * 2
println 0.1 + 0.2
println 1.0 - 1
println 3.0 / 2
println 1.00 / 2
//> 3.305
//> 3.0
//> 5.00
//> 0.3
//> 0.0
//> 1.5
//> 0.50

//# doubles print like Java
println 0.1d + 0.2d
println 10000000000d
println 100.0d
println 1.0d / 3
println 2.5d
println 1d / 0
//> 0.30000000000000004
//> 1.0E10
//> 100.0
//> 0.3333333333333333
//> 2.5
//> Infinity

//# double formatting edge cases
println 1.0d
println 0.001d
println 0.0001d
println 1234567.0d
println 12345678.0d
println(-0.5d)
println 100d / 3
//> 1.0
//> 0.001
//> 1.0E-4
//> 1234567.0
//> 1.2345678E7
//> -0.5
//> 33.333333333333336

//# BigDecimal printing
println 1e3
println 1.5e-7
println new BigDecimal("123.4500")
println 12.0 * 10
println 0.000001
//> 1E+3
//> 1.5E-7
//> 123.4500
//> 120.0
//> 0.000001

//# power
println 2 ** 10
println 2 ** 31
println 2 ** 0.5
println 2.5 ** 2
println 10 ** -1
println((2 ** 10).getClass().name)
//> 1024
//> 2147483648
//> 1.4142135623730951
//> 6.25
//> 0.1
//> java.lang.Integer

//# comparisons across types
println 1 == 1L
println 1 == 1.0
println 1.0 == 1.00
println 2 > 1.5
println 3L < 2.9d
println 1 <=> 2
println 2.0 <=> 2
println 'b' <=> 'a'
//> true
//> true
//> true
//> true
//> false
//> -1
//> 0
//> 1

//# round and abs
println((2.5d).round())
println Math.round(2.5d)
println Math.round(-2.5d)
println Math.round(2.4)
println((-3).abs())
println Math.abs(-7)
println((3.14159d).round(2))
println Math.floor(2.7)
println Math.ceil(2.1)
//> 3
//> 3
//> -2
//> 2
//> 3
//> 7
//> 3.14
//> 2.0
//> 3.0

//# Math functions
println Math.sqrt(16)
println Math.pow(2, 3)
println Math.max(3, 7)
println Math.min(2.5d, 1)
println Math.max(1L, 2)
println Math.abs(-2.5d)
//> 4.0
//> 8.0
//> 7
//> 1.0
//> 2
//> 2.5

//# conversions from strings
println "42".toInteger() + 1
println "3.5".toDouble() * 2
println "12".toLong().getClass().name
println " 7 ".toInteger()
println "1.50".toBigDecimal()
println "abc".isNumber()
println "12.5".isNumber()
println "12".isInteger()
println "12.5".isInteger()
//> 43
//> 7.0
//> java.lang.Long
//> 7
//> 1.50
//> false
//> true
//> true
//> false

//# iteration on numbers
3.times { print it }
println()
1.upto(3) { print it }
println()
3.downto(1) { print it }
println()
0.step(10, 5) { print "$it," }
println()
//> 012
//> 123
//> 321
//> 0,5,

//# string concatenation with numbers
println 1 + "2"
println "2" + 1
println 1 + 2 + "3"
println "1" + 2 + 3
println "x" + 1.5 + 2.0d
//> 12
//> 21
//> 33
//> 123
//> x1.52.0

//# BigInteger factorial
def f = 1G
(1..25).each { f *= it }
println f
println f.getClass().name
//> 15511210043330985984000000
//> java.math.BigInteger

//# increment and decrement
def i = 5
i++
println i
println(i++)
println i
println(++i)
i--
println i
def d = 1.5
d++
println d
//> 6
//> 6
//> 7
//> 8
//> 7
//> 2.5

//# compound assignment
def x = 10
x += 5
println x
x -= 3
println x
x *= 2
println x
x /= 4
println x
println x.getClass().name
//> 15
//> 12
//> 24
//> 6
//> java.math.BigDecimal

//# bitwise operators
println 6 & 3
println 6 | 3
println 6 ^ 3
println 1 << 4
println(-16 >> 2)
println(-16 >>> 28)
println ~5
//> 2
//> 7
//> 5
//> 16
//> -4
//> 15
//> -6

//# float values
def fl = "21.3".toFloat()
println fl
println fl.getClass().name
println fl + 1
//> 21.3
//> java.lang.Float
//> 22.299999237060547

//# parse static methods
println Integer.parseInt("123") + 1
println Integer.valueOf("77")
println Double.parseDouble("2.5") * 2
println Long.parseLong("9000000000")
println Integer.toHexString(255)
println Integer.MAX_VALUE
println Integer.parseInt("ff", 16)
//> 124
//> 77
//> 5.0
//> 9000000000
//> ff
//> 2147483647
//> 255

//# as conversions
println "12" as Integer
println(("12" as Integer).getClass().name)
println 3.7 as Integer
println "3.7" as Double
println 5 as String
println((5 as String).getClass().name)
println 7 as Double
println 2.5d as BigDecimal
println "" as Boolean
println "false" as boolean
//> 12
//> java.lang.Integer
//> 3
//> 3.7
//> 5
//> java.lang.String
//> 7.0
//> 2.5
//> false
//> true

//# number methods
println 7.5.intValue()
println 5.toString() + "x"
println 3.5.doubleValue()
println 10.compareTo(3)
println 3.14159.setScale(2, BigDecimal.ROUND_HALF_UP)
println 1.50.stripTrailingZeros()
println 2.0.toPlainString()
//> 7
//> 5x
//> 3.5
//> 1
//> 3.14
//> 1.5
//> 2.0

//# number truth
println 0 ? "yes" : "no"
println 0.0 ? "yes" : "no"
println 1 ? "yes" : "no"
println 0L ? "yes" : "no"
//> no
//> no
//> yes
//> no

//# negative numbers and unary minus
def n = 5
println(-n)
println(-n.abs())
println(-(n - 10))
//> -5
//> -5
//> 5

//# sum of mixed numbers
println([1, 2.5, 3L].sum())
println([1, 2.5d].sum())
println([0.1, 0.2, 0.3].sum())
//> 6.5
//> 3.5
//> 0.6

//# average via division
def temps = [70, 72, 75]
println temps.sum() / temps.size()
def vals = [1, 2]
println vals.sum() / vals.size()
//> 72.3333333333
//> 1.5

//# JDK statics: toIntExact, parseByte, logical operators, negate
println Math.toIntExact(5L)
println Byte.parseByte("7f", 16)
println Byte.parseByte("-80", 16)
println([Boolean.logicalAnd(true, false), Boolean.logicalOr(true, false), Boolean.logicalXor(true, true)])
println 2.5.negate()
println new BigInteger("12").negate()
//> 5
//> 127
//> -128
//> [false, true, false]
//> -2.5
//> -12

//# float literals stay floats; arithmetic on them gives doubles
def f = 3.14f
println f
println f.getClass().name
println f * 2
println 1.1f + 2.2f
println 1e2f
//> 3.14
//> java.lang.Float
//> 6.28000020980835
//> 3.3000000715255737
//> 100.0

//# static fields through the full class name, and a static getter read as a property
println java.util.Calendar.MONDAY
println java.math.BigDecimal.ROUND_HALF_UP
println(new BigDecimal("3.25").setScale(1, java.math.BigDecimal.ROUND_HALF_EVEN))
println Calendar.instance.get(Calendar.YEAR)
println java.util.Calendar.instance.get(Calendar.MONTH)
//> 2
//> 4
//> 3.2
//> 2024
//> 2

//# Groovy 2.4 rounds and truncates only doubles and floats
def t = { c -> try { println c() } catch (e) { println "EXC " + e.getClass().simpleName } }
t { 5.round() }
t { 5.round(1) }
t { 5L.round() }
t { 2.5.round() }
t { 2.5.round(1) }
t { 2.5.trunc() }
t { 2.5.trunc(1) }
t { 2.5d.round(1) }
t { 2.5f.round(1) }
t { (2.5 as double).round(1) }
t { 7.intdiv(2) }
t { 2.5.toDouble().round(1) }
t { Math.round(2.5) }
//> EXC MissingMethodException
//> EXC MissingMethodException
//> EXC MissingMethodException
//> EXC NullPointerException
//> EXC MissingMethodException
//> EXC MissingMethodException
//> EXC MissingMethodException
//> 2.5
//> 2.5
//> 2.5
//> 3
//> 2.5
//> 3

//# Math.max/min of an integer and a BigDecimal is ambiguous; % has no BigDecimal arithmetic
def t = { String l, Closure c -> try { def v = c(); println "$l ${v} ${v.getClass().simpleName}" } catch (e) { println "$l EXC ${e.getClass().simpleName}" } }
t("ii") { Math.max(3, 4) }
t("il") { Math.max(3, 4L) }
t("id") { Math.max(3, 4.5d) }
t("ib") { Math.max(3, 4.5) }
t("bb") { Math.max(3.5, 4.5) }
t("dd") { Math.max(3.5d, 4.5d) }
t("bd") { Math.max(3.5, 4.5d) }
t("if") { Math.max(3, 4.5f) }
t("minib") { Math.min(3, 4.5) }
t("minbb") { Math.min(3.5, 4.5) }
t("abs b") { Math.abs(-3.5) }
t("abs i") { Math.abs(-3) }
t("sqrt b") { Math.sqrt(4.0) }
t("pow") { Math.pow(2, 3) }
t("floor b") { Math.floor(3.5) }
t("ceil b") { Math.ceil(3.5) }
t("round b") { Math.round(3.5) }
t("mod b") { 7.5 % 2 }
t("mod i") { 7 % 2 }
t("mod l") { 7L % 2 }
t("mod d") { 7.5d % 2 }
t("bi") { Math.max(4.5, 3) }
t("lb") { Math.max(3L, 4.5) }
t("bl") { Math.max(4.5, 3L) }
t("Bb") { Math.max(3 as BigInteger, 4.5) }
t("fb") { Math.max(3f, 4.5) }
t("fd") { Math.max(3f, 4.5d) }
t("ll") { Math.max(3L, 4L) }
t("lf") { Math.max(3L, 4f) }
t("min bi") { Math.min(4.5, 3) }
t("mod neg") { -7 % 3 }
t("mod bd int") { 7 % 2.0 }
//> ii 4 Integer
//> il 4 Long
//> id 4.5 Double
//> ib EXC GroovyRuntimeException
//> bb 4.5 Double
//> dd 4.5 Double
//> bd 4.5 Double
//> if 4.5 Float
//> minib EXC GroovyRuntimeException
//> minbb 3.5 Double
//> abs b 3.5 Double
//> abs i 3 Integer
//> sqrt b 2.0 Double
//> pow 8.0 Double
//> floor b 3.0 Double
//> ceil b 4.0 Double
//> round b 4 Long
//> mod b EXC UnsupportedOperationException
//> mod i 1 Integer
//> mod l 1 Long
//> mod d 1.5 Double
//> bi EXC GroovyRuntimeException
//> lb EXC GroovyRuntimeException
//> bl EXC GroovyRuntimeException
//> Bb 4.5 Double
//> fb 4.5 Double
//> fd 4.5 Double
//> ll 4 Long
//> lf 4.0 Float
//> min bi EXC GroovyRuntimeException
//> mod neg -1 Integer
//> mod bd int EXC UnsupportedOperationException

//# power with a non-Integer exponent: a double, given back as an Integer or a Long when whole
def show(x) { println "${x} ${x.getClass().simpleName}" }
show(4 ** 0.5)
show(4.0d ** 2)
show(2 ** 2L)
show(1 ** -1)
show(2 ** -1)
show(2 ** 0.5)
show(10L ** 10.0)
show(2.5 ** 2L)
show(2.5 ** 2)
show(2 ** 40)
show(10 ** 400.0)
//> 2 Integer
//> 16 Integer
//> 4 Integer
//> 1 Integer
//> 0.5 Double
//> 1.4142135623730951 Double
//> 10000000000 Long
//> 6.25 Double
//> 6.25 BigDecimal
//> 1099511627776 BigInteger
//> Infinity Double

//# a BigDecimal past 38 significant digits is Eventide's limit, not an exception the program could catch
def avg = 70.0
try {
    (1..40).each { avg = avg * 0.9 + 75 * 0.1 }
} catch (Exception e) {
    println "caught $e"
}
//! unsupported construct: a BigDecimal of more than 38 significant digits

//# a BigInteger past 128 bits is Eventide's limit too
try {
    println 2G ** 200
} catch (Exception e) {
    println "caught $e"
}
//! unsupported construct: a BigInteger beyond 128 bits

//# toDouble of a Float reads its printed digits; doubleValue widens the binary value
println 1.1f.toDouble()
println "72.3".toFloat().toDouble()
println 72.3f.doubleValue()
println 2.5G.toDouble()
//> 1.1
//> 72.3
//> 72.30000305175781
//> 2.5

//# %f of a Float formats the double it widens to, as Java's Formatter does (Groovy 2.4.21)
println String.format('%.1f', 72.45f)
println String.format('%.2f', 1.005f)
def t = '72.45'.toFloat()
println String.format('%.1f', t)
println sprintf('%.1f', 0.35f)
//> 72.4
//> 1.00
//> 72.4
//> 0.3

//# Groovy 2.4's primitive arithmetic: a double or float variable given an int / int quotient of statically integral operands gets the integer quotient (def, boxed and BigDecimal targets do not; Groovy 2.4.21)
int n = 10
int m = 4
long L = 10L
Integer boxed = 10
def d = 10
double a1 = n / 4; println a1
double a2 = n / m; println a2
double a3 = L / 4; println a3
double a4 = boxed / 4; println a4
double a5 = d / 4; println a5
double a6 = 10 / 4; println a6
double a7 = n / 4.0; println a7
double a8 = (n / 4); println a8
double a9 = n / 4 + 1; println a9
float f1 = n / 4; println f1
Double b1 = n / 4; println b1
def x1 = n / 4; println x1
double z
z = n / 4; println z
long q = n / 4; println q
int r = n / 4; println r
BigDecimal bd = n / 4; println bd
double a10 = n * 3 / 4; println a10
double a11 = -n / 4; println a11
double a12 = n.intdiv(4); println a12
double a13 = 7 / 2; println a13
def meth(int level) { double p = level / 100; p }
println meth(50)
def meth2(level) { double p = level / 100; p }
println meth2(50)
def c = { int k -> double p = k / 3; p }
println c(10)
short sh = 10
double a14 = sh / 4; println a14
byte by = 10
double a15 = by / 4; println a15
double a16 = n / 0.5; println a16
try { double a17 = n / 0; println a17 } catch (e) { println e.getClass().simpleName }
double a18 = n % 4; println a18
double a19 = n - 4; println a19
//> 2.0
//> 2.0
//> 2.0
//> 2.5
//> 2.5
//> 2.0
//> 2.5
//> 2.0
//> 3.5
//> 2.0
//> 2.5
//> 2.5
//> 2.0
//> 2
//> 2
//> 2.5
//> 7.0
//> -2.5
//> 2.0
//> 3.0
//> 0.0
//> 0.5
//> 3.0
//> 2.0
//> 2.0
//> 20.0
//> ArithmeticException
//> 2.0
//> 6.0


//# %e and %g of NaN and infinities print as Java prints them
println String.format('%.1e', Double.NaN)
println String.format('%e', Double.POSITIVE_INFINITY)
println String.format('%g', Double.NaN)
println String.format('%.2f', Double.NaN)
//> NaN
//> Infinity
//> NaN
//> NaN

//# parsing a null text raises NumberFormatException as Java does; a string compared with a number is a ClassCastException
def setting = null
def v
try { v = Integer.parseInt(setting) } catch (NumberFormatException e) { v = -1 }
println v
def t = { String lab, Closure c -> try { def r = c(); println "$lab: $r" } catch (e) { println "$lab: EXC ${e.getClass().simpleName}" } }
t('valueOf-null') { Integer.valueOf(setting) }
t('parseLong-null') { Long.parseLong(setting) }
t('parseDouble-null') { Double.parseDouble(setting) }
t('bd-null') { new BigDecimal(setting) }
t('str-cmp-num') { '72.5' > 70 }
//> -1
//> valueOf-null: EXC NumberFormatException
//> parseLong-null: EXC NumberFormatException
//> parseDouble-null: EXC NullPointerException
//> bd-null: EXC GroovyRuntimeException
//> str-cmp-num: EXC ClassCastException

//# null texts parsed as numbers, and strings compared with numbers
def s = null
def t = { String lab, Closure c -> try { def r = c(); println "$lab: $r" } catch (e) { println "$lab: EXC ${e.getClass().name}: ${e.message}" } }
t('parseInt') { Integer.parseInt(s) }
t('valueOf') { Integer.valueOf(s) }
t('parseLong') { Long.parseLong(s) }
t('LvalueOf') { Long.valueOf(s) }
t('parseDouble') { Double.parseDouble(s) }
t('DvalueOf') { Double.valueOf(s) }
t('parseFloat') { Float.parseFloat(s) }
t('decode') { Integer.decode(s) }
t('parseShort') { Short.parseShort(s) }
t('cmp') { '72.5' > 70 }
t('cmp2') { 70 < '72.5' }
t('cmp3') { 'abc' <=> 5 }
//> parseInt: EXC java.lang.NumberFormatException: Cannot parse null string
//> valueOf: EXC java.lang.NumberFormatException: Cannot parse null string
//> parseLong: EXC java.lang.NumberFormatException: Cannot parse null string
//> LvalueOf: EXC java.lang.NumberFormatException: Cannot parse null string
//> parseDouble: EXC java.lang.NullPointerException: Cannot invoke "String.trim()" because "in" is null
//> DvalueOf: EXC java.lang.NullPointerException: Cannot invoke "String.trim()" because "in" is null
//> parseFloat: EXC java.lang.NullPointerException: Cannot invoke "String.trim()" because "in" is null
//> decode: EXC java.lang.NullPointerException: Cannot invoke "String.isEmpty()" because "nm" is null
//> parseShort: EXC java.lang.NumberFormatException: Cannot parse null string
//> cmp: EXC java.lang.ClassCastException: class java.lang.Integer cannot be cast to class java.lang.String (java.lang.Integer and java.lang.String are in module java.base of loader 'bootstrap')
//> cmp2: EXC java.lang.ClassCastException: class java.lang.String cannot be cast to class java.lang.Integer (java.lang.String and java.lang.Integer are in module java.base of loader 'bootstrap')
//> cmp3: EXC java.lang.ClassCastException: class java.lang.Integer cannot be cast to class java.lang.String (java.lang.Integer and java.lang.String are in module java.base of loader 'bootstrap')

//# new BigInteger(signum, bytes) and constructors given null
println new BigInteger(1, [1, 2, 255] as byte[])
println new BigInteger(-1, [1, 2, 255] as byte[])
println new BigInteger(1, [127, -1, -1, -1, -1, -1, -1, -1, -1] as byte[]).toString(16)
println new BigInteger(0, [] as byte[])
println new BigInteger(1, [-128, 0] as byte[]).toString(16).padLeft(8, '0')
try { new BigInteger(2, [1] as byte[]) } catch (e) { println e.getClass().name + ': ' + e.message }
def s = null
try { new BigDecimal(s) } catch (e) { println e.getClass().name; println e.message }
try { new BigInteger(s) } catch (e) { println e.getClass().name; println e.message }
//> 66303
//> -66303
//> 7fffffffffffffffff
//> 0
//> 00008000
//> java.lang.NumberFormatException: Invalid signum value
//> groovy.lang.GroovyRuntimeException
//> Ambiguous method overloading for method java.math.BigDecimal#<init>.
//> Cannot resolve which method to invoke for [null] due to overlapping prototypes between:
//> 	[class java.lang.String]
//> 	[class [C]
//> groovy.lang.GroovyRuntimeException
//> Ambiguous method overloading for method java.math.BigInteger#<init>.
//> Cannot resolve which method to invoke for [null] due to overlapping prototypes between:
//> 	[class java.lang.String]
//> 	[class [I]
//> 	[class [B]

//# %e, %E and %G of infinities with sign flags
println String.format('[%+e] [%08.2f] [%E] [%(e] [% G] [%-10e] [%10.3e]', Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NaN, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY, Double.NaN, Float.NEGATIVE_INFINITY)
//> [+Infinity] [-Infinity] [NAN] [(Infinity)] [ INFINITY] [NaN       ] [ -Infinity]

//# %f of null prints null cut to the precision
def temp = null
println String.format('%.1f', temp)
println String.format('%.2f|%5.1f|%.0f', null, null, null)
println sprintf('Temp: %.1f', [temp])
//> n
//> nu|    n|
//> Temp: n

//# a G suffix is source syntax, not number text; a string is not a Number
['2G', '5L', '1.5d', '3f', '7g', '2.50'].each { s ->
  println "$s isNumber=${s.isNumber()} isBigDecimal=${s.isBigDecimal()} isInteger=${s.isInteger()}"
  try { println s.toBigDecimal() } catch (e) { println 'NFE' }
  try { println new BigDecimal(s) } catch (e) { println 'NFE' }
}
try { println('42' as Number) } catch (e) { println e.getClass().name + ': ' + e.message }
println(('42' as BigDecimal) + 1)
//> 2G isNumber=false isBigDecimal=false isInteger=false
//> NFE
//> NFE
//> 5L isNumber=false isBigDecimal=false isInteger=false
//> NFE
//> NFE
//> 1.5d isNumber=false isBigDecimal=false isInteger=false
//> NFE
//> NFE
//> 3f isNumber=false isBigDecimal=false isInteger=false
//> NFE
//> NFE
//> 7g isNumber=false isBigDecimal=false isInteger=false
//> NFE
//> NFE
//> 2.50 isNumber=true isBigDecimal=true isInteger=false
//> 2.50
//> 2.50
//> org.codehaus.groovy.runtime.typehandling.GroovyCastException: Cannot cast object '42' with class 'java.lang.String' to class 'java.lang.Number'
//> 43

//# toString(n) on an Integer, Long or Double is the class's static toString of n
println 255.toString(16)
println 255L.toString(2)
println Integer.valueOf(255).toString(16)
println 255G.toString(16)
println 2.5.toString()
println Integer.toString(255, 16)
println Long.toString(255L, 2)
println Integer.toHexString(255)
try { println 2.5d.toString(3) } catch (e) { println e.getClass().name }
try { println 2.5.toString(3) } catch (e) { println e.getClass().name }
//> 16
//> 2
//> 16
//> ff
//> 2.5
//> ff
//> 11111111
//> ff
//> 3.0
//> groovy.lang.MissingMethodException

//# %x and %o of a negative BigInteger keep the sign in front of prefix and zeros
println String.format('%08X', -99G)
println String.format('%#x', -99G)
println String.format('%#o', -99G)
println String.format('%08d', -99G)
println String.format('%x', -99G)
//> -0000063
//> -0x63
//> -0143
//> -0000099
//> -63

//# BigInteger mod needs a positive modulus
def t = { c -> try { def r = c(); println "$r ${r.getClass().simpleName}" } catch (e) { println "EXC ${e.getClass().simpleName}: ${e.message}" } }
t { 7 % -3G }
t { 7G % -3 }
t { 7G.mod(-3G) }
t { 7G % 0 }
//> EXC ArithmeticException: BigInteger: modulus not positive
//> EXC ArithmeticException: BigInteger: modulus not positive
//> EXC ArithmeticException: BigInteger: modulus not positive
//> EXC ArithmeticException: BigInteger: modulus not positive
