//# map basics
def m = [a: 1, b: 2]
println m
println m.a
println m["b"]
println m.get("a")
println m.c
println m.size()
println m.containsKey("a")
println m.keySet()
println m.values()
//> [a:1, b:2]
//> 1
//> 2
//> 1
//> null
//> 2
//> true
//> [a, b]
//> [1, 2]

//# map mutation
def m = [:]
m.x = 1
m["y"] = 2
m.put("z", 3)
println m
m.remove("y")
println m
m += [w: 4]
println m
println m.isEmpty()
println([:].isEmpty())
//> [x:1, y:2, z:3]
//> [x:1, z:3]
//> [x:1, z:3, w:4]
//> false
//> true

//# map iteration
def m = [a: 1, b: 2]
m.each { k, v -> print "$k$v," }
println()
m.each { e -> print e.key + e.value }
println()
println m.collect { k, v -> "$k=$v" }
println m.find { k, v -> v > 1 }
println m.findAll { it.value < 2 }
println m.any { k, v -> v == 2 }
println m.every { k, v -> v > 0 }
println m.collectEntries { k, v -> [v, k] }
println m.inject(0) { acc, e -> acc + e.value }
//> a1,b2,
//> a1b2
//> [a=1, b=2]
//> b=2
//> [a:1]
//> true
//> true
//> [1:a, 2:b]
//> 3

//# map sort and get with default
def m = [b: 2, a: 1, c: 3]
println m.sort()
println m.sort { it.value }
println m.sort { a, b -> b.value <=> a.value }
println m
println m.get("z", 9)
println m
println m.max { it.value }
println m.subMap(["a", "b"])
//> [a:1, b:2, c:3]
//> [a:1, b:2, c:3]
//> [c:3, b:2, a:1]
//> [b:2, a:1, c:3]
//> 9
//> [b:2, a:1, c:3, z:9]
//> z=9
//> [a:1, b:2]

//# map keys of several kinds
def k = "a"
def m = [(k): 1, "b c": 2, 3: "three"]
println m
println m["a"]
println m."b c"
println m[3]
//> [a:1, b c:2, 3:three]
//> 1
//> 2
//> three

//# nested state-like maps
def state = [:]
state.list = []
state.list << "x"
state.counts = [:]
state.counts.a = (state.counts.a ?: 0) + 1
state.counts.a = (state.counts.a ?: 0) + 1
println state
//> [list:[x], counts:[a:2]]

//# groupBy and countBy
def words = ["apple", "avocado", "banana"]
println words.groupBy { it[0] }
println words.countBy { it[0] }
//> [a:[apple, avocado], b:[banana]]
//> [a:2, b:1]

//# for loops over maps
def m = [x: 10, y: 20]
for (e in m) { print "${e.key}${e.value};" }
println()
for (k in m.keySet()) { print k }
println()
println m.entrySet().collect { it.key }
//> x10;y20;
//> xy
//> [x, y]

//# map equality ignores order
println([a: 1, b: 2] == [b: 2, a: 1])
println([a: 1] == [a: 1L])
println([a: [1, 2]] == [a: [1, 2]])
//> true
//> true
//> true

//# map plus and minus
def m = [a: 1, b: 2]
println m + [c: 3]
println m + [a: 9]
println m - [a: 1]
println m
//> [a:1, b:2, c:3]
//> [a:9, b:2]
//> [b:2]
//> [a:1, b:2]

//# map values sum and max
def scores = [x: 3, y: 7, z: 5]
println scores.values().sum()
println scores.values().max()
println scores.max { it.value }.key
println scores.findAll { k, v -> v > 4 }.keySet()
//> 15
//> 7
//> y
//> [y, z]

//# map with list values
def m = [:]
["a", "b", "a"].each { k -> m[k] = (m[k] ?: []) + [k] }
println m
//> [a:[a, a], b:[b]]

//# map property access on missing keys
def m = [a: null]
println m.a
println m.containsKey("a")
println m.b
println m.containsKey("b")
//> null
//> true
//> null
//> false

//# map each with index
def m = [p: 1, q: 2]
m.eachWithIndex { e, i -> print "$i${e.key}" }
println()
//> 0p1q

//# empty map literal and size
def m = [:]
println m
println m.size()
m[1] = "one"
println m
//> [:]
//> 0
//> [1:one]

//# map spread into map
def base = [a: 1]
def m = [*: base, b: 2]
println m
//> [a:1, b:2]

//# map put returns previous value
def m = [a: 1]
println m.put("a", 2)
println m.put("b", 3)
println m
//> 1
//> null
//> [a:2, b:3]

//# map in boolean context and elvis
def m = [:]
println m ? "full" : "empty"
m.k = 0
println m ? "full" : "empty"
//> empty
//> full

//# collect map values to list
def devices = [[id: 1, on: true], [id: 2, on: false], [id: 3, on: true]]
println devices.findAll { it.on }*.id
println devices.collectEntries { [it.id, it.on] }
//> [1, 3]
//> [1:true, 2:false, 3:true]

