//# new Date uses the clock
def d = new Date()
println d.time
println d.format("yyyy-MM-dd HH:mm:ss")
println d
//> 1709649015123
//> 2024-03-05 14:30:15
//> Tue Mar 05 14:30:15 UTC 2024

//# format in time zones
def d = new Date(1709649015123)
def ny = TimeZone.getTimeZone("America/New_York")
println d.format("yyyy-MM-dd HH:mm z", ny)
println d.format("h:mm a", TimeZone.getTimeZone("America/Los_Angeles"))
println d.format("EEEE, MMMM d", ny)
println d.format("HH:mm", TimeZone.getTimeZone("UTC"))
println d.format("yyyy-MM-dd'T'HH:mm:ssZ", ny)
println d.format("D", ny)
println d.format("EEE MMM dd yy", ny)
//> 2024-03-05 09:30 EST
//> 6:30 AM
//> Tuesday, March 5
//> 14:30
//> 2024-03-05T09:30:15-0500
//> 65
//> Tue Mar 05 24

//# daylight saving time
def tz = TimeZone.getTimeZone("America/New_York")
def summer = new Date(1720108800000)
println summer.format("yyyy-MM-dd HH:mm zzz", tz)
println summer.format("HH:mm", TimeZone.getTimeZone("Europe/London"))
//> 2024-07-04 12:00 EDT
//> 17:00

//# milliseconds and 12-hour clock
def d = new Date(1709649015123)
println d.format("HH:mm:ss.SSS")
println d.format("hh:mm a")
println new Date(0).format("h a")
//> 14:30:15.123
//> 02:30 PM
//> 12 AM

//# SimpleDateFormat
def f = new java.text.SimpleDateFormat("yyyy-MM-dd HH:mm")
f.setTimeZone(TimeZone.getTimeZone("America/Chicago"))
println f.format(new Date(1709649015123))
def p = f.parse("2024-03-05 08:30")
println p.time
//> 2024-03-05 08:30
//> 1709649000000

//# SimpleDateFormat default zone
import java.text.SimpleDateFormat
def f = new SimpleDateFormat("EEE HH:mm")
println f.format(new Date(1709649015123))
//> Tue 14:30

//# Date.parse
def d = Date.parse("yyyy-MM-dd", "2024-01-15")
println d.format("dd/MM/yyyy")
println d.time
//> 15/01/2024
//> 1705276800000

//# parse ISO 8601 with offset
def f = new java.text.SimpleDateFormat("yyyy-MM-dd'T'HH:mm:ss.SSSZ")
def d = f.parse("2024-03-05T10:00:00.000-0500")
println d.time
//> 1709650800000

//# date arithmetic in days
def d = new Date(1709649015123)
def tomorrow = d + 1
println tomorrow.format("yyyy-MM-dd")
println((d - 5).format("yyyy-MM-dd"))
println tomorrow - d
println d < tomorrow
println tomorrow.after(d)
println d.before(tomorrow)
//> 2024-03-06
//> 2024-02-29
//> 1
//> true
//> true
//> true

//# time arithmetic with milliseconds
def d = new Date(1709649015123)
def later = new Date(d.time + 60 * 60 * 1000)
println later.format("HH:mm")
println later.time - d.time
//> 15:30
//> 3600000

//# TimeCategory durations
use (groovy.time.TimeCategory) {
    def d = new Date(1709649015123)
    println((d + 5.minutes).format("HH:mm:ss"))
    println((d - 2.hours).format("HH:mm"))
    println((d + 1.day).format("yyyy-MM-dd"))
    println((d + 1.month).format("yyyy-MM-dd"))
}
//> 14:35:15
//> 12:30
//> 2024-03-06
//> 2024-04-05

//# Calendar fields
def cal = Calendar.getInstance(TimeZone.getTimeZone("UTC"))
cal.setTime(new Date(1709649015123))
println cal.get(Calendar.YEAR)
println cal.get(Calendar.MONTH)
println cal.get(Calendar.DAY_OF_WEEK)
println cal.get(Calendar.HOUR_OF_DAY)
cal.add(Calendar.DATE, 30)
println cal.time.format("yyyy-MM-dd")
cal.set(Calendar.HOUR_OF_DAY, 0)
println cal.time.format("HH:mm:ss")
//> 2024
//> 2
//> 3
//> 14
//> 2024-04-04
//> 00:30:15

