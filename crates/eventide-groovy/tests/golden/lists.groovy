//# list basics
def l = [1, 2, 3]
println l.size()
println l[0]
println l[-1]
println l[5]
println l.first()
println l.last()
println l.head()
println l.tail()
println l.isEmpty()
println l.contains(2)
println l.indexOf(3)
println l.get(1)
//> 3
//> 1
//> 3
//> null
//> 1
//> 3
//> 1
//> [2, 3]
//> false
//> true
//> 2
//> 2

//# list mutation
def l = []
l.add(1)
l << 2
l += 3
l.addAll([4, 5])
println l
l.remove(0)
println l
l.removeAll { it > 3 }
println l
l.add(0, 9)
println l
l.clear()
println l
//> [1, 2, 3, 4, 5]
//> [2, 3, 4, 5]
//> [2, 3]
//> [9, 2, 3]
//> []

//# list plus and minus
println([1, 2] + [3])
println([1, 2] + 3)
println([1, 2, 2, 3] - 2)
println([1, 2, 3, 4] - [2, 4])
println([1, 2] * 2)
println([1, 2, 3].intersect([2, 3, 4]))
//> [1, 2, 3]
//> [1, 2, 3]
//> [1, 3]
//> [1, 3]
//> [1, 2, 1, 2]
//> [2, 3]

//# each collect find findAll
def l = [1, 2, 3, 4]
l.each { print it }
println()
l.eachWithIndex { v, i -> print "$i:$v," }
println()
println l.collect { it * it }
println l.find { it > 2 }
println l.find { it > 10 }
println l.findAll { it % 2 == 0 }
println l.findIndexOf { it == 3 }
println l.any { it > 3 }
println l.every { it > 0 }
println l.count { it > 1 }
println l.count(2)
//> 1234
//> 0:1,1:2,2:3,3:4,
//> [1, 4, 9, 16]
//> 3
//> null
//> [2, 4]
//> 2
//> true
//> true
//> 3
//> 1

//# sort mutates the list
def l = [3, 1, 2]
def s = l.sort()
println l
println s.is(l)
def names = ["bob", "Al", "carla"]
names.sort { it.size() }
println names
names.sort { a, b -> b <=> a }
println names
def orig = [3, 1, 2]
println orig.sort(false)
println orig
//> [1, 2, 3]
//> true
//> [Al, bob, carla]
//> [carla, bob, Al]
//> [1, 2, 3]
//> [3, 1, 2]

//# unique mutates the list
def l = [1, 2, 1, 3, 2]
l.unique()
println l
println([1, 2, 3, 4].unique { it % 2 })
println([3, 3, 1].unique(false))
//> [1, 2, 3]
//> [1, 2]
//> [3, 1]

//# join sum max min
println([1, 2, 3].join("-"))
println([1, 2, 3].sum())
println([].sum())
println([1.5, 2.5].sum())
println(["a", "b"].sum())
println([5, 3, 9].max())
println(["bb", "a", "ccc"].max { it.size() })
println([10, 20].sum(5))
println([5, 3, 9].min())
println([[1, 2], [3]].sum())
//> 1-2-3
//> 6
//> null
//> 4.0
//> ab
//> 9
//> ccc
//> 35
//> 3
//> [1, 2, 3]

//# inject groupBy collectEntries
println([1, 2, 3].inject(0) { acc, v -> acc + v })
println([1, 2, 3, 4].groupBy { it % 2 == 0 ? "even" : "odd" })
println(["a", "bb"].collectEntries { [it, it.size()] })
println([1, 2, 3].inject { a, b -> a * b })
println([1, 2, 3].inject("") { acc, v -> acc + v })
//> 6
//> [odd:[1, 3], even:[2, 4]]
//> [a:1, bb:2]
//> 6
//> 123

//# flatten reverse take drop
println([1, [2, [3, 4]]].flatten())
println([1, 2, 3].reverse())
println([1, 2, 3, 4].take(2))
println([1, 2, 3, 4].drop(2))
println([1, 2, 3, 4].subList(1, 3))
println([1, 2, 3, 4][1..2])
println([1, 2, 3, 4][-2..-1])
println([1, 2, 3].take(5))
//> [1, 2, 3, 4]
//> [3, 2, 1]
//> [1, 2]
//> [3, 4]
//> [2, 3]
//> [2, 3]
//> [3, 4]
//> [1, 2, 3]

