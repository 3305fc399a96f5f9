//# regex operators
println "abc123" ==~ /[a-z]+\d+/
println "abc" ==~ /\d+/
def m = "a1b22c333" =~ /\d+/
println m.count
println m[0]
println m[2]
def g = "key=value" =~ /(\w+)=(\w+)/
println g[0]
println g[0][1]
println g[0][2]
if ("hello" =~ /ll/) println "found"
//> true
//> false
//> 3
//> 1
//> 333
//> [key=value, key, value]
//> key
//> value
//> found

//# find and findAll on strings
println "a1b22".find(/\d+/)
println "a1b22".findAll(/\d+/)
println "no digits".find(/\d+/)
//> 1
//> [1, 22]
//> null

//# pattern objects
def p = ~/^\d{3}$/
println p.matcher("123").matches()
println "123" ==~ p
println "12a" ==~ p
println p.class.name
//> true
//> true
//> false
//> java.util.regex.Pattern

//# matcher groups after find
def m = "2024-03-05" =~ /(\d+)-(\d+)-(\d+)/
if (m.find()) {
    println m.group(1)
    println m.group(3)
    println m.groupCount()
}
//> 2024
//> 05
//> 3

//# split with regex
println "a1b2c3".split(/\d/)
println "  leading".split(/\s+/)
println "x|y".split(/\|/)
println "a, b,c".split(/,\s*/)
//> [a, b, c]
//> [, leading]
//> [x, y]
//> [a, b, c]

//# matches and replaceAll with classes
println "ABC-123".matches("[A-Z]+-\\d+")
println "a  b   c".replaceAll(/\s+/, " ")
println "CamelCaseString".replaceAll(/([A-Z])/, '_$1').toLowerCase()
//> true
//> a b c
//> _camel_case_string

//# slashy strings keep backslashes
def re = /\d+\.\d+/
println re
println "3.14" ==~ re
//> \d+\.\d+
//> true

//# regex in switch and grep
def kind(s) {
    switch (s) {
        case ~/\d+/: return "number"
        case ~/[a-z]+/: return "word"
        default: return "other"
    }
}
println kind("42")
println kind("abc")
println kind("A!")
println(["a1", "bb", "c3"].grep(~/.\d/))
//> number
//> word
//> other
//> [a1, c3]

//# iterate over matches
def out = []
("x=1, y=2" =~ /(\w)=(\d)/).each { all, k, v -> out << k + v }
println out
//> [x1, y2]

//# dollar-slashy and escapes in replacement
println "cost: 5".replaceAll(/(\d)/, '\\$$1')
//> cost: $5