//# time zone information
def tz = TimeZone.getTimeZone("America/New_York")
println tz.ID
println tz.rawOffset
println TimeZone.getTimeZone("Bogus/Zone").ID
println TimeZone.getTimeZone("UTC").rawOffset
//> America/New_York
//> -18000000
//> GMT
//> 0

//# comparing dates
def a = new Date(1000)
def b = new Date(2000)
println a < b
println a.compareTo(b)
println([b, a].min().time)
println a == new Date(1000)
//> true
//> -1
//> 1000
//> true

//# clearTime
def d = new Date(1709649015123)
println d.clearTime().format("yyyy-MM-dd HH:mm:ss.SSS")
//> 2024-03-05 00:00:00.000

//# epoch formatting
println new Date(0).format("yyyy-MM-dd HH:mm:ss", TimeZone.getTimeZone("UTC"))
println new Date(0).format("yyyy-MM-dd HH:mm", TimeZone.getTimeZone("Asia/Tokyo"))
//> 1970-01-01 00:00:00
//> 1970-01-01 09:00

//# quoted literals in patterns
def d = new Date(1709649015123)
println d.format("'Day' d 'of' MMMM, ''yy")
//> Day 5 of March, '24

//# String.format with dates
def d = new Date(1709649015123)
println String.format('%tF %<tT', d)
println String.format('%tY/%<tm/%<td', d)
//> 2024-03-05 14:30:15
//> 2024/03/05
//# new Date from fields (deprecated constructors)
println new Date(120, 0, 31).time
println new Date(120, 0, 31, 10, 5).time
println new Date(120, 0, 31, 10, 5, 7).time
println new Date(124, 1, 30).format("yyyy-MM-dd")
println new Date(124, 13, 1).format("yyyy-MM-dd")
//> 1580428800000
//> 1580465100000
//> 1580465107000
//> 2024-03-01
//> 2025-02-01

//# new Date(String) and Date.parse(String)
println new Date("Sat, 12 Aug 1995 13:30:00 GMT").time
println new Date("12 Aug 1995 13:30:00 -0400").time
println new Date("August 12, 1995 1:30 PM").time
println new Date("8/12/1995").time
println new Date("8/12/95 13:30:15 EST").time
println new Date("Tue Mar 05 14:30:15 UTC 2024").time
println Date.parse("Sat, 12 Aug 1995 13:30:00 GMT+0130")
println Date.parse("Sat, 12 Aug 1995 13:30:00 GMT+0130").getClass().name
//> 808234200000
//> 808248600000
//> 808234200000
//> 808185600000
//> 808252215000
//> 1709649015000
//> 808228800000
//> java.lang.Long

//# new Date(String) refuses other forms
try { new Date("2024-03-05") } catch (IllegalArgumentException e) { println "IAE " + e.message }
try { new Date("hello") } catch (IllegalArgumentException e) { println "IAE " + e.message }
try { Date.parse("12:30") } catch (IllegalArgumentException e) { println "IAE" }
//> IAE null
//> IAE null
//> IAE

//# static Date.parse called on an instance
def d = new Date(0).parse("yyyy-MM-dd'T'HH:mm:ss.SSSZ", "2026-01-05T17:00:00.000+0100")
println d.time
println new Date(0).parse("d-M-yyyy H:m", "5-1-2026 9:7").format("yyyy-MM-dd HH:mm")
try { new Date(0).parse("yyyy-MM-dd'T'HH:mm:ss.SSSZ", "15:00") } catch (java.text.ParseException e) { println e.message }
//> 1767628800000
//> 2026-01-05 09:07
//> Unparseable date: "15:00"