//# assignment beyond the end pads with null
def l = [1]
l[3] = 4
println l
l[-1] = 5
println l
//> [1, null, null, 4]
//> [1, null, null, 5]

//# spread operator
def people = [[name: "a", age: 1], [name: "b", age: 2]]
println people*.name
println people.name
println people*.age.sum()
println(["a", "b"]*.toUpperCase())
println([[1, 2], [3]]*.size())
//> [a, b]
//> [a, b]
//> 3
//> [A, B]
//> [2, 1]

//# ranges
def r = 1..5
println r
println r.size()
println r.contains(3)
println((1..<5).toList())
println((5..1).toList())
println r.collect { it * 2 }
println r.sum()
println((1..10).step(3))
println r.from + r.to
println(5..1)
println((1..<4).size())
//> [1, 2, 3, 4, 5]
//> 5
//> true
//> [1, 2, 3, 4]
//> [5, 4, 3, 2, 1]
//> [2, 4, 6, 8, 10]
//> 15
//> [1, 4, 7, 10]
//> 6
//> [5, 4, 3, 2, 1]
//> 3

//# list of lists and nested collect
def grid = [[1, 2], [3, 4]]
println grid[1][0]
println grid.collect { row -> row.sum() }
println grid.flatten().max()
//> 3
//> [3, 7]
//> 4

//# list equality and contains with nested values
def l = [[a: 1], [a: 2]]
println l.contains([a: 2])
println l.find { it.a == 2 }
println l.indexOf([a: 1])
//> true
//> [a:2]
//> 0

//# first and last on empty list
try {
    [].first()
} catch (NoSuchElementException e) {
    println "empty"
}
//> empty

//# findAll with index and collect with index
def l = ["a", "b", "c"]
def out = []
l.eachWithIndex { v, i -> if (i != 1) out << v }
println out
println l.withIndex().collect { v, i -> "$i$v" }
//> [a, c]
//> [0a, 1b, 2c]

//# list remove by value and index
def l = ["x", "y", "z"]
l.remove("y")
println l
l.remove(0)
println l
//> [x, z]
//> [z]

//# every and any on empty
println([].every { it > 1 })
println([].any { it > 1 })
println([].find { true })
println([].findAll { true })
//> true
//> false
//> null
//> []

//# collect on ranges and maps of lists
println((1..3).collect { it * it })
println((1..3).findAll { it != 2 })
println((1..4).inject(0) { a, b -> a + b })
//> [1, 4, 9]
//> [1, 3]
//> 10

//# list toString with nested values
println([1, "two", [3], [four: 4], null, 2.5])
//> [1, two, [3], [four:4], null, 2.5]

//# for loop over list modifies external
def total = 0
for (x in [1, 2, 3]) { total += x }
println total
//> 6

//# list as stack
def stack = [1, 2]
stack.push(3)
println stack
println stack.pop()
println stack
//> [1, 2, 3]
//> 3
//> [1, 2]

//# containsAll disjoint
println([1, 2, 3].containsAll([1, 3]))
println([1, 2].disjoint([3, 4]))
println([1, 2].disjoint([2, 4]))
//> true
//> true
//> false

//# sort numbers of mixed types
println([3, 1.5, 2L, 0.5d].sort())
//> [0.5, 1.5, 2, 3]

//# sort strings and by multiple keys
def people = [[n: "b", a: 2], [n: "a", a: 2], [n: "c", a: 1]]
println people.sort { a, b -> a.a <=> b.a ?: a.n <=> b.n }*.n
//> [c, a, b]

//# unique on maps by key
def l = [[id: 1], [id: 2], [id: 1]]
println l.unique { it.id }
//> [[id:1], [id:2]]

//# list size after addAll of range
def l = []
l.addAll(1..3)
println l
println l.size()
//> [1, 2, 3]
//> 3

//# collectMany and findResult
println([1, 2].collectMany { [it, it * 10] })
println([1, 2, 3].findResult { it > 1 ? it * 100 : null })
//> [1, 10, 2, 20]
//> 200

//# grep
println([1, "a", 2.5, "b"].grep(String))
println([1, 5, 10].grep(2..6))
//> [a, b]
//> [5]

//# collate with a step and toListString
println([1, 2, 3, 4, 5].collate(2, 1))
println([1, 2, 3, 4, 5].collate(2, 1, false))
println([1, 2, 3, 4, 5].collate(2, false))
println([1, 2, 3].toListString())
//> [[1, 2], [2, 3], [3, 4], [4, 5], [5]]
//> [[1, 2], [2, 3], [3, 4], [4, 5]]
//> [[1, 2], [3, 4]]
//> [1, 2, 3]