//# Java's regex semantics: empty matches right after a match, `.` and (?m) with \r\n, ASCII \w \d \s, escaped punctuation as literals (\< is <), [\w-.], \h \R \0101 \p{javaUpperCase} \p{Lu}, named groups (Groovy 2.4.21)
def show(x) { x instanceof String ? "'" + x.replace("\r", "\\r").replace("\n", "\\n") + "'" : x.toString().replace("\r", "\\r").replace("\n", "\\n") }
println show('aaa'.replaceAll(/a*/, 'X'))
println show('aab'.findAll(/a*/))
println show('abc'.replaceAll(/x*/, '-'))
println show('a1b22c'.replaceAll(/\d*/, '#'))
println show('a,b;;c'.split(/[,;]*/).toList())
println show(('Server: hue\r\n' =~ /Server: (.*)/)[0][1])
println show(('a\rb' =~ /a.b/).find())
println show('line1\r\nline2\r\n'.findAll(/(?m)^\w+$/))
println show('x\r\ny'.findAll(/(?m)^.*$/))
println show('Café crème'.findAll(/\w+/))
println show('Straße 12'.replaceAll(/\W/, '_'))
println show('١٢٣ 456'.findAll(/\d+/))
println show('a\u00a0b'.split(/\s/).toList())
println show('x\u2003y'.findAll(/\S+/))
println show('user-name.x@host.com' ==~ /[\w-.]+@[\w.]+/)
println show('<b>hi</b> there'.replaceAll(/\<[^\>]*\>/, ''))
println show('a<b>c'.replaceAll(/\<b\>/, 'X'))
println show('x>5'.split('\\>').toList())
println show('a~b'.replaceAll(/[~]/, '*'))
println show('a:b'.replaceAll(/[[:]]/, '*'))
println show('tab\there'.replaceAll(/\h/, '_'))
println show('a\r\nb\nc'.split(/\R/).toList())
println show('A'.matches(/\0101/))
println show('Hello World'.findAll(/\p{javaUpperCase}/))
println show('Hello World'.findAll(/\p{Lu}/))
println show('Émile Zola'.findAll(/\p{Upper}/))
println show('Émile Zola'.findAll(/\p{Lu}/))
println show('E' ==~ /(?i)e/)
def m = '2024-03-15' =~ /(?<year>\d{4})-(?<month>\d{2})-(?<day>\d{2})/
m.find()
println show(m.group('month'))
println show(m.group('year'))
println show('a.b.c'.split(/\./).toList())
println show('x+y'.replaceAll(/\+/, ' plus '))
println show('p#q'.replaceAll(/\#/, '!'))
println show('1 2  3'.split(/ /).toList())
println show('one two'.replaceAll(/(\w+) (\w+)/, '$2 $1'))
println show('aXbXc'.replaceFirst(/X/, '-'))
println show('hello'.replaceAll(/l*/, '.'))
println show(('ab12cd' =~ /\d*/).collect { it })
def cnt = 0
('aaa' =~ /a*/).each { cnt++ }
println cnt
println show('a\u2028b' ==~ /a.b/)
println show('a\u0085b' ==~ /a.b/)
println show('a\nb' ==~ /(?s)a.b/)
//> 'XX'
//> [aa, , ]
//> '-a-b-c-'
//> '#a##b##c#'
//> [a, , b, , c]
//> 'hue'
//> false
//> [line1, line2]
//> [x, y]
//> [Caf, cr, me]
//> 'Stra_e_12'
//> [456]
//> [a b]
//> [x y]
//> true
//> 'hi there'
//> 'aXc'
//> [x, 5]
//> 'a*b'
//> 'a*b'
//> 'tab_here'
//> [a, b, c]
//> true
//> [H, W]
//> [H, W]
//> [Z]
//> [É, Z]
//> true
//> '03'
//> '2024'
//> [a, b, c]
//> 'x plus y'
//> 'p!q'
//> [1, 2, , 3]
//> 'two one'
//> 'a-bXc'
//> '.h.e..o.'
//> [, , 12, , , ]
//> 2
//> false
//> false
//> true

//# patterns as SmartApps write them: LAN headers, CSV, numbers, MAC and IP addresses, class intersections, (?x), atomic groups, findAll and eachMatch with closures (Groovy 2.4.21)
def t(String label, Closure c) { try { println "$label: ${c()}" } catch (e) { println "$label: ${e.getClass().simpleName}" } }
t("inter") { 'abcdefu'.findAll(/[a-z&&[^aeiou]]/) }
t("brk") { 'a]b'.findAll(/[]a]/) }
t("negbrk") { 'a]b'.findAll(/[^]a]/) }
t("hex") { 'ABC'.replaceAll(/\x41/, 'z') }
t("uni") { 'ABC'.replaceAll('\\u0042', 'z') }
t("tab") { 'a\tb'.split(/\t/).toList() }
t("igrp") { 'ABC abc'.findAll(/(?i:abc)/) }
t("ioff") { 'ABC abc'.findAll(/(?i)a(?-i)bc/) }
t("x") { 'abc'.findAll(/(?x) a b # comment
 c/) }