//# date plus, minus, next, previous
def d = new Date(1709649015123)
println((d + 1).format("yyyy-MM-dd HH:mm"))
println d.plus(30).format("yyyy-MM-dd")
println d.minus(5).format("yyyy-MM-dd")
println d - new Date(1709649015123 - 3 * 86400000L)
println d.minus(new Date(0))
println d.next().format("yyyy-MM-dd")
println d.previous().format("yyyy-MM-dd")
def e = d
e++
println e.format("yyyy-MM-dd")
//> 2024-03-06 14:30
//> 2024-04-04
//> 2024-02-29
//> 3
//> 19787
//> 2024-03-06
//> 2024-03-04
//> 2024-03-06

//# Date plus with a String or a double is missing
def d = new Date(0)
try { d + ':' } catch (MissingMethodException e) { println e.message.readLines()[0] }
try { d.plus(1.5) } catch (MissingMethodException e) { println e.message.readLines()[0] }
//> No signature of method: java.util.Date.plus() is applicable for argument types: (java.lang.String) values: [:]
//> No signature of method: java.util.Date.plus() is applicable for argument types: (java.math.BigDecimal) values: [1.5]

//# clearTime changes the date in place
def d = new Date(1709649015123)
def r = d.clearTime()
println d.time
println r.time
def m = [when: new Date(1709649015123)]
m.when.clearTime()
println m.when.format("yyyy-MM-dd HH:mm:ss.SSS")
def l = [new Date(1709649015123)]
l[0].setHours(3)
println l[0].format("HH:mm:ss.SSS")
//> 1709596800000
//> 1709596800000
//> 2024-03-05 00:00:00.000
//> 03:30:15.123

//# date properties and script variables change in place
g = new Date(0)
g.setTime(5000)
println g.time
g.time = 6000
println g.time
g.hours = 3
println g.time
def e = new Date(0)
e.time += 1000
println e.time
def m = [when: new Date(0)]
m.when.time = 11000
println m.when.time
//> 5000
//> 6000
//> 10806000
//> 1000
//> 11000

//# deprecated setters are lenient
def d = new Date(1709649015123)
d.setMinutes(-5)
println d.format("yyyy-MM-dd HH:mm:ss")
d.setDate(0)
println d.format("yyyy-MM-dd HH:mm:ss")
d.setMonth(12)
println d.format("yyyy-MM-dd HH:mm:ss")
d.setYear(100)
println d.format("yyyy-MM-dd HH:mm:ss")
d.setTime(0)
println d.time
//> 2024-03-05 13:55:15
//> 2024-02-29 13:55:15
//> 2025-01-29 13:55:15
//> 2000-01-29 13:55:15
//> 0

//# named-argument Date constructor
def now = new Date()
def d = new Date(hours: now.hours - 3, minutes: 0)
println d.time - now.time
def e = new Date(minutes: now.minutes - 5)
println e.time - now.time
def t = new Date(time: 86400000L)
println t.time
try { new Date(bogus: 1) } catch (MissingPropertyException x) { println x.message.readLines()[0] }
//> -12600000
//> -300000
//> 86400000
//> No such property: bogus for class: java.util.Date

//# before, after and compareTo
def a = new Date(1000)
def b = new Date(2000)
println([a.before(b), a.after(b), a.compareTo(b), b.compareTo(a), a.compareTo(new Date(1000)), a < b, a == new Date(1000)])
//> [true, false, -1, 1, 0, true, true]

//# date fields by subscript
def d = new Date(1709649015123)
println([d[Calendar.YEAR], d[Calendar.MONTH], d[Calendar.DAY_OF_MONTH], d[Calendar.HOUR_OF_DAY], d[Calendar.DAY_OF_WEEK]])
// Java 8's SHORT date and MEDIUM time, as SmartThings ran (JDK 9+ print "3/5/24, 2:30:15 PM").
println d.getDateTimeString()
//> [2024, 2, 5, 14, 3]
//> 3/5/24 2:30:15 PM

//# toTimestamp and getTime
def d = new Date(1709649015123)
println d.toTimestamp().time
println d.getTime()
println d.time.getClass().name
//> 1709649015123
//> 1709649015123
//> java.lang.Long