//# a list as a queue: `as Queue` copies; poll, offer, peek and the deque methods
def samples = [1, 2, 3]
def q = samples as Queue
q.offer(4)
println q.poll()
println q.peek()
println samples
println q
q.addFirst(0)
q.offerLast(9)
println q.removeFirst()
println q.pollLast()
println q.getLast()
println([].poll())
println([].peek())
try { [].element() } catch (java.util.NoSuchElementException e) { println "empty" }
def d = new LinkedList([5, 6])
println d.remove()
println d
//> 1
//> 2
//> [1, 2, 3]
//> [2, 3, 4]
//> 0
//> 9
//> 4
//> null
//> null
//> empty
//> 5
//> [6]

//# clone() copies a list or a map (shallowly)
def l = [1, [2]]
def c = l.clone()
c << 3
c[1] << 4
println l
println c
def m = [a: 1]
def n = m.clone()
n.b = 2
println m
println n
//> [1, [2, 4]]
//> [1, [2, 4], 3]
//> [a:1]
//> [a:1, b:2]

//# list replaceAll and forEach
def l = [1, 2, 3]
l.replaceAll { it * 10 }
println l
def seen = []
println l.forEach { seen << it + 1 }
println seen
//> [10, 20, 30]
//> null
//> [11, 21, 31]

//# JDK collection methods and in/switch on a collection use Java equals; Groovy's operators use ==
def x = "a"
def g = "${x}"
def names = ["a", "b"]
println names.contains(g)
println (g in names)
println names.indexOf(g)
println ([g].contains("a"))
println ([1, 2].contains(1L))
println ([1L, 2L].contains(1))
println ([1.0].contains(1.00))
println (1L in [1, 2])
println ([1, 2].indexOf(2L))
println ([1, 2, 3].lastIndexOf(2L))
println ([1, 2, 3].containsAll([2L]))
println ([[1]].contains([1L]))
println ([[a: 1]].contains([a: 1]))
println ([a: 1].containsValue(1L))
def l = [1, 2, 3]; println l.remove((Object) 2L); println l
def r = [1, 2, 3]; println r.removeAll([2L]); println r
def k = [1, 2, 3]; println k.retainAll([2L]); println k
switch (2L) { case [1, 2, 3]: println "in"; break; default: println "out" }
switch (g) { case ["a"]: println "in"; break; default: println "out" }
println (45L in 40..60)
println (4.5 in 1..10)
println (5 in 1..10)
println ((1..10).contains(5L))
println (g == "a")
println ([1, 2, 3] - [2L])
println ([1, 2, 3].intersect([2L]))
println ([1, 2, 3].count(2L))
println ([g, "a"].unique())
println ([1, 2] == [1L, 2L])
//> false
//> false
//> -1
//> false
//> false
//> false
//> false
//> false
//> -1
//> -1
//> false
//> false
//> true
//> false
//> false
//> [1, 2, 3]
//> false
//> [1, 2, 3]
//> true
//> []
//> out
//> out
//> false
//> false
//> true
//> false
//> true
//> [1, 3]
//> [2]
//> 1
//> [a]
//> true

//# a set keeps one of equal elements (Java's equals), equals sets in any order and never a list
def s = [1,2] as Set; s.add(1); println s
def s2 = [1,2] as Set; s2 << 2; println s2
println ([1, 1L].toSet().size())
println (([1, 1L] as Set).size())
println ((["a", "${'a'}"] as Set).size())
println ([1, 1L, 1.0].unique().size())
def h = new HashSet([1,2]); h.add(2); println h
def s3 = [] as Set; s3.addAll([1,1,2]); println s3
def s4 = [3,1] as Set; println (s4 + [1, 4])
println (s4 instanceof Set)
//> [1, 2]
//> [1, 2]
//> 2
//> 2
//> 2
//> 1
//> [1, 2]
//> [1, 2]
//> [3, 1, 4]
//> true

