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