//# upto and downto over days, TimeCategory date difference
def days = []
new Date(0).upto(new Date(0) + 2) { days << it.format("MM-dd") }
(new Date(0) + 1).downto(new Date(0)) { days << it.format("dd") }
println days
use(groovy.time.TimeCategory) {
    def d = new Date(90061001L) - new Date(0)
    println([d.days, d.hours, d.minutes, d.seconds, d.toMilliseconds()])
}
//> [01-01, 01-02, 01-03, 02, 01]
//> [1, 1, 1, 1, 90061001]

//# GregorianCalendar from fields
def c = new GregorianCalendar(2020, 0, 31)
println c.timeInMillis
println new GregorianCalendar(2020, 0, 31, 10, 5, 7).time.time
//> 1580428800000
//> 1580465107000

//# TimeZone.setDefault changes what formatting without a zone uses
println new Date(0).format("HH:mm")
TimeZone.setDefault(TimeZone.getTimeZone("Asia/Tokyo"))
println TimeZone.getDefault().ID
println new Date(0).format("HH:mm")
//> 00:00
//> Asia/Tokyo
//> 09:00

//# Java's old three-letter zone ids stand for their regions (EST, MST, HST are fixed offsets)
def d = new Date(1720000000000L)
["PST", "CST", "AST", "IST", "JST", "ECT", "AET", "EST", "MST", "XYZ"].each { id ->
    def z = TimeZone.getTimeZone(id)
    println "$id ${z.rawOffset} ${d.format('yyyy-MM-dd HH:mm z', z)}"
}
//> PST -28800000 2024-07-03 02:46 PDT
//> CST -21600000 2024-07-03 04:46 CDT
//> AST -32400000 2024-07-03 01:46 AKDT
//> IST 19800000 2024-07-03 15:16 IST
//> JST 32400000 2024-07-03 18:46 JST
//> ECT 3600000 2024-07-03 11:46 CEST
//> AET 36000000 2024-07-03 19:46 AEST
//> EST -18000000 2024-07-03 04:46 EST
//> MST -25200000 2024-07-03 02:46 MST
//> XYZ 0 2024-07-03 09:46 GMT

//# TimeCategory durations print with three decimals of seconds
import groovy.time.*
def d = new Date(1710000000000)
use(TimeCategory) {
  println 10.seconds
  println 2.hours + 5.seconds
  println((d + 3.days + 4.seconds) - d)
  println((d + 1500.milliseconds) - d)
}
//> 10.000 seconds
//> 2 hours, 5.000 seconds
//> 3 days, 4.000 seconds
//> 1.500 seconds

//# TimeCategory durations compare by their milliseconds
import groovy.time.*
def last = new Date(1710000000000)
def now = new Date(1710000000000 + 45 * 60000)
use(TimeCategory) {
  def t = { c -> try { println c() } catch (e) { println "EXC ${e.getClass().simpleName}: ${e.message}" } }
  t { (now - last) > 30.minutes }
  t { (now - last) < 1.hour }
  t { (now - last).compareTo(30.minutes) }
  t { [2.hours, 30.minutes, 1.day].max() }
  t { (now - last) == 45.minutes }
}
//> true
//> true
//> 1
//> 1 days
//> true

//# the difference of an earlier and a later date has negative fields
import groovy.time.*
def a = new Date(1710000000000)
def b = new Date(1710000000000 + 3723004)
use(TimeCategory) {
  println(a - b)
  println((a - b).hours)
  println(2.days - 3.hours)
}
//> -1 hours, -2 minutes, -3.004 seconds
//> -1
//> 2 days, -3 hours

//# TimeCategory durations keep their fields as given
import groovy.time.*
def d = new Date(1710000000000)
use(TimeCategory) {
  println 14.months
  println 1.year
  println 90.minutes
  println 90.minutes.hours + " " + 90.minutes.minutes
  println 2.hours == 120.minutes
  println([3.days, 2.hours, 90.minutes, 1.week].sort())
  println d + 1.month + 2.days
  println((d - 3.hours) - d)
  println 1.hour + 30.minutes
  println 2.days - 3.hours
  println 1500.milliseconds
  println((d - (d + 500.milliseconds)))
  println 0.seconds
  def x = (d + 2.hours) - d
  println "${x.days} ${x.hours} ${x.minutes} ${x.seconds} ${x.toMilliseconds()}"
}
//> 14 months
//> 1 years
//> 90 minutes
//> 0 90
//> true
//> [90 minutes, 2 hours, 3 days, 7 days]
//> Thu Apr 11 16:00:00 UTC 2024
//> -3 hours
//> 1 hours, 30 minutes
//> 2 days, -3 hours
//> 1.500 seconds
//> -0.500 seconds
//> 0
//> 0 2 0 0 7200000

