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