//# Java 8 map methods taking functions
def m = [a: 1, b: 2]
println m.merge("a", 5) { p, q -> p + q }
println m.merge("z", 9) { p, q -> p + q }
println m.merge("z", 0) { p, q -> null }
println m.computeIfAbsent("c") { k -> k * 2 }
println m.computeIfAbsent("a") { k -> 100 }
println m.computeIfPresent("b") { k, v -> v * 10 }
println m.computeIfPresent("q") { k, v -> 1 }
println m.compute("c") { k, v -> null }
println m.compute("n") { k, v -> v == null ? 1 : v + 1 }
println m.putIfAbsent("n", 5)
println m.replace("a", 0)
println m.replace("missing", 0)
println m.replace("b", 20, 21)
println m.getOrDefault("nothing", "x")
println m
//> 6
//> 9
//> null
//> cc
//> 6
//> 20
//> null
//> null
//> 1
//> 1
//> 6
//> null
//> true
//> x
//> [a:0, b:21, n:1]

//# map replaceAll, forEach, removeAll and retainAll with closures
def m = [a: 1, b: 2, c: 3]
m.replaceAll { k, v -> k + v }
println m
m.forEach { k, v -> print "$k=$v " }
println ""
println m.removeAll { k, v -> v == "b2" }
println m.retainAll { it.key != "a" }
println m.removeAll { false }
println m
//> [a:a1, b:b2, c:c3]
//> a=a1 b=b2 c=c3 
//> true
//> true
//> false
//> [c:c3]

//# keys compare by Java equals; a subscript turns a GString index into a String
def m = [:]
def k = "a"
m["${k}"] = 1
println m['a']
println m.containsKey("a")
println m.a
m.a = 2
println m.size()
println m
def m2 = [(1L): 'x']
println m2[1]
def m3 = ["${k}": 5]
println m3.a
println m3.keySet()[0].getClass()
def m4 = [:]
m4.put("${k}", 7)
println m4.get("a")
def m5 = [:]
m5."${k}" = 8
println m5.a
println m5.keySet()[0].getClass()
def m6 = [:]
m6[1] = 'i'; m6[1L] = 'l'
println m6
def s = ["${k}"] as Set
println s.contains("a")
def m7 = [a: 1]
println m7["${k}"]
println m7.get("${k}")
println m7.containsKey("${k}")
//> 1
//> true
//> 1
//> 1
//> [a:2]
//> null
//> null
//> class org.codehaus.groovy.runtime.GStringImpl
//> null
//> 8
//> class java.lang.String
//> [1:i, 1:l]
//> false
//> 1
//> null
//> false

//# GString, Long and BigDecimal keys stay apart from String, Integer and other scales
def k = "a"
def m3 = ["${k}": 5]
println m3["${k}"]
println m3.get("${k}")
println m3.containsKey("${k}")
println m3.find { it.key == 'a' }?.value
def m = [:]
m << ["${k}": 1]
println m[k]
m[k] = 2
println m
println m.size()
println(m == [a: 1, a: 2])
println m.remove("a")
println m
def n = [(1): 'i']
println n.get(1L)
println n[1L]
println n.containsKey(1L)
println n.remove(1L)
println((1L) in n)
println(1 in n)
switch (1L) { case n: println 'case n'; break; default: println 'no' }
def big = [(1.0): 'd']
println big[1.00]
println big[1.0]
def lk = [([1, 2]): 'l']
println lk[[1, 2]]
println lk[[1L, 2]]
def mm = [:]
mm."${k}x" = 3
println mm.ax
println mm.getClass()
//> null
//> 5
//> true
//> 5
//> null
//> [a:1, a:2]
//> 2
//> false
//> 2
//> [a:1]
//> null
//> null
//> false
//> null
//> false
//> true
//> no
//> null
//> d
//> l
//> null
//> 3
//> class java.util.LinkedHashMap

//# map equality, merging and building with GString keys
def k = "a"
println(["a": 1] == ["${k}": 1])
println([(1): 1] == [(1L): 1])
println([a: 1] == [a: 1L])
def m = ["${k}": 1, b: 2]
println m.keySet().contains("a")
println(m + [a: 3])
println m.subMap(["a", "b"])
def g = ["x1", "y2", "x3"].groupBy { "${it[0]}" }
println g["x"]
println g.get("x")
def c = [1, 2, 3].countBy { it % 2 == 0 ? "even" : "odd" }
println c.odd
def ce = [1, 2].collectEntries { ["${it}": it * 10] }
println ce["1"]
println ce.get("1")
def ce2 = [1, 2].collectEntries { [(it): it * 10] }
println ce2[1L]
def st = [:]
st.put(k + "", 1)
println st.a
def mm = [a: 1]
mm.putAll(["${k}": 2])
println mm
println mm.size()
def t = [:]
t["${k}"] = 1
t["${k}"] += 1
println t
def cnt = [:]
["a", "b", "a"].each { cnt["${it}"] = (cnt["${it}"] ?: 0) + 1 }
println cnt
println cnt.a
//> false
//> false
//> true
//> false
//> [a:1, b:2, a:3]
//> [b:2]
//> null
//> null
//> 2
//> null
//> null
//> null
//> 1
//> [a:1, a:2]
//> 2
//> [a:2]
//> [a:2, b:1]
//> 2

//# a map entry prints with Java's toString, its map value as {k=v}
def state = [dev1: [on: true, level: 40], dev2: [on: false, tags: [1, [x: 2]]]]
state.each { println "entry: $it" }
println state.find { it.value.on }
println state.entrySet()
//> entry: dev1={on=true, level=40}
//> entry: dev2={on=false, tags=[1, {x=2}]}
//> dev1={on=true, level=40}
//> [dev1={on=true, level=40}, dev2={on=false, tags=[1, {x=2}]}]