//# new Date of a decimal number of milliseconds finds no constructor
def t = { String lab, Closure c -> try { def r = c(); println "$lab: $r" } catch (e) { println "$lab: EXC ${e.getClass().simpleName}: ${e.message?.readLines()?.first()}" } }
def d = new Date(1710000000000)
t('bd') { new Date(d.time + 1.5 * 60000).time }
t('dbl') { new Date(d.time + 1.5d * 60000).time }
t('int-div') { new Date(d.time + 90 / 2 * 1000).time }
t('long') { new Date(d.time + 90000L).time }
t('now-plus-bd') { def delay = '1.5'.toBigDecimal(); new Date(1710000000000 + delay * 60 * 1000).time }
//> bd: EXC GroovyRuntimeException: Could not find matching constructor for: java.util.Date(java.math.BigDecimal)
//> dbl: EXC GroovyRuntimeException: Could not find matching constructor for: java.util.Date(java.lang.Double)
//> int-div: EXC GroovyRuntimeException: Could not find matching constructor for: java.util.Date(java.math.BigDecimal)
//> long: 1710000090000
//> now-plus-bd: EXC GroovyRuntimeException: Could not find matching constructor for: java.util.Date(java.math.BigDecimal)

//# zone abbreviations parse as Java's fixed offsets, summer and winter
['CET','CEST','WET','WEST','EET','EEST','BST','MET','MEST','AKST','AKDT','HST','HDT','AST','ADT','NST','NDT','JST','AEST','AEDT','ACST','AWST','NZST','NZDT','MSK','HKT','SGT','KST','IST','GMT','UTC','EST','PDT'].each { a ->
  ['2024-07-01 12:00', '2024-01-15 12:00'].each { t ->
    try { print "$a ${t[5..6]} -> " + new Date(Date.parse('yyyy-MM-dd HH:mm z', "$t $a").time).format('HH:mm', TimeZone.getTimeZone('UTC')) + 'Z; ' } catch (e) { print "$a -> EXC; " }
  }
  println ''
}
//> CET 07 -> 11:00Z; CET 01 -> 11:00Z; 
//> CEST 07 -> 10:00Z; CEST 01 -> 10:00Z; 
//> WET 07 -> 12:00Z; WET 01 -> 12:00Z; 
//> WEST 07 -> 11:00Z; WEST 01 -> 11:00Z; 
//> EET 07 -> 10:00Z; EET 01 -> 10:00Z; 
//> EEST 07 -> 09:00Z; EEST 01 -> 09:00Z; 
//> BST 07 -> 11:00Z; BST 01 -> 11:00Z; 
//> MET 07 -> 11:00Z; MET 01 -> 11:00Z; 
//> MEST 07 -> 10:00Z; MEST 01 -> 10:00Z; 
//> AKST 07 -> 21:00Z; AKST 01 -> 21:00Z; 
//> AKDT 07 -> 20:00Z; AKDT 01 -> 20:00Z; 
//> HST 07 -> 22:00Z; HST 01 -> 22:00Z; 
//> HDT 07 -> 22:00Z; HDT 01 -> 22:00Z; 
//> AST 07 -> 16:00Z; AST 01 -> 16:00Z; 
//> ADT 07 -> 15:00Z; ADT 01 -> 15:00Z; 
//> NST 07 -> 15:30Z; NST 01 -> 15:30Z; 
//> NDT 07 -> 14:30Z; NDT 01 -> 14:30Z; 
//> JST 07 -> 03:00Z; JST 01 -> 03:00Z; 
//> AEST 07 -> 02:00Z; AEST 01 -> 02:00Z; 
//> AEDT 07 -> 01:00Z; AEDT 01 -> 01:00Z; 
//> ACST 07 -> 02:30Z; ACST 01 -> 02:30Z; 
//> AWST 07 -> 04:00Z; AWST 01 -> 04:00Z; 
//> NZST 07 -> 00:00Z; NZST 01 -> 00:00Z; 
//> NZDT 07 -> 23:00Z; NZDT 01 -> 23:00Z; 
//> MSK 07 -> 09:00Z; MSK 01 -> 09:00Z; 
//> HKT 07 -> 04:00Z; HKT 01 -> 04:00Z; 
//> SGT 07 -> 04:00Z; SGT 01 -> 04:00Z; 
//> KST 07 -> 03:00Z; KST 01 -> 03:00Z; 
//> IST 07 -> 10:00Z; IST 01 -> 10:00Z; 
//> GMT 07 -> 12:00Z; GMT 01 -> 12:00Z; 
//> UTC 07 -> 12:00Z; UTC 01 -> 12:00Z; 
//> EST 07 -> 17:00Z; EST 01 -> 17:00Z; 
//> PDT 07 -> 19:00Z; PDT 01 -> 19:00Z; 