//# split gives a String[]: length, its class, not a List; String[] and as String[] too
def a = "a,b".split(",")
println (a == ["a", "b"])
println (["a", "b"] == a)
println (a == "x,a,b".split(",").drop(1))
println a.length
println a.size()
println (a instanceof List)
println (a instanceof Collection)
println (a instanceof Object[])
println a.getClass().name
println a
println "${a}"
println a.toList().getClass().name
println ([1,2] as Set) == ([2,1] as Set)
println (([1,2] as Set) == [1,2])
println ([1,2] == ([1,2] as Set))
println (([1,2] as Set) instanceof List)
println (([1,2] as Set) instanceof Collection)
println (([1,2] as Set) instanceof Set)
println (([1] as Set) == ([1L] as Set))
def s = [3,1] as Set
println s.collect { it * 2 }.getClass().name
println s.findAll { it > 0 }.getClass().name
println ((s as List).getClass().name)
println ((a as List).getClass().name)
String[] b = ["x", "y"]
println b.getClass().name
println b.length
println a.join("-")
println a[1]
println a.toList() + "c"
println ((a + "c").getClass().name)
//> true
//> true
//> true
//> 2
//> 2
//> false
//> false
//> true
//> [Ljava.lang.String;
//> [a, b]
//> [a, b]
//> java.util.ArrayList
//> [1, 2]
//> false
//> false
//> false
//> true
//> true
//> true
//> java.util.ArrayList
//> java.util.LinkedHashSet
//> java.util.ArrayList
//> java.util.ArrayList
//> [Ljava.lang.String;
//> 2
//> a-b
//> b
//> [a, b, c]
//> [Ljava.lang.Object;

//# new T[n] is an array of zeros or nulls
def bytes = new byte[4]
println bytes.length
println bytes
float[] xy = new float[2]
println xy
def d = new int[3]
d[1] = 5
println d
println d.getClass().name
def s = new String[2]
println s
println new double[2]
println new boolean[1]
try { new int[-1] } catch (e) { println e.getClass().name }
//> 4
//> [0, 0, 0, 0]
//> [0.0, 0.0]
//> [0, 5, 0]
//> [I
//> [null, null]
//> [0.0, 0.0]
//> [false]
//> java.lang.NegativeArraySizeException

//# a list that holds itself: hashCode and collectNested overflow the stack, as on the JVM
def l = []
l << l
println l
try { l.hashCode() } catch (StackOverflowError e) { println "hashCode: StackOverflowError" }
try { l.collectNested { it } } catch (StackOverflowError e) { println "collectNested: StackOverflowError" }
//> [(this Collection)]
//> hashCode: StackOverflowError
//> collectNested: StackOverflowError

//# println, a GString and + show a range as its list; toString and inspect as 1..3; an index before the start raises
println (1..3)
println((1..3).toString())
println "${1..3}"
println ([1..3])
def l = [1,2]
try { println l[-5] } catch (e) { println "EXC " + e.getClass().simpleName }
try { println l[5] } catch (e) { println "EXC " + e.getClass().simpleName }
println("x" + (1..3))
println((3..1))
println((1..<1))
println([a: 1..2])
println((1..3).inspect())
//> [1, 2, 3]
//> 1..3
//> [1, 2, 3]
//> [1..3]
//> EXC ArrayIndexOutOfBoundsException
//> null
//> x[1, 2, 3]
//> [3, 2, 1]
//> []
//> [a:1..2]
//> 1..3

//# min() and max() without a comparator pass over nulls
println([72, null, 68].min())
println([null, 3].min())
println([null, 3, 9, null].max())
println([null, null].max())
println([3, null, 5].min { it })
//> 68
//> 3
//> 9
//> null
//> null

//# intersect keeps the smaller collection's order, duplicates and elements
println([1,2,3].intersect([3,2]))
println([1,2,3,4].intersect([4,1,9]))
println([1,2,2,3].intersect([2,3,2]))
println([1,2,3].intersect([2L, 3.0]))
println([1,2].intersect([2,1]))
println([3,1,2].intersect([]))
println(([1,2,3] as Set).intersect([3,3,1]))
println([3,3,1].intersect([1,2,3,4] as Set))
//> [3, 2]
//> [4, 1]
//> [2, 3, 2]
//> [2, 3.0]
//> [2, 1]
//> []
//> [3, 1]
//> [3, 1]