t("xspace") { 'a b'.findAll(/(?x)a\ b/) }
t("quant") { 'aaaa'.findAll(/a{2,3}/) }
t("pL") { 'héllo wörld'.findAll(/\p{L}+/) }
t("IsLatin") { 'abc αβγ'.findAll(/\p{IsLatin}+/) }
t("Pdigit") { 'a1b2'.findAll(/\P{Digit}/) }
t("punct") { 'a.b,c!'.findAll(/[\p{Punct}&&[^.]]/) }
t("lan") { def body = "HTTP/1.1 200 OK\r\nContent-Type: text/xml\r\nContent-Length: 42\r\n\r\n<root/>"; (body =~ /Content-Length: (\d+)/)[0][1] }
t("hdr") { "HTTP/1.1 200 OK\r\nServer: Hue/1.0\r\n".readLines().collect { (it =~ /^([^:]+):\s*(.*)$/) ? (it =~ /^([^:]+):\s*(.*)$/)[0][2] : '-' } }
t("csv") { ' a , b,c ,d'.split(/\s*,\s*/).toList() }
t("ascii") { 'Wi-Fi™ 5°'.replaceAll("[^\\x20-\\x7E]", "") }
t("digits") { 'Temp: 72.5F, Hum: 40%'.findAll(/-?\d+(\.\d+)?/) }
t("num") { '12345' ==~ /^\d+$/ }
t("word") { 'The quick brown'.replaceAll(/\b(\w)/) { it[1].toUpperCase() } }
t("ws") { '  lots   of   space  '.trim().replaceAll(/\s+/, ' ') }
t("esc") { 'a.b.c'.replace('.', '\\.') }
t("dollar") { 'cost: $5'.replaceAll(/\$(\d)/, 'USD $1') }
t("mac") { '00:1A:2b:3C:4d:5E' ==~ /(?i)^([0-9a-f]{2}:){5}[0-9a-f]{2}$/ }
t("ip") { ('ip=192.168.1.20;' =~ /(\d{1,3}(?:\.\d{1,3}){3})/)[0][1] }
t("multi") { "a=1\nb=2\nc=3".findAll(/(?m)^(\w)=(\d)$/) { m, k, v -> "$k:$v" } }
t("dotnl") { "a\nb" =~ /a.b/ ? 'y' : 'n' }
t("splitlim") { 'a:b:c:d'.split(':', 2).toList() }
t("tokenize") { 'a, b;c'.tokenize(',; ') }
t("eachMatch") { def r = []; 'x1y22z333'.eachMatch(/\d+/) { r << it }; r }
t("count") { ('banana' =~ /an/).count }
t("matches") { 'abc'.matches('a.c') }
t("find") { 'hello world'.find(/o\s?w/) }
t("findgrp") { 'key=value'.find(/(\w+)=(\w+)/) { all, k, v -> v } }
t("hash") { 'a#b'.split('#').toList() }
t("pipe") { 'a|b|c'.split('\\|').toList() }
t("caret") { 'a^b'.split('\\^').toList() }
t("star") { '2*3'.split('\\*').toList() }
t("brace") { 'a{b}c'.replaceAll('\\{|\\}', '') }
t("posix") { 'ab12'.replaceAll(/[[:digit:]]/, '#') }
t("octal") { 'A@'.findAll(/\0101|\0100/) }
t("ctrl") { 'a\u0001b'.findAll(/\cA/).size() }
t("atomic") { 'aab'.findAll(/(?>a+)b/) }
t("rep") { 'aaa'.replaceFirst(/a*?/, 'X') }
t("empty") { 'abc'.split('').toList() }
t("dash") { 'a-b_c'.findAll(/[\w-]+/) }
t("dash2") { 'a-b_c'.findAll(/[-\w]+/) }
t("dash3") { '1-2'.findAll(/[\d-]/) }
t("lt") { '<a href="x">'.findAll(/<[^>]+>/) }
//> inter: [b, c, d, f]
//> brk: [a, ]]
//> negbrk: [b]
//> hex: zBC
//> uni: AzC
//> tab: [a, b]
//> igrp: [ABC, abc]
//> ioff: [abc]
//> x: [abc]
//> xspace: [a b]
//> quant: [aaa]
//> pL: [héllo, wörld]
//> IsLatin: [abc]
//> Pdigit: [a, b]
//> punct: [,, !]
//> lan: 42
//> hdr: [-, Hue/1.0]
//> csv: [ a, b, c, d]
//> ascii: Wi-Fi 5
//> digits: [72.5, 40]
//> num: true
//> word: The Quick Brown
//> ws: lots of space
//> esc: a\.b\.c
//> dollar: cost: USD 5
//> mac: true
//> ip: 192.168.1.20
//> multi: [a:1, b:2, c:3]
//> dotnl: n
//> splitlim: [a, b:c:d]
//> tokenize: [a, b, c]
//> eachMatch: [1, 22, 333]
//> count: 2
//> matches: true
//> find: o w
//> findgrp: value
//> hash: [a, b]
//> pipe: [a, b, c]
//> caret: [a, b]
//> star: [2, 3]
//> brace: abc
//> posix: ab12
//> octal: [A, @]
//> ctrl: 1
//> atomic: [aab]
//> rep: Xaaa
//> empty: [a, b, c]
//> dash: [a-b_c]
//> dash2: [a-b_c]
//> dash3: [1, -, 2]
//> lt: [<a href="x">]