//# a date formatted in Berlin's summer time parses back
['CET', 'CEST', 'BST', 'WET', 'EEST', 'AKDT', 'AKST', 'HDT', 'ADT', 'AST', 'EDT'].each { a ->
  try { println "$a -> " + new Date(Date.parse('yyyy-MM-dd HH:mm z', "2024-07-01 12:00 $a").time).format('HH:mm', TimeZone.getTimeZone('UTC')) + 'Z' } catch (e) { println "$a -> EXC ${e.getClass().simpleName}" }
}
def d = new Date(1711853869469L)
def s = d.format('EEE MMM dd HH:mm:ss z yyyy', TimeZone.getTimeZone('Europe/Berlin'))
println s
try { println Date.parse('EEE MMM dd HH:mm:ss z yyyy', s).time } catch (e) { println "EXC ${e.getClass().simpleName}" }
//> CET -> 11:00Z
//> CEST -> 10:00Z
//> BST -> 11:00Z
//> WET -> 12:00Z
//> EEST -> 09:00Z
//> AKDT -> 20:00Z
//> AKST -> 21:00Z
//> HDT -> 22:00Z
//> ADT -> 15:00Z
//> AST -> 16:00Z
//> EDT -> 16:00Z
//> Sun Mar 31 04:57:49 CEST 2024
//> 1711853869000

//# a null time zone is Java's NullPointerException; getTimeZone(null) is ambiguous
def tz = null
try { TimeZone.getTimeZone(tz) } catch (e) { println e.message }
try { new Date(0).format('HH:mm', tz) } catch (e) { println e.getClass().name }
try { Date.parse('HH:mm', '10:00', tz) } catch (e) { println e.getClass().name }
//> Ambiguous method overloading for method java.util.TimeZone#getTimeZone.
//> Cannot resolve which method to invoke for [null] due to overlapping prototypes between:
//> 	[class java.lang.String]
//> 	[class java.time.ZoneId]
//> java.lang.NullPointerException
//> java.lang.NullPointerException

//# Calendar getActualMinimum and getActualMaximum of the day, month and time fields
[1709649015123L, 1706745600000L, 1738368000000L, 1735603200000L].each { ms ->
  def c = Calendar.getInstance(TimeZone.getTimeZone('UTC'))
  c.setTimeInMillis(ms)
  println([Calendar.DAY_OF_MONTH, Calendar.DAY_OF_YEAR, Calendar.MONTH, Calendar.DAY_OF_WEEK, Calendar.HOUR_OF_DAY, Calendar.MINUTE, Calendar.AM_PM].collect { "${c.getActualMinimum(it)}-${c.getActualMaximum(it)}" }.join(' '))
}
//> 1-31 1-366 0-11 1-7 0-23 0-59 0-1
//> 1-29 1-366 0-11 1-7 0-23 0-59 0-1
//> 1-28 1-365 0-11 1-7 0-23 0-59 0-1
//> 1-31 1-366 0-11 1-7 0-23 0-59 0-1
