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