//# a range written with ..< selects by its written bounds, negative ones counted from the end, and prints as written
def s = '"quoted"'
println s[1..<-1]
println "abcdef"[0..<-1]
println "abcdef"[2..<-2]
println "abcdef"[-1..<0]
println "abcdef"[2..<-4]
println([1, 2, 3, 4][0..<-1])
println([1, 2, 3, 4][1..<-1])
println([1, 2, 3, 4][-1..<0])
println([1, 2, 3, 4][0..<3])
println([1, 2, 3, 4][-1..1])
println((1..<5).toString())
println("${0..<3}")
println([0..<3, 5..<1, 2..4])
println((1..<5).inspect())
println((0..<3).size())
println((1..<5) == (1..4))
//> quoted
//> abcde
//> cd
//> fedcb
//> 
//> [1, 2, 3]
//> [2, 3]
//> [4, 3, 2]
//> [1, 2, 3]
//> [4, 3, 2]
//> 1..<5
//> [0, 1, 2]
//> [0..<3, 5..<1, 2..4]
//> 1..<5
//> 3
//> true

//# changing a collection while each, collect or for walks it raises ConcurrentModificationException, as Java's iterators do
def t(String name, Closure c) { try { println "$name: ${c()}" } catch (e) { println "$name: ${e.class.name} ${e.message}" } }
t("each remove middle") { def l = [1,2,3,4]; l.each { if (it == 2) l.remove(1) }; l }
t("each remove next-to-last") { def l = [1,2,3,4]; l.each { if (it == 3) l.remove(2) }; l }
t("each add") { def l = [1,2]; l.each { if (l.size() < 5) l << 9 }; l }
t("for add") { def l = [1,2]; for (x in l) { if (l.size() < 5) l.add(9) }; l }
t("for remove") { def l = [1,2,3]; for (x in l) { if (x == 3) l.remove(0) }; l }
t("eachWithIndex") { def l = [1,2,3]; l.eachWithIndex { x, i -> if (i == 0) l.remove(2) }; l }
t("each sees a later store") { def l = [1,2,3]; def out = []; l.each { out << it; l[2] = 7 }; out }
t("collect add") { def l = [1,2]; l.collect { if (l.size() < 3) l << 9; it } }
t("map each put") { def m = [a:1, b:2]; m.each { k, v -> if (k == 'a') m.c = 3 }; m }
t("map each put at the last entry") { def m = [a:1, b:2]; m.each { k, v -> if (k == 'b') m.c = 3 }; m }
t("set each remove") { def s = [1,2,3] as Set; s.each { if (it == 2) s.remove(it) }; s }
t("clear in each") { def l = [1,2,3]; l.each { l.clear() }; l }
t("break out of for") { def l = [1,2,3]; def n = 0; for (x in l) { n += x; if (x == 2) break }; n }
//> each remove middle: java.util.ConcurrentModificationException null
//> each remove next-to-last: [1, 2, 4]
//> each add: java.util.ConcurrentModificationException null
//> for add: java.util.ConcurrentModificationException null
//> for remove: java.util.ConcurrentModificationException null
//> eachWithIndex: java.util.ConcurrentModificationException null
//> each sees a later store: [1, 2, 7]
//> collect add: java.util.ConcurrentModificationException null
//> map each put: java.util.ConcurrentModificationException null
//> map each put at the last entry: [a:1, b:2, c:3]
//> set each remove: java.util.ConcurrentModificationException null
//> clear in each: java.util.ConcurrentModificationException null
//> break out of for: 3

//# an array read or written past its end raises (only a list reads null there); messages are Java 8's
def t(String l, Closure c) { try { println "$l: ${c()}" } catch (e) { println "$l: ${e.getClass().name}: ${e.message}" } }
def parts = "on,off".split(",")
t("split[1]") { parts[1] }
t("split[5]") { parts[5] }
t("split getAt") { parts.getAt(7) }
t("time[2]") { "07:30".split(":")[2] }
def a = new int[2]
t("int[3]") { a[3] }
t("int[3]=") { a[3] = 1; a }
t("list [5]") { ["on", "off"][5] }
t("destructure") { def (hh, mm, ss) = "07:30".split(":"); "$hh|$mm|$ss" }
t("destructure a list") { def (hh, mm, ss) = "07:30".split(":").toList(); "$hh|$mm|$ss" }
//> split[1]: off
//> split[5]: java.lang.ArrayIndexOutOfBoundsException: 5
//> split getAt: java.lang.ArrayIndexOutOfBoundsException: 7
//> time[2]: java.lang.ArrayIndexOutOfBoundsException: 2
//> int[3]: java.lang.ArrayIndexOutOfBoundsException: 3
//> int[3]=: java.lang.ArrayIndexOutOfBoundsException: 3
//> list [5]: null
//> destructure: java.lang.ArrayIndexOutOfBoundsException: 2
//> destructure a list: 07|30|null
