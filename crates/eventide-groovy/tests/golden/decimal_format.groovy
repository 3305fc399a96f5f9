//# DecimalFormat patterns
import java.text.DecimalFormat
println new DecimalFormat("#.##").format(0.5d)
println new DecimalFormat("##.##").format(21.456)
println new DecimalFormat("#,##0.00").format(1234567.891d)
println new DecimalFormat("0.00").format(5)
println new DecimalFormat("000").format(7L)
println new DecimalFormat(".##").format(0.256d)
println new DecimalFormat("#").format(0)
//> 0.5
//> 21.46
//> 1,234,567.89
//> 5.00
//> 007
//> .26
//> 0

//# DecimalFormat rounds half to even on the exact value
def f = new java.text.DecimalFormat("0.00")
println([f.format(0.125d), f.format(0.135d), f.format(1.005d), f.format(2.675G), f.format(2.665G)])
println new java.text.DecimalFormat("#").format(2.5d) + " " + new java.text.DecimalFormat("#").format(3.5d)
println new java.text.DecimalFormat("0.00").format(-0.001d)
//> [0.12, 0.14, 1.00, 2.68, 2.66]
//> 2 4
//> -0.00

//# DecimalFormat prefixes, suffixes and percent
import java.text.DecimalFormat
println new DecimalFormat("\$0.00").format(12.345G)
println new DecimalFormat("0.0%").format(0.12345d)
println new DecimalFormat("#,##0.00;(#,##0.00)").format(-1234.5d)
println new DecimalFormat("#' kWh'").format(12)
println new DecimalFormat("\u00a4#,##0.00").format(1234.5d)
//> $12.34
//> 12.3%
//> (1,234.50)
//> 12 kWh
//> $1,234.50

//# DecimalFormat setters and rounding modes
import java.math.RoundingMode
def f = new java.text.DecimalFormat("#.##")
f.setRoundingMode(RoundingMode.HALF_UP)
println f.format(0.125d)
f.roundingMode = RoundingMode.DOWN
println f.format(0.129d)
f.setMaximumFractionDigits(4)
println f.format(1.23456d)
f.setMinimumFractionDigits(3)
println f.format(1.2d)
println f.maximumFractionDigits
//> 0.13
//> 0.12
//> 1.2345
//> 1.200
//> 4

//# NumberFormat factories
import java.text.NumberFormat
println NumberFormat.getInstance().format(1234567.8915d)
println NumberFormat.getIntegerInstance().format(2.5d)
println NumberFormat.getPercentInstance().format(0.256d)
println NumberFormat.getCurrencyInstance().format(1234.567d)
println NumberFormat.getNumberInstance().parse("1,234.5")
println new java.text.DecimalFormat("0.00").getClass().name
println(new java.text.DecimalFormat("0.00") instanceof NumberFormat)
//> 1,234,567.891
//> 2
//> 26%
//> $1,234.57
//> 1234.5
//> java.text.DecimalFormat
//> true

//# DecimalFormat errors
try { new java.text.DecimalFormat("#.#.#") } catch (IllegalArgumentException e) { println e.message }
try { new java.text.DecimalFormat("0.00").format("abc") } catch (IllegalArgumentException e) { println e.message }
try { new java.text.DecimalFormat("0.00").parse("abc") } catch (java.text.ParseException e) { println e.message }
//> Multiple decimal separators in pattern "#.#.#"
//> Cannot format given Object as a Number
//> Unparseable number: "abc"

//# digit-count setters keep the minimum at most the maximum
def f = new java.text.DecimalFormat("0.00")
f.setMaximumFractionDigits(1)
println f.format(3.14159)
f.setMinimumFractionDigits(3)
println f.format(3.14159)
f.setMinimumIntegerDigits(3)
println f.format(3.14159)
f.setMaximumIntegerDigits(2)
println f.format(3.14159)
println "${f.minimumIntegerDigits} ${f.maximumIntegerDigits} ${f.minimumFractionDigits} ${f.maximumFractionDigits}"
//> 3.1
//> 3.142
//> 003.142
//> 03.142
//> 2 2 3 3
