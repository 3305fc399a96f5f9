//# JsonSlurper
def json = new groovy.json.JsonSlurper().parseText('{"a": 1, "b": [true, null, 2.5], "c": {"d": "e"}}')
println json.a
println json.b
println json.c.d
println json.b[2].getClass().name
println json.a.getClass().name
//> 1
//> [true, null, 2.5]
//> e
//> java.math.BigDecimal
//> java.lang.Integer

//# JsonSlurper imported
import groovy.json.JsonSlurper
def data = new JsonSlurper().parseText('[{"id": 1, "on": false}, {"id": 2, "on": true}]')
println data.size()
println data.findAll { it.on }*.id
println data[0]
//> 2
//> [2]
//> [id:1, on:false]

//# JsonOutput
import groovy.json.JsonOutput
println JsonOutput.toJson([a: 1, b: [1, 2], c: "x\"y", d: null])
println JsonOutput.toJson([1, "two", true])
println JsonOutput.toJson("plain")
println JsonOutput.toJson([:])
//> {"a":1,"b":[1,2],"c":"x\"y","d":null}
//> [1,"two",true]
//> "plain"
//> {}

//# JsonOutput prettyPrint
println groovy.json.JsonOutput.prettyPrint('{"a":1,"b":[1,2]}')
//> {
//>     "a": 1,
//>     "b": [
//>         1,
//>         2
//>     ]
//> }

//# JSON round trip
import groovy.json.*
def text = JsonOutput.toJson([name: "lamp", level: 50, tags: ["a", "b"]])
def back = new JsonSlurper().parseText(text)
println back.name
println back.level + 1
println back.tags.join("+")
//> lamp
//> 51
//> a+b

//# malformed JSON raises
try {
    new groovy.json.JsonSlurper().parseText('{"a": ')
} catch (e) {
    println "bad json"
}
//> bad json

//# JsonBuilder
def b = new groovy.json.JsonBuilder([a: 1, b: [2, 3], c: "x"])
println b.toString()
println "body: ${b}"
def e = new groovy.json.JsonBuilder()
e([on: true])
println e
println e.content
println new groovy.json.JsonBuilder([1, 2]).toPrettyString()
//> {"a":1,"b":[2,3],"c":"x"}
//> body: {"a":1,"b":[2,3],"c":"x"}
//> {"on":true}
//> [on:true]
//> [
//>     1,
//>     2
//> ]

//# a JsonOutput instance answers its static methods
def out = new groovy.json.JsonOutput()
println out.toJson([a: 1, b: [true, null]])
//> {"a":1,"b":[true,null]}

//# JsonSlurper objects come in key order (a LazyMap over a TreeMap), the last of a repeated key wins
def o = new groovy.json.JsonSlurper().parseText('{"b": 1, "a": {"y": 1, "x": 2}, "B": 3, "b": 4, "é": 5}')
println o
println o.keySet()
println groovy.json.JsonOutput.toJson(o)
//> [B:3, a:[x:2, y:1], b:4, é:5]
//> [B, a, b, é]
//> {"B":3,"a":{"x":2,"y":1},"b":4,"\u00e9":5}

//# JsonOutput escapes every character outside printable ASCII, by UTF-16 unit
println groovy.json.JsonOutput.toJson(["a/b": "x\ny\t\"\\\u0001 \u007e\u007fZürich€😀"])
//> {"a/b":"x\ny\t\"\\\u0001 ~\u007fZ\u00fcrich\u20ac\ud83d\ude00"}

//# JsonOutput prettyPrint opens empty containers on lines of their own
println groovy.json.JsonOutput.prettyPrint('{"a":{},"b":[],"c":{"d":[[]]}}')
//> {
//>     "a": {
//>         
//>     },
//>     "b": [
//>         
//>     ],
//>     "c": {
//>         "d": [
//>             [
//>                 
//>             ]
//>         ]
//>     }
//> }

//# JsonSlurper refuses a null or empty text and reads the first value of a text
import groovy.json.*
['', null, '   ', '{bad', '<html>', 'null', '[1,]', '{"a":1}}', 'true false'].each { txt ->
  try { def r = new JsonSlurper().parseText(txt); println "${txt?.inspect()}: OK $r" }
  catch (JsonException e) { println "${txt?.inspect()}: JsonException" }
  catch (IllegalArgumentException e) { println "${txt?.inspect()}: IAE" }
  catch (Exception e) { println "${txt?.inspect()}: other ${e.getClass().name}" }
}
//> '': IAE
//> null: IAE
//> '   ': JsonException
//> '{bad': JsonException
//> '<html>': JsonException
//> 'null': OK null
//> '[1,]': JsonException
//> '{"a":1}}': OK [a:1]
//> 'true false': OK true

//# JsonOutput refuses NaN, infinities and null keys
import groovy.json.*
def t = { c -> try { println c() } catch (e) { println "EXC ${e.getClass().simpleName}: ${e.message}" } }
t { JsonOutput.toJson([v: Double.NaN]) }
t { JsonOutput.toJson([v: 1.0d / 0]) }
t { JsonOutput.toJson([(null): 1]) }
t { JsonOutput.toJson([1.0f / 0]) }
//> EXC JsonException: Number NaN can't be serialized as JSON: NaN are not allowed in JSON.
//> EXC JsonException: Number Infinity can't be serialized as JSON: infinite are not allowed in JSON.
//> EXC IllegalArgumentException: Maps with null keys can't be converted to JSON
//> EXC JsonException: Number Infinity can't be serialized as JSON: infinite are not allowed in JSON.

//# JsonOutput refuses them nested too
import groovy.json.*
def t = { c -> try { println c() } catch (e) { println "EXC ${e.getClass().simpleName}: ${e.message}" } }
t { JsonOutput.toJson([a: [1, [b: -1.0d / 0]]]) }
t { JsonOutput.toJson(Float.NaN) }
t { JsonOutput.toJson([a: [(null): 2]]) }
t { JsonOutput.toJson([a: 1.5d, b: [2.5f]]) }
//> EXC JsonException: Number -Infinity can't be serialized as JSON: infinite are not allowed in JSON.
//> EXC JsonException: Number NaN can't be serialized as JSON: NaN are not allowed in JSON.
//> EXC IllegalArgumentException: Maps with null keys can't be converted to JSON
//> {"a":1.5,"b":[2.5]}