//# a replacement naming a group the pattern lacks, or ending in a lone backslash, is Java's IllegalArgumentException; null.split(regex) is an NPE, null.split(closure) two empty lists (Groovy 2.4.21)
def t(String n, Closure c) { try { println "$n: ${c()}" } catch (e) { println "$n: ${e.getClass().name}: ${e.message}" } }
t("named") { '2024-03'.replaceAll(/(?<y>\d+)-(?<m>\d+)/, '${m}/${y}') }
t("nogroup") { 'ab'.replaceAll(/(?<y>a)/, '${zz}') }
t("backslash") { 'ab'.replaceAll(/a/, 'x\\') }
t("nullsplit") { def n = null; n.split(",") }
t("nullsplitc") { def n = null; n.split { it } }
//> named: 03/2024
//> nogroup: java.lang.IllegalArgumentException: No group with name {zz}
//> backslash: java.lang.IllegalArgumentException: character to be escaped is missing
//> nullsplit: java.lang.NullPointerException: Cannot invoke method split() on null object
//> nullsplitc: [[], []]

//# $ outside (?m) also matches before a line end that ends the input, as Java's does (a LAN body ending in \n) (Groovy 2.4.21)
def show(x) { x.toString().replace("\r", "\\r").replace("\n", "\\n") }
println show("abc\n".replaceAll(/$/, "|"))
println show("abc\r\n".replaceAll(/$/, "|"))
println show("abc".replaceAll(/$/, "|"))
println show(("ab\n" =~ /b$/).find())
println show(("value 42\n" =~ /(\d+)$/)[0][1])
println show("value 42\r\n".find(/\d+$/))
println show("a 1\nb 2\n".findAll(/\d$/))
println show("a 1\nb 2\n".findAll(/(?m)\d$/))
println show("x=5\n".split(/=|$/).toList())
println show("end\n" ==~ /end$/)
println show("end" ==~ /end$/)
println show("line one\n" - ~/one$/)
println show("t\r".replaceAll(/t$/, "T"))
println show("t\n\n".replaceAll(/t$/, "T"))
println show("t\n\n".replaceAll(/$/, "|"))
println show("ab\n".replaceAll(/\s*$/, ""))
def m = "a1\n" =~ /[a-z](\d)$/
println show(m.find() ? m.group(1) : "none")
println show("cost \$5\n".replaceAll(/\$(\d)$/, "USD \$1"))
println show("abc\n".find(/c$/) { it.toUpperCase() })
//> abc|\n|
//> abc|\r\n|
//> abc|
//> true
//> 42
//> 42
//> [2]
//> [1, 2]
//> [x, 5, \n]
//> false
//> true
//> line \n
//> T\r
//> t\n\n
//> t\n|\n|
//> ab
//> 1
//> cost USD 5\n
//> C


//# a replacement naming a missing group raises nothing when nothing matches
println 'Zz'.replaceAll(/\s+/, '<$1>')
println 'abc'.replaceFirst(/x/, '$2')
println 'abc'.replaceAll(/b/, '[$0]')
//> Zz
//> abc
//> a[b]c
