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

//# a HashSet (toSet(), new HashSet, as HashSet) walks its elements in Java's hash-table order; as Set keeps the order they came in (Groovy 2.4.21)
println(([30, 1, 2, 17, 100, 16] as Set))
println([30, 1, 2, 17, 100, 16].toSet())
println(new HashSet([30, 1, 2, 17, 100, 16]))
println(["banana", "apple", "zz", "kiwi", "switch", "motion"].toSet())
println((["banana", "apple", "zz", "kiwi"] as Set).getClass())
println([30,1].toSet().getClass())
def hs = new HashSet()
(20..0).each { hs << it * 7 }
println hs
println([1,2,3].toSet() + [99, 17])
println(["on","off","open","closed","locked","unlocked","active","inactive","present","not present"].toSet())
def s2 = [] as Set
s2 << "b"; s2 << "a"
println s2
println s2.getClass()
println(([5,3,1] as HashSet))
println(["x","y"].toSet().collect { it + "!" })
//> [30, 1, 2, 17, 100, 16]
//> [16, 1, 17, 2, 100, 30]
//> [16, 1, 17, 2, 100, 30]
//> [banana, zz, apple, kiwi, motion, switch]
//> class java.util.LinkedHashSet
//> class java.util.HashSet
//> [0, 98, 35, 133, 70, 7, 105, 42, 140, 77, 14, 112, 49, 84, 21, 119, 56, 91, 28, 126, 63]
//> [1, 17, 2, 3, 99]
//> [not present, inactive, closed, active, locked, present, off, open, unlocked, on]
//> [b, a]
//> class java.util.LinkedHashSet
//> [1, 3, 5]
//> [x!, y!]

//# what the GDK's methods give for a set: a set of the same sort (a HashSet's is a LinkedHashSet in its walk order, a TreeSet's a TreeSet); sort() gives a new list and leaves the set alone; plus of a HashSet is a HashSet (Groovy 2.4.21)
def h = [30, 1, 2, 17, 100, 16].toSet()
println((h - [2]).getClass().simpleName + " " + (h - [2]))
println((h + [5]).getClass().simpleName + " " + (h + [5]))
println(h.findAll { it > 1 }.getClass().simpleName + " " + h.findAll { it > 1 })
println(h.intersect([1, 17, 30, 100]).getClass().simpleName + " " + h.intersect([1, 17, 30, 100]))
println(h.grep { it > 1 }.getClass().simpleName)
println(h.collect { it }.getClass().simpleName)
println(h.unique().getClass().simpleName)
println((h - 2).getClass().simpleName + " " + (h - 2))
println((h + 5).getClass().simpleName + " " + (h + 5))
def big = (1..40).collect { it * 13 }.toSet()
println((big - [13]))
println((big + [1000]))
println big.findAll { it % 2 == 0 }
def ts = new TreeSet([5, 1, 3])
println((ts + [2]).getClass().simpleName + " " + (ts + [2]))
println(ts.findAll { it > 1 }.getClass().simpleName)
def ls = [3, 1, 2] as Set
println((ls + [0]).getClass().simpleName + " " + (ls - [1]).getClass().simpleName + " " + ls.findAll { it }.getClass().simpleName)
//> LinkedHashSet [16, 1, 17, 100, 30]
//> HashSet [16, 1, 17, 2, 100, 5, 30]
//> LinkedHashSet [16, 17, 2, 100, 30]
//> LinkedHashSet [1, 17, 30, 100]
//> LinkedHashSet
//> ArrayList
//> HashSet
//> LinkedHashSet [16, 1, 17, 100, 30]
//> HashSet [16, 1, 17, 2, 100, 5, 30]
//> [65, 130, 195, 260, 325, 390, 455, 520, 78, 143, 208, 273, 338, 403, 468, 26, 91, 156, 221, 286, 351, 416, 481, 39, 104, 169, 234, 299, 364, 429, 494, 52, 117, 182, 247, 312, 377, 442, 507]
//> [65, 130, 195, 260, 325, 390, 455, 520, 13, 78, 143, 208, 273, 338, 403, 468, 26, 91, 156, 221, 286, 351, 416, 481, 39, 104, 1000, 169, 234, 299, 364, 429, 494, 52, 117, 182, 247, 312, 377, 442, 507]
//> [130, 260, 390, 520, 78, 208, 338, 468, 26, 156, 286, 416, 104, 234, 364, 494, 52, 182, 312, 442]
//> TreeSet [1, 2, 3, 5]
//> TreeSet
//> LinkedHashSet LinkedHashSet LinkedHashSet

//# set methods on LinkedHashSet, HashSet and TreeSet: take, drop, tail, init, flatten, *, sort, takeWhile, dropWhile, unique, collect, reverse (none) (Groovy 2.4.21)
def mk = [{ [30, 1, 2, 17] as Set }, { [30, 1, 2, 17].toSet() }, { new TreeSet([30, 1, 2, 17]) }]
def ops = [
  take: { it.take(2) }, drop: { it.drop(1) }, tail: { it.tail() }, init: { it.init() },
  flatten: { it.flatten() }, times: { it * 2 }, sort: { it.sort() }, sortc: { it.sort { a, b -> b <=> a } },
  takeWhile: { it.takeWhile { x -> x > 0 } }, dropWhile: { it.dropWhile { x -> x > 20 } },
  unique: { it.unique() }, collect: { it.collect { x -> x } }, first: { it.first() }, last: { it.last() },
  max: { it.max() }, sum: { it.sum() }, join: { it.join("-") }, plus1: { it + 5 }, minus1: { it - 2 },
  findAllC: { it.findAll { x -> x > 1 } }, collectEntries: { it.collectEntries { x -> [x, x] } },
]
mk.each { m ->
  ops.each { name, op ->
    def s = m()
    def r
    try { r = op(s); println "$name: ${r} ${r?.getClass()?.simpleName} after=${s}" } catch (e) { println "$name: ${e.getClass().simpleName}" }
  }
}
//> take: [30, 1] LinkedHashSet after=[30, 1, 2, 17]
//> drop: [1, 2, 17] LinkedHashSet after=[30, 1, 2, 17]
//> tail: [1, 2, 17] LinkedHashSet after=[30, 1, 2, 17]
//> init: [30, 1, 2] LinkedHashSet after=[30, 1, 2, 17]
//> flatten: [30, 1, 2, 17] LinkedHashSet after=[30, 1, 2, 17]
//> times: [30, 1, 2, 17] LinkedHashSet after=[30, 1, 2, 17]
//> sort: [1, 2, 17, 30] ArrayList after=[30, 1, 2, 17]
//> sortc: [30, 17, 2, 1] ArrayList after=[30, 1, 2, 17]
//> takeWhile: [30, 1, 2, 17] LinkedHashSet after=[30, 1, 2, 17]
//> dropWhile: [1, 2, 17] LinkedHashSet after=[30, 1, 2, 17]
//> unique: [30, 1, 2, 17] LinkedHashSet after=[30, 1, 2, 17]
//> collect: [30, 1, 2, 17] ArrayList after=[30, 1, 2, 17]
//> first: 30 Integer after=[30, 1, 2, 17]
//> last: 17 Integer after=[30, 1, 2, 17]
//> max: 30 Integer after=[30, 1, 2, 17]
//> sum: 50 Integer after=[30, 1, 2, 17]
//> join: 30-1-2-17 String after=[30, 1, 2, 17]
//> plus1: [30, 1, 2, 17, 5] LinkedHashSet after=[30, 1, 2, 17]
//> minus1: [30, 1, 17] LinkedHashSet after=[30, 1, 2, 17]
//> findAllC: [30, 2, 17] LinkedHashSet after=[30, 1, 2, 17]
//> collectEntries: [30:30, 1:1, 2:2, 17:17] LinkedHashMap after=[30, 1, 2, 17]
//> take: [1, 17] LinkedHashSet after=[1, 17, 2, 30]
//> drop: [17, 2, 30] LinkedHashSet after=[1, 17, 2, 30]
//> tail: [17, 2, 30] LinkedHashSet after=[1, 17, 2, 30]
//> init: [1, 17, 2] LinkedHashSet after=[1, 17, 2, 30]
//> flatten: [1, 17, 2, 30] LinkedHashSet after=[1, 17, 2, 30]
//> times: [1, 17, 2, 30] LinkedHashSet after=[1, 17, 2, 30]
//> sort: [1, 2, 17, 30] ArrayList after=[1, 17, 2, 30]
//> sortc: [30, 17, 2, 1] ArrayList after=[1, 17, 2, 30]
//> takeWhile: [1, 17, 2, 30] LinkedHashSet after=[1, 17, 2, 30]
//> dropWhile: [1, 17, 2, 30] LinkedHashSet after=[1, 17, 2, 30]
//> unique: [1, 17, 2, 30] HashSet after=[1, 17, 2, 30]
//> collect: [1, 17, 2, 30] ArrayList after=[1, 17, 2, 30]
//> first: 1 Integer after=[1, 17, 2, 30]
//> last: 30 Integer after=[1, 17, 2, 30]
//> max: 30 Integer after=[1, 17, 2, 30]
//> sum: 50 Integer after=[1, 17, 2, 30]
//> join: 1-17-2-30 String after=[1, 17, 2, 30]
//> plus1: [1, 17, 2, 5, 30] HashSet after=[1, 17, 2, 30]
//> minus1: [1, 17, 30] LinkedHashSet after=[1, 17, 2, 30]
//> findAllC: [17, 2, 30] LinkedHashSet after=[1, 17, 2, 30]
//> collectEntries: [1:1, 17:17, 2:2, 30:30] LinkedHashMap after=[1, 17, 2, 30]
//> take: [1, 2] TreeSet after=[1, 2, 17, 30]
//> drop: [2, 17, 30] TreeSet after=[1, 2, 17, 30]
//> tail: [2, 17, 30] TreeSet after=[1, 2, 17, 30]
//> init: [1, 2, 17] TreeSet after=[1, 2, 17, 30]
//> flatten: [1, 2, 17, 30] TreeSet after=[1, 2, 17, 30]
//> times: [1, 2, 17, 30] TreeSet after=[1, 2, 17, 30]
//> sort: [1, 2, 17, 30] TreeSet after=[1, 2, 17, 30]
//> sortc: [30, 17, 2, 1] ArrayList after=[1, 2, 17, 30]
//> takeWhile: [1, 2, 17, 30] TreeSet after=[1, 2, 17, 30]
//> dropWhile: [1, 2, 17, 30] TreeSet after=[1, 2, 17, 30]
//> unique: [1, 2, 17, 30] TreeSet after=[1, 2, 17, 30]
//> collect: [1, 2, 17, 30] ArrayList after=[1, 2, 17, 30]
//> first: 1 Integer after=[1, 2, 17, 30]
//> last: 30 Integer after=[1, 2, 17, 30]
//> max: 30 Integer after=[1, 2, 17, 30]
//> sum: 50 Integer after=[1, 2, 17, 30]
//> join: 1-2-17-30 String after=[1, 2, 17, 30]
//> plus1: [1, 2, 5, 17, 30] TreeSet after=[1, 2, 17, 30]
//> minus1: [1, 17, 30] TreeSet after=[1, 2, 17, 30]
//> findAllC: [2, 17, 30] TreeSet after=[1, 2, 17, 30]
//> collectEntries: [1:1, 2:2, 17:17, 30:30] LinkedHashMap after=[1, 2, 17, 30]

//# random HashSets, TreeSets and LinkedHashSets grown, shrunk, filtered, added to and copied: every walk in Java's order (generated, checked against Groovy 2.4.21)
def s0 = ["humidity53", "x1", "saturation", "motion", "mode21", "ccc97", "off", "motion", "a", "energy", "q21", "level17", "Away", "x2", "battery90", "Night", "door8", "energy84", "switch", "mode34", "humidity", "a", "Home", "mode92", "a62", "power95", "presence95", "zz61", "ccc", "switch", "a89", "Away66", "mode", "bb20", "level", "battery12", "door", "q39", "presence22", "lock85", "Living Room52", "level", "bb70", "temperature88", "saturation", "Night", "q", "humidity", "temperature9", "saturation64", "energy", "Night61", "on19", "motion", "presence69", "Living Room", "kitchen"] as HashSet
s0.add("temperature")
s0 = s0 + ["ccc", "energy77"]
s0.add("saturation76")
s0.add("humidity93")
s0 = s0.toSet()
println s0
println s0.collect { it }.join(',') + ' ' + s0.getClass().simpleName + ' ' + s0.size() + ' ' + s0.contains("power")
def s1 = new TreeSet(["Living Room9", "zz", "Night", "temperature69", "switch74", "x288", "ccc12"])
println s1
println s1.collect { it }.join(',') + ' ' + s1.getClass().simpleName + ' ' + s1.size() + ' ' + s1.contains("switch13")
def s2 = ["bb", "Home", "humidity65", "Away", "level53", "power98", "mode", "humidity", "energy", "off", "temperature51", "switch", "x147", "temperature23", "a37", "q9", "x2", "switch", "ccc", "q", "level41", "lock20", "battery6", "x1", "humidity", "a", "hue55", "presence", "a", "ccc", "door", "presence56", "switch", "level83", "q86", "motion", "a", "motion", "Living Room77", "door34", "temperature", "humidity71", "ccc", "motion95", "mode", "battery", "hue", "switch43", "saturation", "off93", "off", "hue82"] as Set
s2.add("ccc47")
s2.add("x213")
s2.add("motion")
s2.remove("door")
println s2
println s2.collect { it }.join(',') + ' ' + s2.getClass().simpleName + ' ' + s2.size() + ' ' + s2.contains("Home21")
def s3 = new HashSet()
[222, 88697, 64, -42, 512, 98695, 214, 128, 112, 160, 5399, 245, 160, 154, 2, 256, 48651, 9350, 256, 213, 32723, 16545, 29487, 96, 99340, 512, 512, 144, 96, 80585].each { s3 << it }
s3.add(98695)
s3.remove(213)
println s3
println s3.collect { it }.join(',') + ' ' + s3.getClass().simpleName + ' ' + s3.size() + ' ' + s3.contains(716)
def s4 = new HashSet()
["kitchen4", "battery", "Home78", "motion63", "power96", "temperature", "ccc", "battery3", "switch60", "switch79", "power", "ccc64", "hue", "energy33", "power96", "battery", "Away96", "battery24", "saturation48", "on", "level83"].each { s4 << it }
s4.remove("battery")
s4 = s4 - ["switch60"]
println s4
println s4.collect { it }.join(',') + ' ' + s4.getClass().simpleName + ' ' + s4.size() + ' ' + s4.contains("door")
def s5 = [32, 79014, 83, 80, 159, 1, 31330] as HashSet
s5 = s5 - [1]
s5 = s5 - [-28]
s5.add(32)
s5 = s5 + [291, 66]
s5.add(1)
s5 = s5 + [83, -26]
s5.addAll([256, 12419, 48])
s5 = s5 - [79014]
s5.add(80)
s5.add(6222)
println s5
println s5.collect { it }.join(',') + ' ' + s5.getClass().simpleName + ' ' + s5.size() + ' ' + s5.contains(256)
def s6 = new TreeSet([85326, 48, 174, 48, 16, 1024, 194, 226, 512, -41, 14236, 63692, 42, 290, 8466, 116, 26358, -13, 219, 1529, 4614, 32, 512, 195, 32, 512, 259, 30040, 9948, 78, 256, 32, 32531, 253, 160])
println s6
println s6.collect { it }.join(',') + ' ' + s6.getClass().simpleName + ' ' + s6.size() + ' ' + s6.contains(-29)
def s7 = ["Away6", "Away", "saturation13", "power13", "battery"].toSet()
s7 = s7 + ["level93", "bb"]
s7.add("battery")
s7 = s7 + ["x280", "a62"]
println s7
println s7.collect { it }.join(',') + ' ' + s7.getClass().simpleName + ' ' + s7.size() + ' ' + s7.contains("a9")
def s8 = new HashSet([142, 112, 1024, 1024, 25896, 10341, 25347, 77183, 146, 13085, 144, 68611, 169, 1024, -28, 196, 59, 37331, 160, 48, 107, 126, 512, 200, 58381, 32, 89138, 30, 88, 59357, 9579, 1024, 71465, 26040, 97762, 7, 32, 32, 160, 12896, 4097, 97, 51752, 70266, 7209, 1024, 27, 298, 57581])
s8.remove(7581)
s8.add(144)
s8 = s8 + [32, 184]
s8 = s8.findAll { it.toString().size() > 1 }
println s8
println s8.collect { it }.join(',') + ' ' + s8.getClass().simpleName + ' ' + s8.size() + ' ' + s8.contains(128)
def s9 = new HashSet([25, 80, 512, 71610, 18797])
s9.add(18797)
s9.remove(18797)
s9 = s9.findAll { it.toString().size() > 1 }
s9.add(227)
s9.add(223)
s9 = s9.findAll { it.toString().size() > 1 }
s9 = s9 + [46300, 44239]
s9.remove(18797)
s9.add(17161)
println s9
println s9.collect { it }.join(',') + ' ' + s9.getClass().simpleName + ' ' + s9.size() + ' ' + s9.contains(200)
def s10 = [43900, 48, 208, 18, 9082, 32899, 47155, 48189, 70707, 21, 37972, 256, 512, 261, 245, 128, 112, 153, 99170, 21280, 156, 2, 92087, 20, 114, 98199, 61, 282, 194, 70987, 140] as Set
s10.addAll([140, 59598, 173])
println s10
println s10.collect { it }.join(',') + ' ' + s10.getClass().simpleName + ' ' + s10.size() + ' ' + s10.contains(285)
def s11 = ["level", "humidity", "saturation", "off34", "x1", "Home", "mode", "hue93", "kitchen47", "saturation", "energy24", "q", "saturation82", "a89", "switch48", "hue41", "level", "level", "switch", "Home28", "mode", "ccc", "Home", "temperature", "energy98", "Night39", "lock", "humidity", "q", "ccc12", "battery36", "x253", "humidity52", "switch", "presence", "kitchen", "humidity", "door", "power", "bb", "q24", "saturation63", "mode69", "lock", "presence82", "power", "a81", "x270", "bb", "power", "bb88", "kitchen48", "door", "x240"].toSet()
s11.addAll(["mode75", "door", "Night37"])
s11.add("q")
s11.add("off")
s11.add("off")
s11.addAll(["kitchen47", "temperature55", "humidity"])
s11.add("mode")
s11 = s11.toSet()
println s11
println s11.collect { it }.join(',') + ' ' + s11.getClass().simpleName + ' ' + s11.size() + ' ' + s11.contains("humidity")
def s12 = new TreeSet(["Away", "on58", "a4", "zz", "kitchen", "level", "Home", "power", "Night", "temperature", "energy", "power", "door", "on41", "door", "Home", "Home", "temperature46", "lock", "q75", "switch70", "motion47", "Living Room96", "Night", "a", "door39", "saturation", "humidity", "mode", "hue15", "ccc", "x169", "x264", "battery88", "switch46", "temperature4", "off81", "saturation20", "battery97", "on", "Away10", "presence", "a", "battery44", "hue", "on", "power", "Living Room60", "zz6", "Night16", "presence", "presence", "x211", "switch73", "energy13"])
s12.add("power")
s12.remove("x140")
s12.addAll(["saturation73", "level", "motion10"])
s12.add("kitchen97")
s12.remove("level")
s12 = s12.toSet()
s12.add("presence")
s12.add("mode")
s12.add("lock")
println s12
println s12.collect { it }.join(',') + ' ' + s12.getClass().simpleName + ' ' + s12.size() + ' ' + s12.contains("Home23")
def s13 = ["door", "switch19", "off", "saturation52", "humidity51", "lock39", "lock", "bb33", "mode", "x127", "Away", "Night", "kitchen", "saturation1", "ccc35", "off49", "level", "door", "door", "zz", "zz42", "level18", "x2", "x114", "humidity9", "hue27", "saturation", "Living Room81", "q23", "x295", "zz84", "humidity", "battery", "humidity28", "Night", "energy", "Living Room7", "presence", "energy21", "hue", "a52"] as HashSet
s13.remove("a52")
s13.add("Away")
s13.remove("ccc")
s13.remove("off77")
s13.add("Away94")
s13.addAll(["presence", "humidity92", "x2"])
s13 = s13.toSet()
s13.addAll(["zz42", "motion13", "zz40"])
s13.add("door")
s13.addAll(["ccc35", "Living Room", "battery"])
println s13
println s13.collect { it }.join(',') + ' ' + s13.getClass().simpleName + ' ' + s13.size() + ' ' + s13.contains("humidity19")
def s14 = ["temperature", "level71", "kitchen79", "Living Room", "door62", "off39", "ccc", "saturation", "power55", "bb95", "zz41", "temperature", "a42", "hue", "q30", "x15", "switch9", "hue", "presence3", "Home", "Away", "zz", "door", "mode", "door59", "lock29", "kitchen", "bb", "x2", "x259", "bb", "door", "level28", "ccc", "off78", "lock86", "q49", "level35", "humidity", "energy89", "energy95", "kitchen", "Away", "motion", "x1", "battery", "off", "x285", "Night", "level", "saturation", "kitchen93", "hue", "presence"] as Set
s14.remove("x1")
s14.addAll(["q30", "switch29", "on19"])
s14.add("x283")
s14.addAll(["power", "off", "kitchen25"])
println s14
println s14.collect { it }.join(',') + ' ' + s14.getClass().simpleName + ' ' + s14.size() + ' ' + s14.contains("saturation38")
def s15 = ["q34", "x2", "a", "bb", "mode59", "mode", "hue", "mode", "hue85", "temperature", "x217", "kitchen91", "off89", "x2", "Night77", "zz", "hue", "Away62", "mode", "level59", "Night", "ccc", "saturation99", "presence8", "off", "energy69", "off", "saturation40", "a", "door58", "energy70", "temperature95"] as Set
s15.add("battery")
s15.add("x217")
s15.addAll(["Night", "temperature27", "level80"])
s15.add("a")
s15.add("q34")
s15 = s15 + ["Living Room53", "door"]
s15 = s15 - ["presence"]
println s15
println s15.collect { it }.join(',') + ' ' + s15.getClass().simpleName + ' ' + s15.size() + ' ' + s15.contains("ccc47")
def s16 = new TreeSet(["a", "switch", "energy", "ccc", "temperature36", "a", "power", "x1", "mode", "humidity", "Home", "mode91", "door99", "temperature", "zz", "level", "hue", "on42", "temperature", "level30", "on", "Away42", "temperature", "x1", "zz69", "Night76", "a30", "Night", "presence", "mode", "q", "ccc", "Home", "switch", "bb11", "battery82", "a65", "Living Room", "battery26", "x1", "motion67", "off", "battery0", "Away30", "x1", "off89", "saturation", "x2", "Night68", "energy93", "x131", "hue65", "switch37", "battery", "on62", "battery", "power", "hue15"])
s16.add("energy")
s16 = s16.findAll { it.toString().size() > 1 }
s16.add("x2")
s16.add("Away")
s16.add("battery0")
println s16
println s16.collect { it }.join(',') + ' ' + s16.getClass().simpleName + ' ' + s16.size() + ' ' + s16.contains("Home")
def s17 = ["kitchen17", "humidity90", "switch", "temperature", "Home", "a", "Away12", "mode26", "motion67", "saturation36", "temperature", "on24", "energy", "hue70", "kitchen28", "humidity41", "Living Room", "zz", "a95", "presence77", "level"] as HashSet
println s17
println s17.collect { it }.join(',') + ' ' + s17.getClass().simpleName + ' ' + s17.size() + ' ' + s17.contains("off")
def s18 = new TreeSet([1024, 140, 48, 1024, -27, 93904, 60335, 1024, 16, 62, 40450, 69083, 122, 44886, 87, 32, 76863, 512, 512, 19242, -10, 54357, 217, 63513, 148, 32, 144, 41857, 96, 64, -31, 256, 215, 98, 148, 64335, 1024, 64, 74034, 245, 1024, 144, 182, 98, 228, 115, 96, 88805, 3, 80, 12330, 16, 74])
println s18
println s18.collect { it }.join(',') + ' ' + s18.getClass().simpleName + ' ' + s18.size() + ' ' + s18.contains(32)
def s19 = [-12, 160, 2, 256, 39750, 96, 134, 87730, 177, 16, 92103, 61087, -40, 50164, 256, 12, 236, 229, 5876, 105, 91989, -4, -37, 66, 62191, 182, 128, 160, 66, 112, 187, 95906, 37485, 43258, 147, 16, 7466, 112].toSet()
s19.addAll([65060, 51752, 134])
s19 = s19 - [8924]
s19 = s19 + [177, 83]
s19 = s19.toSet()
s19 = s19 - [43258]
s19.add(54041)
s19.add(7466)
s19 = s19 + [-4, 88872]
println s19
println s19.collect { it }.join(',') + ' ' + s19.getClass().simpleName + ' ' + s19.size() + ' ' + s19.contains(170)
def s20 = new HashSet(["Living Room93", "Living Room", "zz26", "motion59", "presence64", "door55", "humidity", "power71", "humidity21", "hue61", "kitchen4", "Home4", "switch", "saturation30", "motion56", "x113", "power62", "battery0", "power88", "temperature88", "motion82", "bb", "Away", "level18", "q96", "off23", "ccc42", "door", "ccc76", "lock32", "motion3", "lock71"])
s20.add("motion59")
s20.remove("door")
s20 = s20 + ["door55", "energy"]
s20.remove("motion24")
println s20
println s20.collect { it }.join(',') + ' ' + s20.getClass().simpleName + ' ' + s20.size() + ' ' + s20.contains("battery")
def s21 = new HashSet(["ccc", "saturation", "Away", "power", "door", "Away76", "kitchen", "q79", "battery", "battery", "q", "Away50", "bb75", "door", "power", "power", "zz8", "off", "lock73", "switch9", "battery", "motion37", "Living Room", "x273", "mode38", "door", "energy17", "battery", "presence54", "temperature", "motion22", "q", "door", "temperature", "lock64", "Living Room", "battery", "x1", "level", "Living Room", "on83", "energy8", "level", "Living Room", "energy25", "energy43", "level47", "humidity76", "mode", "power29", "saturation", "level", "switch41", "humidity"])
s21.add("x2")
s21 = s21 + ["saturation", "hue"]
s21.remove("power")
println s21
println s21.collect { it }.join(',') + ' ' + s21.getClass().simpleName + ' ' + s21.size() + ' ' + s21.contains("kitchen21")
def s22 = [21114, 517] as Set
s22 = s22 + [21114, 80]
s22.remove(150)
s22 = s22 + [21114, 64]
s22.add(21114)
println s22
println s22.collect { it }.join(',') + ' ' + s22.getClass().simpleName + ' ' + s22.size() + ' ' + s22.contains(67770)
def s23 = new HashSet()
[160, 1024, 282, 250, 12, 75, 128, 144, 144, 256, 70604, 128, 52250, 19069, 42188, 155, -36, 256, 235, 112, 80, 55676, 85, 94429, 50850, 1024, 169, 49, 244, 160, 32, 70269, -38, 64653, 93475, 80, 144, 278, 99078, 1627].each { s23 << it }
s23 = s23 - [55676]
println s23
println s23.collect { it }.join(',') + ' ' + s23.getClass().simpleName + ' ' + s23.size() + ' ' + s23.contains(80)
def s24 = [98707, 80, 119, 80, 32, -40, -48, 8159, 117, 226, 144].toSet()
s24.add(-5)
println s24
println s24.collect { it }.join(',') + ' ' + s24.getClass().simpleName + ' ' + s24.size() + ' ' + s24.contains(48)
def s25 = new HashSet()
[144, 89458, 286, 160, 19882, 13056, 17, 237, 512, 1, 43236, 160, 47180, 47865, 256, 48, 80, 10156, 113, 97601, 112, 69962, 44, 91292, 92379, 91272, 32, 214, 16, 89495, 76655, 96, 95893, 139, 115, 97295, 144, 34228].each { s25 << it }
println s25
println s25.collect { it }.join(',') + ' ' + s25.getClass().simpleName + ' ' + s25.size() + ' ' + s25.contains(160)
def s26 = new TreeSet([7834, 32, 41, 233, 134, 112])
println s26
println s26.collect { it }.join(',') + ' ' + s26.getClass().simpleName + ' ' + s26.size() + ' ' + s26.contains(11874)
def s27 = new HashSet()
["saturation32", "zz16", "Night22", "switch78", "energy", "humidity10", "lock", "motion25", "Living Room", "lock42", "switch3", "Home", "battery", "door5", "lock83", "Living Room71", "ccc", "Night", "battery99", "x2", "Living Room44", "Home", "power19", "battery56", "temperature", "q38", "temperature", "door", "temperature", "Home", "switch", "mode5", "x124", "Night65", "temperature92", "saturation", "off1", "Home29", "switch", "mode72", "hue41", "mode44", "zz", "door", "hue89", "saturation", "power", "presence", "zz", "Home58", "door", "hue", "kitchen90", "motion", "off93", "x1", "Living Room76", "level23"].each { s27 << it }
s27 = s27 + ["kitchen", "ccc55"]
s27 = s27 + ["switch70", "lock29"]
s27 = s27.toSet()
s27.add("Living Room")
s27.addAll(["Home", "temperature", "temperature99"])
s27.addAll(["saturation32", "kitchen", "saturation50"])
s27 = s27 + ["level23", "energy"]
println s27
println s27.collect { it }.join(',') + ' ' + s27.getClass().simpleName + ' ' + s27.size() + ' ' + s27.contains("hue")
def s28 = new HashSet()
[52294].each { s28 << it }
s28.add(52294)
s28.add(52294)
s28 = s28 - [48]
s28 = s28 - [96]
s28.addAll([52294, 76404, 13985])
s28.add(52294)
s28.add(72288)
println s28
println s28.collect { it }.join(',') + ' ' + s28.getClass().simpleName + ' ' + s28.size() + ' ' + s28.contains(13507)
def s29 = [-24, -30, 34, 62013, 243, 14383, 51064, 18934, 146, 74634, 64, 26222, 265, 88613, 212, 48, 10478, 48, 62882, 274, 91451, 48, 14598, 160, 32, 261, 52487, 48, 49876, 65313, 277, 65867, 50, 182, 88857, 145, 90821, 95488, 144, 1024, 30577, 66, 128, 86474, 80, 112, 42, 93769, 112, 512, 19, 160, 64, 285] as HashSet
s29.addAll([90821, 12096, 22])
s29 = s29 - [61663]
s29.remove(127)
s29 = s29 + [34, 77774]
s29 = s29.findAll { it.toString().size() > 1 }
s29.add(64)
s29.add(49876)
s29.addAll([48, 128, 96])
s29.remove(261)
s29.remove(64)
println s29
println s29.collect { it }.join(',') + ' ' + s29.getClass().simpleName + ' ' + s29.size() + ' ' + s29.contains(41)
def s30 = new TreeSet(["Living Room", "humidity48", "mode", "door39", "Home", "a90", "Living Room32", "ccc39", "zz53", "Living Room36", "ccc62", "motion", "a", "motion29", "hue33", "door92", "switch12", "switch", "door96", "presence5", "temperature", "motion", "ccc", "lock", "a", "energy16", "saturation6", "off28", "battery", "kitchen", "temperature", "on", "off", "Living Room", "power", "battery11", "switch61", "saturation", "Living Room82", "off10", "off", "lock33", "temperature2", "Home58", "Away52", "hue", "level", "Home", "on91", "lock25", "door1", "a24", "lock17", "on", "q74", "battery", "ccc", "motion70"])
s30.add("power")
s30 = s30 - ["door50"]
println s30
println s30.collect { it }.join(',') + ' ' + s30.getClass().simpleName + ' ' + s30.size() + ' ' + s30.contains("saturation")
def s31 = new HashSet()
[96, -44, -30, 10929, 6, 6, 282, 79123, 32, 128, 80, 112, 3544].each { s31 << it }
s31.addAll([208, 128, 48899])
println s31
println s31.collect { it }.join(',') + ' ' + s31.getClass().simpleName + ' ' + s31.size() + ' ' + s31.contains(30104)
def s32 = ["x1", "kitchen30", "bb94", "hue59", "hue", "Home", "kitchen44", "temperature49", "hue", "mode", "humidity"].toSet()
println s32
println s32.collect { it }.join(',') + ' ' + s32.getClass().simpleName + ' ' + s32.size() + ' ' + s32.contains("x240")
def s33 = new TreeSet(["lock", "motion", "off4", "mode", "a", "level76", "zz14", "mode38", "zz", "level", "Home67", "on37", "Night", "x1", "power", "bb70", "x199", "Away", "energy45", "door", "battery44", "x2", "temperature", "mode", "zz9", "x184", "Night", "battery", "temperature", "on66", "off", "a87", "temperature", "x215", "off60"])
s33.add("off")
println s33
println s33.collect { it }.join(',') + ' ' + s33.getClass().simpleName + ' ' + s33.size() + ' ' + s33.contains("battery38")
def s34 = new HashSet(["switch92", "Away2", "kitchen59", "motion", "door82", "door", "mode51", "hue", "temperature17", "saturation", "a", "humidity", "lock29", "temperature51", "a", "mode86", "q", "kitchen", "level", "bb38", "x21", "q", "mode", "off79", "door", "kitchen", "on4", "mode", "Home", "x140", "on97", "humidity18", "hue", "humidity74", "off32", "Home67", "power1", "on", "power86", "presence18", "Living Room32", "Away", "saturation48", "mode73", "on13", "saturation0", "presence", "presence", "Living Room"])
s34.add("mode")
s34.remove("saturation")
println s34
println s34.collect { it }.join(',') + ' ' + s34.getClass().simpleName + ' ' + s34.size() + ' ' + s34.contains("q")
def s35 = new HashSet()
[44, 32, 112, 11037, 87151, 32, 20573, 90773, 173, 128, 92062, 48, 74, 512, 256, 64, 16, 217, 8, 9912, 112, 73411, 136, 22562, 82517, -1, 28458, 95541, 96, 37, 128, 80, 64, 82691, 128, 4, 53394, 140, 112].each { s35 << it }
s35.remove(217)
s35.remove(200)
s35.addAll([22562, 48, 72387])
s35.add(74)
s35.remove(512)
println s35
println s35.collect { it }.join(',') + ' ' + s35.getClass().simpleName + ' ' + s35.size() + ' ' + s35.contains(105)
def s36 = ["motion8", "Living Room62", "temperature", "off97", "Away", "zz1", "x274", "humidity", "lock", "door"] as HashSet
s36 = s36.findAll { it.toString().size() > 1 }
s36.add("lock")
s36.remove("x274")
s36.remove("switch")
s36.remove("humidity")
println s36
println s36.collect { it }.join(',') + ' ' + s36.getClass().simpleName + ' ' + s36.size() + ' ' + s36.contains("x120")
def s37 = [256, -44, 32, 48, 134, 244, 138, 87248, 2074, -49, 33, 69373, 112, 32, 33, 512, 69161, 92296, 144, 80, 105, 112, 81643, 17449, 144, 51, 256, 32, 82755, -17, 244, 32, -37, 1024, 96, 48295, 68053, 64, 128, 112, 77597, 32, 16, -34, 79096, 58, 88, 2196, 6, 51995, 97255, 45596] as Set
s37.add(256)
s37.add(77597)
s37 = s37 - [40]
println s37
println s37.collect { it }.join(',') + ' ' + s37.getClass().simpleName + ' ' + s37.size() + ' ' + s37.contains(96)
def s38 = new HashSet([1024, 12436, 1024, 40, 96, 1024, 160, 80, 43776, 27821, 32, 58, 16, 1157, 168, 217, 91, 97872])
println s38
println s38.collect { it }.join(',') + ' ' + s38.getClass().simpleName + ' ' + s38.size() + ' ' + s38.contains(144)
def s39 = new TreeSet([43777, 68215, 80])
s39.add(1024)
s39.add(158)
println s39
println s39.collect { it }.join(',') + ' ' + s39.getClass().simpleName + ' ' + s39.size() + ' ' + s39.contains(55140)
def s40 = ["motion67", "power", "humidity", "q", "Living Room65", "humidity37", "kitchen", "Home", "hue", "energy", "kitchen", "mode", "battery42", "bb", "level", "Living Room6", "level72", "door", "saturation87", "lock74", "kitchen", "off", "Living Room2", "Home", "door", "Away", "hue81", "motion78", "saturation79", "on", "energy71", "lock", "energy97", "battery28", "lock", "Night0", "mode", "Away", "hue28", "power"] as HashSet
s40 = s40 - ["humidity"]
s40.add("lock85")
s40.addAll(["ccc53", "humidity26", "battery"])
s40.remove("energy")
s40.add("motion77")
s40.add("Home")
s40.add("bb")
println s40
println s40.collect { it }.join(',') + ' ' + s40.getClass().simpleName + ' ' + s40.size() + ' ' + s40.contains("x126")
def s41 = [68647, 32, 39116, 5866, 57, 4542, 23, 126, 112, 11, 160, 213, 84012, 167, 60607, 256, 26381, 74753, 242, 4468, 72196, 43169, 75, 244, 1704, -39, 2489, 29316, 74104, 111, 54460, 64600, 241] as Set
s41.remove(60607)
s41.add(-3)
s41.add(84012)
s41.remove(96)
println s41
println s41.collect { it }.join(',') + ' ' + s41.getClass().simpleName + ' ' + s41.size() + ' ' + s41.contains(16103)
def s42 = [50558, 228, 13011, 227, 96, 199, 84344, 48, -31, 2, 96, 82476, 261, 8291, 59688, 28, 1024, 27, -43, 160, 279, 96, -12, 80, 96, 160, 83229, 287].toSet()
s42.addAll([48, 112, 16])
s42 = s42 - [72174]
s42 = s42 - [96]
s42.add(96)
s42.add(57256)
s42.remove(-36)
s42.add(6733)
s42.add(96)
println s42
println s42.collect { it }.join(',') + ' ' + s42.getClass().simpleName + ' ' + s42.size() + ' ' + s42.contains(29)
def s43 = new HashSet()
[293, 118, 48, 45784, 22932, 64, 253, 78614, 32, 80, -13, 73666, 16, 512, 160, 80, 91, 180, 96, 128, 112, 160, 512, 37344, 205, 11214, 144, 85, 494, 160, 206, 88392, 512, 512, 136, 16, 42422, 32, 232, 85130, 160, 80, 10627, 48, 236, 512, 512, 82576].each { s43 << it }
s43.add(512)
s43 = s43 + [32, 1024]
s43.add(78614)
println s43
println s43.collect { it }.join(',') + ' ' + s43.getClass().simpleName + ' ' + s43.size() + ' ' + s43.contains(63390)
def s44 = new TreeSet([155, 144, 45641])
s44 = s44 - [96]
s44 = s44 - [112]
s44 = s44.toSet()
s44.add(45641)
s44.add(112)
s44 = s44 - [155]
s44.add(39456)
println s44
println s44.collect { it }.join(',') + ' ' + s44.getClass().simpleName + ' ' + s44.size() + ' ' + s44.contains(36571)
def s45 = [101, 45628, -38, 73, 51900, 67, 5584, 144, 512, 16, 111, -34, 271, 512].toSet()
s45.remove(5584)
println s45
println s45.collect { it }.join(',') + ' ' + s45.getClass().simpleName + ' ' + s45.size() + ' ' + s45.contains(297)
def s46 = new TreeSet([71917, 99765, 64, 1274])
s46.add(33369)
s46.add(255)
s46.add(72745)
s46.add(80)
s46.addAll([99765, -40, 64])
s46.add(1274)
println s46
println s46.collect { it }.join(',') + ' ' + s46.getClass().simpleName + ' ' + s46.size() + ' ' + s46.contains(28134)
def s47 = new HashSet([33070, 83, 164, 13020, 11897, 512, 32, 86749, 32, 22561, 182, 256, 72381, 32048, 1024, 96, 215, 48, 91911, 6464, 250, 128, 110, 64, 64535, 296, 256, 112, 164, 32, 92, -23, 64, 17498, 49076, 78, 233, 160, 160, 79326, 43466, 61365, 24895, 139, 46248, -39, -37, 96, 53970, 112, 314, 80])
s47.add(96)
s47.add(28)
s47.add(256)
s47 = s47.toSet()
s47 = s47.findAll { it.toString().size() > 1 }
s47.addAll([110, 8133, 86841])
s47.add(237)
s47.add(83509)
s47.add(1024)
println s47
println s47.collect { it }.join(',') + ' ' + s47.getClass().simpleName + ' ' + s47.size() + ' ' + s47.contains(160)
def s48 = ["lock", "kitchen39"].toSet()
s48 = s48.findAll { it.toString().size() > 1 }
s48 = s48 + ["lock", "door65"]
s48.add("presence")
s48.addAll(["x243", "presence", "mode88"])
s48.add("kitchen39")
s48 = s48 + ["lock68", "bb"]
s48.add("kitchen39")
println s48
println s48.collect { it }.join(',') + ' ' + s48.getClass().simpleName + ' ' + s48.size() + ' ' + s48.contains("switch")
def s49 = new HashSet()
[250, 160].each { s49 << it }
s49.addAll([250, 16, 75673])
println s49
println s49.collect { it }.join(',') + ' ' + s49.getClass().simpleName + ' ' + s49.size() + ' ' + s49.contains(14884)
def s50 = new TreeSet([80, 182, -1, 252, 1024, 112, 275, 96641, 237, 256, 86920, 6, 1024, 16623, 144, 92273, 10513, 41386, 512, 83, 32195, 37, 62343, 254, 60, 95310, 7798, 144, 4755, 128, 231, 64, 49410, 99231, 201])
s50.remove(144)
s50.add(86920)
s50 = s50.findAll { it.toString().size() > 1 }
s50.remove(275)
s50 = s50 - [32925]
s50.add(1024)
s50 = s50 + [231, 92942]
s50.remove(16)
s50 = s50 + [193, 3555]
s50.add(80)
println s50
println s50.collect { it }.join(',') + ' ' + s50.getClass().simpleName + ' ' + s50.size() + ' ' + s50.contains(15649)
def s51 = ["level3", "x114", "mode", "zz83", "q", "temperature3", "mode19", "kitchen69", "on", "zz89", "presence63", "presence66", "saturation", "bb", "zz60", "q75", "presence", "mode62", "saturation", "off71", "off51", "power", "kitchen20", "Away49", "battery25", "energy47", "mode", "hue", "saturation3", "x190", "motion83", "level", "power45", "Night58", "kitchen", "saturation", "bb66", "level", "motion40", "motion", "energy", "zz47", "hue96", "door", "Night", "door39", "Home", "switch53", "energy", "Home26", "on38", "Living Room", "lock", "hue66", "ccc"] as Set
s51.addAll(["Night", "x131", "humidity5"])
s51.add("zz47")
s51 = s51.toSet()
s51.add("saturation")
s51 = s51 + ["on42", "x170"]
s51 = s51 + ["off", "motion"]
s51.addAll(["lock76", "Living Room", "lock54"])
s51.remove("x114")
s51.remove("humidity20")
println s51
println s51.collect { it }.join(',') + ' ' + s51.getClass().simpleName + ' ' + s51.size() + ' ' + s51.contains("x2")
def s52 = [34, 189, 96, 97, 48, 1024, 186, 160, 125, 12, 93, -42, 1024, 212, 270] as Set
s52.addAll([270, 35812, 16])
s52.remove(32)
s52.add(27)
println s52
println s52.collect { it }.join(',') + ' ' + s52.getClass().simpleName + ' ' + s52.size() + ' ' + s52.contains(512)
def s53 = new HashSet(["x211", "x112", "x2", "lock54", "mode", "Night27", "ccc6", "battery"])
s53.add("power")
println s53
println s53.collect { it }.join(',') + ' ' + s53.getClass().simpleName + ' ' + s53.size() + ' ' + s53.contains("Night")
def s54 = new TreeSet([-23, 32, 80, -31, 1024, 23807, -10, 14579, 160, 80366, 52, 1024, 40753, 17, 144, 32, 24348, 253, 97460, 49292, 94355, 32, 63368, 56040, -8, 80822, 35204, 226, 25879])
println s54
println s54.collect { it }.join(',') + ' ' + s54.getClass().simpleName + ' ' + s54.size() + ' ' + s54.contains(96)
def s55 = ["lock11", "kitchen", "hue", "humidity", "bb56"] as HashSet
s55.remove("humidity")
s55.addAll(["bb56", "temperature", "battery"])
s55.addAll(["a64", "ccc", "lock"])
s55.add("humidity")
s55.add("ccc9")
s55.add("switch")
s55.remove("bb56")
s55.add("kitchen")
s55 = s55 - ["off33"]
println s55
println s55.collect { it }.join(',') + ' ' + s55.getClass().simpleName + ' ' + s55.size() + ' ' + s55.contains("lock34")
def s56 = [83, 112, 20349, 150, 96, 32, 64, 36818, 208, 28128, 512, 69293, 21137, 20, 38673, 280, 94, 175] as HashSet
s56.remove(83)
println s56
println s56.collect { it }.join(',') + ' ' + s56.getClass().simpleName + ' ' + s56.size() + ' ' + s56.contains(82945)
def s57 = [64, 17480, 39, 51113, 87824, 133, 62770, 1680, 46063, 1024, 64, 38, 32303, 160, 128, 512, 40, 128, 45807, 112, 144, 73605, 138, 48, 36914, 47099, 90592, 91702, 160, 16, 60599, 48, 37077, 26, 32, 80, 256, 144, -25, -13, 38236, 50952, 53953, 32, 160, 112, 43726, 192, 144, 148, 48, 32, 236, 21, 63, -14] as HashSet
s57.add(46063)
s57 = s57 - [48]
println s57
println s57.collect { it }.join(',') + ' ' + s57.getClass().simpleName + ' ' + s57.size() + ' ' + s57.contains(112)
def s58 = [144, 16, 83783, 256, 53835, -15, 99733, 13806, 186, 216, 159, 64, 1024, 1024, -12, 256, 128, 177, 299, 92803, 203, 96, 232, 80649, 1364, 58469, 74105, 6027, 144, 96, 96, 512, 92146, 54429, 26901, 256, 105, 194, 46098, 205, 112, 112, 36395, 30756, 287, 256].toSet()
s58 = s58 + [50060, 104]
s58 = s58 + [256, 80519]
println s58
println s58.collect { it }.join(',') + ' ' + s58.getClass().simpleName + ' ' + s58.size() + ' ' + s58.contains(112)
def s59 = ["x298"].toSet()
s59.add("off45")
s59.add("a")
s59.add("x298")
s59.add("Home88")
s59.addAll(["a", "door18", "Home"])
s59.add("ccc95")
println s59
println s59.collect { it }.join(',') + ' ' + s59.getClass().simpleName + ' ' + s59.size() + ' ' + s59.contains("a")
def s60 = new HashSet()
["kitchen", "motion", "zz", "ccc", "q3", "humidity39", "battery78", "zz38", "power", "temperature91", "power", "switch", "bb", "x1", "bb19", "humidity", "humidity", "x210", "a66", "motion", "off76", "switch94", "Away", "Home8", "switch", "x1", "saturation", "bb", "Living Room", "a", "kitchen35", "a", "battery", "switch5", "Away", "battery", "x2", "power", "off88", "off78"].each { s60 << it }
s60.addAll(["a", "temperature39", "saturation34"])
println s60
println s60.collect { it }.join(',') + ' ' + s60.getClass().simpleName + ' ' + s60.size() + ' ' + s60.contains("motion72")
def s61 = new TreeSet(["humidity24", "a8", "temperature66", "a", "motion39", "a33", "bb53", "x222", "energy62", "Night81", "power8", "Living Room96", "lock", "battery", "temperature81", "switch", "hue96", "saturation", "hue34", "door", "bb61", "energy", "Home9", "switch", "Night", "mode97", "presence56", "on43", "q", "bb1", "power", "saturation", "ccc76", "presence26", "power90", "Home18"])
s61.addAll(["x222", "power", "Night6"])
s61.add("presence26")
s61.add("x222")
s61 = s61.toSet()
s61 = s61.toSet()
s61.add("hue")
println s61
println s61.collect { it }.join(',') + ' ' + s61.getClass().simpleName + ' ' + s61.size() + ' ' + s61.contains("bb39")
def s62 = new HashSet()
["zz32", "x156", "x2", "Home", "presence17", "zz70", "energy", "q49", "q8", "saturation77", "x261", "kitchen", "q26", "battery", "ccc81", "Home", "switch17", "Night", "x2", "battery", "door28", "motion", "x1", "hue18", "battery", "saturation39", "Home56", "x274", "Living Room89", "bb", "ccc", "motion61", "Night", "ccc76", "door95", "humidity68", "Living Room38", "hue37", "presence69", "Home", "door60", "ccc13", "zz4", "kitchen12", "Away94", "kitchen", "humidity", "power28", "zz", "x2", "energy1", "kitchen29", "zz52", "x1", "zz", "off", "energy"].each { s62 << it }
s62.add("power36")
println s62
println s62.collect { it }.join(',') + ' ' + s62.getClass().simpleName + ' ' + s62.size() + ' ' + s62.contains("temperature")
def s63 = new HashSet([256, 57293, 64635, 144, 95936, 80, 128, 64, 88035, 19, 248, 256, 45, 64, 41908, 96, 88, 69102, 36790, 32, 86756, -14, 33148, 64, 111, 133, 32, 31, 89888, 35849, 60494, 12238, 112])
println s63
println s63.collect { it }.join(',') + ' ' + s63.getClass().simpleName + ' ' + s63.size() + ' ' + s63.contains(11271)
def s64 = new HashSet()
[1, 64, 1024, 16, 96, 30555, 19506, 128, 84551, 32, 144, 4432, 64, 173, 144, 31514, 21, 512, 11213, 24218, 75669, 1024, 5959, 17920, 75405, 14916, 192, 72612, 117, 32, 114, -22, 256, 299, 16, 253, 51, 80].each { s64 << it }
s64.add(26163)
s64 = s64.toSet()
s64.add(268)
println s64
println s64.collect { it }.join(',') + ' ' + s64.getClass().simpleName + ' ' + s64.size() + ' ' + s64.contains(144)
def s65 = new HashSet()
["battery", "q", "x192", "door74", "off86", "a", "Home98", "x2", "Living Room91", "Home73", "humidity32", "off93", "lock67", "temperature75", "switch95", "bb97", "power", "humidity", "a", "energy", "kitchen69", "switch", "x2", "power", "lock52", "Night", "Away", "power63", "battery", "Away90", "Night13", "x2", "battery70", "x170", "hue16", "x29", "hue", "lock", "x166", "ccc", "Home", "lock52", "x2", "Living Room19", "Night73", "temperature", "saturation", "off"].each { s65 << it }
s65.add("energy")
s65.addAll(["kitchen69", "power69", "bb"])
s65.addAll(["mode29", "saturation48", "a74"])
s65.add("mode37")
s65 = s65.toSet()
println s65
println s65.collect { it }.join(',') + ' ' + s65.getClass().simpleName + ' ' + s65.size() + ' ' + s65.contains("Home2")
def s66 = [15650, 48, 53983, 512, 260, -4, 61, 72368, 110, 43, 143, 34, 80, 80, 16, 43241, 94858, 118, 32, 134, 64, 144, 10309, 16, 41492, 128, 54150, 73] as Set
s66 = s66 - [77843]
s66 = s66 - [48]
println s66
println s66.collect { it }.join(',') + ' ' + s66.getClass().simpleName + ' ' + s66.size() + ' ' + s66.contains(15020)
def s67 = new TreeSet([24767, 192, 83, 298, 59776, 96, 32, 4988, 64, 256, -39, 96, 36558, 32862, 36999, 26241, 80, 160, 64, 99482, 512, 512, 210, 292, 48, 112, 48, 50056, 231, 160, 210, 58304, 58523, 83098, 144, 29204, 91, -11, 160, 63094, 52309, 69424, 285, 110, 273, 39])
s67.addAll([96, 256, 111])
s67.add(-11)
s67.remove(512)
s67.remove(193)
s67.add(91)
s67.remove(230)
s67 = s67.toSet()
s67 = s67 - [-11]
println s67
println s67.collect { it }.join(',') + ' ' + s67.getClass().simpleName + ' ' + s67.size() + ' ' + s67.contains(80)
def s68 = new HashSet(["off15", "x1", "door", "Away", "x117", "kitchen", "x12", "level", "zz66", "x1", "door11", "power", "x159", "kitchen", "q28", "off51", "zz", "humidity", "ccc22", "bb6", "ccc", "motion66", "temperature", "level", "mode", "off6", "Night"])
s68.add("switch")
s68 = s68 + ["motion66", "bb"]
s68.remove("x1")
println s68
println s68.collect { it }.join(',') + ' ' + s68.getClass().simpleName + ' ' + s68.size() + ' ' + s68.contains("humidity64")
def s69 = [139, 32, 54375, 96, 96, 36, 72220, 34593, -31, 48, 25, 160, -1, 26760, 242, 99, 85, 18368, 83631, 112, 40189, 189, 74455, 72, 110, -42, 19339, 76259, 49984, 128, 40764, 26110, 96930, 238, 227, 95019, 257, 112, 98030, 256, 45812, 92318, -1, 162, 256, 72746, 19237, 93621, 51422, 512, 45515, 9688, 205, 80, 282, 512, 50403, 97198].toSet()
s69.addAll([57844, 16, 144])
s69.add(48)
s69 = s69 + [64, 64047]
s69 = s69.toSet()
s69.add(160)
s69 = s69 - [48]
s69 = s69 + [256, 64]
s69.remove(168)
println s69
println s69.collect { it }.join(',') + ' ' + s69.getClass().simpleName + ' ' + s69.size() + ' ' + s69.contains(20)
def s70 = [31, 32, 144, 144, 84799, 112, 16, 186, 67976, 190, 53939, 144, 48670, 86723, 48, 144, 89178] as Set
s70 = s70 - [64]
s70 = s70 - [-35]
s70 = s70.toSet()
s70 = s70.toSet()
s70.add(48100)
s70.addAll([144, 149, -50])
s70.add(221)
s70 = s70 - [16]
s70 = s70.toSet()
println s70
println s70.collect { it }.join(',') + ' ' + s70.getClass().simpleName + ' ' + s70.size() + ' ' + s70.contains(144)
def s71 = [48, 42895, 63675, -26, 32, 1, 267, 240, 32, 9576, 47389, 182, 256, 100, 512, 97559, 144, 144, 46618, 54649, 85784, 9, 128, 148, 52375, 73961, 91, 16, 9424, 44332, 105, 64045].toSet()
s71.add(65)
s71.add(96)
s71.add(32)
s71 = s71.toSet()
s71 = s71 - [32]
s71.add(128)
s71.addAll([144, 81, 4445])
s71 = s71 + [9576, 16441]
s71.addAll([205, 45516, 249])
s71 = s71 - [229]
println s71
println s71.collect { it }.join(',') + ' ' + s71.getClass().simpleName + ' ' + s71.size() + ' ' + s71.contains(262)
def s72 = new HashSet(["on", "q", "mode24", "q31", "power64", "level55", "kitchen", "humidity18", "on", "battery93"])
s72.add("Away12")
s72 = s72 + ["q59", "Night80"]
s72 = s72 - ["level55"]
s72.remove("Night91")
s72 = s72 - ["saturation"]
println s72
println s72.collect { it }.join(',') + ' ' + s72.getClass().simpleName + ' ' + s72.size() + ' ' + s72.contains("bb82")
def s73 = ["Living Room78", "energy", "a26", "energy", "q16", "bb41", "door", "battery97", "Living Room", "kitchen61", "humidity2", "a", "bb98", "off86", "x259", "off", "ccc38", "switch", "motion31", "hue", "q", "zz82", "battery42", "presence", "off", "humidity", "switch25", "Living Room89", "q11", "zz", "lock", "battery"] as Set
s73 = s73 - ["humidity2"]
s73.add("saturation14")
s73.add("level")
s73.add("energy")
s73.remove("battery")
s73 = s73.toSet()
s73.add("presence")
println s73
println s73.collect { it }.join(',') + ' ' + s73.getClass().simpleName + ' ' + s73.size() + ' ' + s73.contains("door34")
def s74 = new HashSet(["presence18", "x2", "lock89", "switch95", "temperature71", "kitchen32", "level", "ccc62", "motion46", "q80", "q", "saturation9", "Away", "power", "lock", "Home", "off", "humidity61", "Night54", "Home", "battery43", "Night52", "switch66", "a", "x1", "temperature", "x267", "ccc", "door4", "level65", "level", "level", "battery50", "ccc97", "x115", "mode", "saturation17", "off7", "Home", "q25", "power", "zz50"])
s74 = s74.findAll { it.toString().size() > 1 }
s74 = s74 + ["level", "x2"]
s74 = s74 + ["motion", "mode62"]
s74.addAll(["hue", "Living Room79", "x1"])
s74.addAll(["off", "temperature93", "temperature88"])
println s74
println s74.collect { it }.join(',') + ' ' + s74.getClass().simpleName + ' ' + s74.size() + ' ' + s74.contains("ccc95")
def s75 = ["presence58", "energy8", "ccc13", "saturation38", "Living Room", "energy", "bb", "ccc", "Away", "level14", "Night19", "temperature34", "q", "humidity"] as Set
s75 = s75 + ["saturation69", "humidity73"]
s75 = s75.toSet()
println s75
println s75.collect { it }.join(',') + ' ' + s75.getClass().simpleName + ' ' + s75.size() + ' ' + s75.contains("a13")
def s76 = new HashSet([52279, -1, 87006, 64, 64, 262, 123, 95288, 120, 112, 192, 512, 128, 32, 19866, 12218, 188, 16, 1, 96, 41186, 32, 48, 31, 144, 269, 37620, 16, 1024, 48, 44002, 144, 34005, 76489, 21, 64, 81178, 112, 53752, 74827, 55219, 512, 70957, 49241, 213, 238, 32, 58706, 204, 98773, 43701, 234, 54163, 32, 162, 16, 128])
s76.add(214)
s76 = s76 - [64]
s76.add(234)
s76.add(45309)
s76 = s76 - [16]
s76 = s76.toSet()
s76.add(162)
s76 = s76.findAll { it.toString().size() > 1 }
s76.add(34005)
println s76
println s76.collect { it }.join(',') + ' ' + s76.getClass().simpleName + ' ' + s76.size() + ' ' + s76.contains(270)
def s77 = [92857, 55107, 75600, 132, 30, 62633, 32, 1024, 78504, 42215, 49356, 102, 95524, 160, 59, 110, 1024] as Set
s77.add(216)
s77.addAll([1024, 16, 160])
println s77
println s77.collect { it }.join(',') + ' ' + s77.getClass().simpleName + ' ' + s77.size() + ' ' + s77.contains(256)
def s78 = new HashSet()
[61938, 80, 264, 61442, 112, 76984, 32, 120, 85, 144, 48, 98679, 33099, 160, 126, 24767, 3456, 130, 95916, 64, 160, 120, 256, 160, 96, 52096, 1024, 13, 65, 14550, 203, 96].each { s78 << it }
s78 = s78.findAll { it.toString().size() > 1 }
s78.addAll([160, 64, 16])
s78.add(161)
s78 = s78 - [186]
s78 = s78.findAll { it.toString().size() > 1 }
s78.add(15551)
s78 = s78 - [28856]
println s78
println s78.collect { it }.join(',') + ' ' + s78.getClass().simpleName + ' ' + s78.size() + ' ' + s78.contains(48)
def s79 = new HashSet(["lock35", "x2", "off27", "energy87", "x2", "power", "zz44", "mode41", "hue87", "level", "kitchen"])
s79.addAll(["door", "motion70", "presence"])
s79 = s79.toSet()
s79.add("energy")
s79.addAll(["hue87", "door", "hue24"])
s79.remove("ccc49")
s79.add("temperature")
println s79
println s79.collect { it }.join(',') + ' ' + s79.getClass().simpleName + ' ' + s79.size() + ' ' + s79.contains("a")
//> [humidity93, power95, door, level17, ccc, Night, presence69, mode34, presence22, saturation, energy84, mode, Away, q39, humidity, humidity53, Night61, energy, presence95, a89, level, temperature9, mode92, bb70, x1, x2, ccc97, zz61, saturation76, switch, bb20, temperature, a62, kitchen, Home, Living Room52, battery12, a, saturation64, motion, temperature88, mode21, battery90, Away66, off, q21, q, on19, Living Room, energy77, lock85, door8]
//> humidity93,power95,door,level17,ccc,Night,presence69,mode34,presence22,saturation,energy84,mode,Away,q39,humidity,humidity53,Night61,energy,presence95,a89,level,temperature9,mode92,bb70,x1,x2,ccc97,zz61,saturation76,switch,bb20,temperature,a62,kitchen,Home,Living Room52,battery12,a,saturation64,motion,temperature88,mode21,battery90,Away66,off,q21,q,on19,Living Room,energy77,lock85,door8 HashSet 52 false
//> [Living Room9, Night, ccc12, switch74, temperature69, x288, zz]
//> Living Room9,Night,ccc12,switch74,temperature69,x288,zz TreeSet 7 false
//> [bb, Home, humidity65, Away, level53, power98, mode, humidity, energy, off, temperature51, switch, x147, temperature23, a37, q9, x2, ccc, q, level41, lock20, battery6, x1, a, hue55, presence, presence56, level83, q86, motion, Living Room77, door34, temperature, humidity71, motion95, battery, hue, switch43, saturation, off93, hue82, ccc47, x213]
//> bb,Home,humidity65,Away,level53,power98,mode,humidity,energy,off,temperature51,switch,x147,temperature23,a37,q9,x2,ccc,q,level41,lock20,battery6,x1,a,hue55,presence,presence56,level83,q86,motion,Living Room77,door34,temperature,humidity71,motion95,battery,hue,switch43,saturation,off93,hue82,ccc47,x213 LinkedHashSet 43 false
//> [64, 512, 128, 256, 2, 98695, 9350, 80585, 48651, 99340, 144, 32723, 214, 5399, 154, 222, 160, 96, 16545, -42, 29487, 112, 245, 88697]
//> 64,512,128,256,2,98695,9350,80585,48651,99340,144,32723,214,5399,154,222,160,96,16545,-42,29487,112,245,88697 HashSet 24 false
//> [ccc64, battery24, power96, ccc, saturation48, Home78, Away96, kitchen4, motion63, battery3, level83, temperature, hue, power, switch79, energy33, on]
//> ccc64,battery24,power96,ccc,saturation48,Home78,Away96,kitchen4,motion63,battery3,level83,temperature,hue,power,switch79,energy33,on LinkedHashSet 17 false
//> [32, 80, 31330, 83, 159, 291, 66, 1, -26, 256, 12419, 48, 6222]
//> 32,80,31330,83,159,291,66,1,-26,256,12419,48,6222 LinkedHashSet 13 true
//> [-41, -13, 16, 32, 42, 48, 78, 116, 160, 174, 194, 195, 219, 226, 253, 256, 259, 290, 512, 1024, 1529, 4614, 8466, 9948, 14236, 26358, 30040, 32531, 63692, 85326]
//> -41,-13,16,32,42,48,78,116,160,174,194,195,219,226,253,256,259,290,512,1024,1529,4614,8466,9948,14236,26358,30040,32531,63692,85326 TreeSet 30 false
//> [bb, Away, Away6, x280, level93, saturation13, power13, battery, a62]
//> bb,Away,Away6,x280,level93,saturation13,power13,battery,a62 HashSet 9 false
//> [1024, 512, 4097, 68611, 25347, 196, 200, 58381, 142, 144, 146, 37331, 88, -28, 27, 13085, 59357, 30, 160, 32, 12896, 97, 97762, 10341, 25896, 71465, 51752, 169, 7209, 298, 107, 9579, 57581, 48, 112, 89138, 26040, 184, 59, 70266, 77183, 126]
//> 1024,512,4097,68611,25347,196,200,58381,142,144,146,37331,88,-28,27,13085,59357,30,160,32,12896,97,97762,10341,25896,71465,51752,169,7209,298,107,9579,57581,48,112,89138,26040,184,59,70266,77183,126 LinkedHashSet 42 false
//> [80, 512, 25, 71610, 227, 223, 46300, 44239, 17161]
//> 80,512,25,71610,227,223,46300,44239,17161 LinkedHashSet 9 false
//> [43900, 48, 208, 18, 9082, 32899, 47155, 48189, 70707, 21, 37972, 256, 512, 261, 245, 128, 112, 153, 99170, 21280, 156, 2, 92087, 20, 114, 98199, 61, 282, 194, 70987, 140, 59598, 173]
//> 43900,48,208,18,9082,32899,47155,48189,70707,21,37972,256,512,261,245,128,112,153,99170,21280,156,2,92087,20,114,98199,61,282,194,70987,140,59598,173 LinkedHashSet 33 false
//> [bb, door, presence82, x240, ccc, hue41, ccc12, temperature55, kitchen47, kitchen48, mode75, switch, saturation, mode, switch48, temperature, humidity, lock, power, a81, off34, presence, kitchen, Home, humidity52, energy24, hue93, a89, x270, level, Home28, mode69, bb88, off, x253, q, Night39, q24, energy98, Night37, x1, saturation63, battery36, saturation82]
//> bb,door,presence82,x240,ccc,hue41,ccc12,temperature55,kitchen47,kitchen48,mode75,switch,saturation,mode,switch48,temperature,humidity,lock,power,a81,off34,presence,kitchen,Home,humidity52,energy24,hue93,a89,x270,level,Home28,mode69,bb88,off,x253,q,Night39,q24,energy98,Night37,x1,saturation63,battery36,saturation82 HashSet 44 true
//> [zz, door, ccc, battery44, battery88, Night, Away10, x169, q75, x264, mode, saturation, Away, motion47, temperature, humidity, lock, power, kitchen, presence, switch46, Home, Living Room96, saturation73, energy, on, door39, a, kitchen97, saturation20, off81, battery97, switch70, temperature46, on41, temperature4, hue15, x211, Night16, a4, motion10, on58, zz6, hue, switch73, Living Room60, energy13]
//> zz,door,ccc,battery44,battery88,Night,Away10,x169,q75,x264,mode,saturation,Away,motion47,temperature,humidity,lock,power,kitchen,presence,switch46,Home,Living Room96,saturation73,energy,on,door39,a,kitchen97,saturation20,off81,battery97,switch70,temperature46,on41,temperature4,hue15,x211,Night16,a4,motion10,on58,zz6,hue,switch73,Living Room60,energy13 HashSet 47 false
//> [zz, door, humidity92, humidity51, saturation1, level18, Night, ccc35, zz84, zz40, lock39, zz42, x127, battery, Away94, hue27, bb33, mode, saturation, Away, energy21, lock, humidity, saturation52, kitchen, presence, energy, x295, level, x114, off, Living Room7, q23, humidity28, switch19, Living Room, off49, Living Room81, hue, motion13, x2, humidity9]
//> zz,door,humidity92,humidity51,saturation1,level18,Night,ccc35,zz84,zz40,lock39,zz42,x127,battery,Away94,hue27,bb33,mode,saturation,Away,energy21,lock,humidity,saturation52,kitchen,presence,energy,x295,level,x114,off,Living Room7,q23,humidity28,switch19,Living Room,off49,Living Room81,hue,motion13,x2,humidity9 HashSet 42 false
//> [temperature, level71, kitchen79, Living Room, door62, off39, ccc, saturation, power55, bb95, zz41, a42, hue, q30, x15, switch9, presence3, Home, Away, zz, door, mode, door59, lock29, kitchen, bb, x2, x259, level28, off78, lock86, q49, level35, humidity, energy89, energy95, motion, battery, off, x285, Night, level, kitchen93, presence, switch29, on19, x283, power, kitchen25]
//> temperature,level71,kitchen79,Living Room,door62,off39,ccc,saturation,power55,bb95,zz41,a42,hue,q30,x15,switch9,presence3,Home,Away,zz,door,mode,door59,lock29,kitchen,bb,x2,x259,level28,off78,lock86,q49,level35,humidity,energy89,energy95,motion,battery,off,x285,Night,level,kitchen93,presence,switch29,on19,x283,power,kitchen25 LinkedHashSet 49 false
//> [q34, x2, a, bb, mode59, mode, hue, hue85, temperature, x217, kitchen91, off89, Night77, zz, Away62, level59, Night, ccc, saturation99, presence8, off, energy69, saturation40, door58, energy70, temperature95, battery, temperature27, level80, Living Room53, door]
//> q34,x2,a,bb,mode59,mode,hue,hue85,temperature,x217,kitchen91,off89,Night77,zz,Away62,level59,Night,ccc,saturation99,presence8,off,energy69,saturation40,door58,energy70,temperature95,battery,temperature27,level80,Living Room53,door LinkedHashSet 31 false
//> [Away, Away30, Away42, Home, Living Room, Night, Night68, Night76, a30, a65, battery, battery0, battery26, battery82, bb11, ccc, door99, energy, energy93, hue, hue15, hue65, humidity, level, level30, mode, mode91, motion67, off, off89, on, on42, on62, power, presence, saturation, switch, switch37, temperature, temperature36, x1, x131, x2, zz, zz69]
//> Away,Away30,Away42,Home,Living Room,Night,Night68,Night76,a30,a65,battery,battery0,battery26,battery82,bb11,ccc,door99,energy,energy93,hue,hue15,hue65,humidity,level,level30,mode,mode91,motion67,off,off89,on,on42,on62,power,presence,saturation,switch,switch37,temperature,temperature36,x1,x131,x2,zz,zz69 TreeSet 45 true
//> [zz, a, hue70, level, saturation36, humidity90, Away12, kitchen17, kitchen28, mode26, switch, presence77, on24, motion67, Living Room, temperature, a95, Home, humidity41, energy]
//> zz,a,hue70,level,saturation36,humidity90,Away12,kitchen17,kitchen28,mode26,switch,presence77,on24,motion67,Living Room,temperature,a95,Home,humidity41,energy HashSet 20 false
//> [-31, -27, -10, 3, 16, 32, 48, 62, 64, 74, 80, 87, 96, 98, 115, 122, 140, 144, 148, 182, 215, 217, 228, 245, 256, 512, 1024, 12330, 19242, 40450, 41857, 44886, 54357, 60335, 63513, 64335, 69083, 74034, 76863, 88805, 93904]
//> -31,-27,-10,3,16,32,48,62,64,74,80,87,96,98,115,122,140,144,148,182,215,217,228,245,256,512,1024,12330,19242,40450,41857,44886,54357,60335,63513,64335,69083,74034,76863,88805,93904 TreeSet 41 true
//> [256, 128, 2, 66, -4, 39750, 134, 92103, -12, 12, 16, 147, 83, 91989, 61087, 160, 96, 95906, -37, 65060, 229, -40, 51752, 105, 7466, 236, 37485, 62191, 112, 177, 87730, 50164, 5876, 182, 187, 54041, 88872]
//> 256,128,2,66,-4,39750,134,92103,-12,12,16,147,83,91989,61087,160,96,95906,-37,65060,229,-40,51752,105,7466,236,37485,62191,112,177,87730,50164,5876,182,187,54041,88872 LinkedHashSet 37 false
//> [bb, hue61, level18, ccc76, presence64, switch, q96, motion82, Away, lock71, humidity, saturation30, lock32, Living Room93, energy, ccc42, power62, power88, temperature88, x113, kitchen4, motion56, Living Room, battery0, motion3, door55, motion59, off23, zz26, power71, humidity21, Home4]
//> bb,hue61,level18,ccc76,presence64,switch,q96,motion82,Away,lock71,humidity,saturation30,lock32,Living Room93,energy,ccc42,power62,power88,temperature88,x113,kitchen4,motion56,Living Room,battery0,motion3,door55,motion59,off23,zz26,power71,humidity21,Home4 HashSet 32 false
//> [door, ccc, mode38, Away76, Away50, battery, saturation, mode, Away, lock73, q79, energy43, motion22, temperature, humidity, switch41, kitchen, energy25, humidity76, x273, level, power29, presence54, on83, off, level47, bb75, q, Living Room, x1, zz8, hue, energy17, x2, motion37, switch9, lock64, energy8]
//> door,ccc,mode38,Away76,Away50,battery,saturation,mode,Away,lock73,q79,energy43,motion22,temperature,humidity,switch41,kitchen,energy25,humidity76,x273,level,power29,presence54,on83,off,level47,bb75,q,Living Room,x1,zz8,hue,energy17,x2,motion37,switch9,lock64,energy8 HashSet 38 false
//> [21114, 517, 80, 64]
//> 21114,517,80,64 LinkedHashSet 4 false
//> [1024, 128, 256, 99078, 75, 12, 42188, 70604, 64653, 144, 80, 85, 278, 282, 52250, 155, 1627, 94429, 160, 32, 50850, 93475, -36, -38, 169, 235, 112, 49, 244, 250, 70269, 19069]
//> 1024,128,256,99078,75,12,42188,70604,64653,144,80,85,278,282,52250,155,1627,94429,160,32,50850,93475,-36,-38,169,235,112,49,244,250,70269,19069 LinkedHashSet 32 true
//> [80, 32, 144, 98707, 226, -5, 117, 119, -40, -48, 8159]
//> 80,32,144,98707,226,-5,117,119,-40,-48,8159 HashSet 11 false
//> [13056, 512, 256, 97601, 1, 91272, 69962, 139, 47180, 97295, 144, 80, 16, 17, 95893, 214, 89495, 92379, 91292, 286, 160, 32, 96, 43236, 19882, 10156, 44, 237, 76655, 48, 112, 113, 89458, 115, 34228, 47865]
//> 13056,512,256,97601,1,91272,69962,139,47180,97295,144,80,16,17,95893,214,89495,92379,91292,286,160,32,96,43236,19882,10156,44,237,76655,48,112,113,89458,115,34228,47865 HashSet 36 true
//> [32, 41, 112, 134, 233, 7834]
//> 32,41,112,134,233,7834 TreeSet 6 false
//> [door, ccc, Living Room76, switch3, Night, hue41, off93, temperature99, hue89, x124, power19, saturation, off1, Night22, q38, Night65, lock, kitchen90, temperature92, presence, Living Room71, saturation50, energy, humidity10, Living Room44, lock29, mode44, Home29, x1, x2, zz, mode5, saturation32, ccc55, battery, Home58, switch, motion25, temperature, power, zz16, kitchen, Home, battery56, battery99, motion, switch70, level23, lock83, door5, mode72, Living Room, hue, switch78, lock42]
//> door,ccc,Living Room76,switch3,Night,hue41,off93,temperature99,hue89,x124,power19,saturation,off1,Night22,q38,Night65,lock,kitchen90,temperature92,presence,Living Room71,saturation50,energy,humidity10,Living Room44,lock29,mode44,Home29,x1,x2,zz,mode5,saturation32,ccc55,battery,Home58,switch,motion25,temperature,power,zz16,kitchen,Home,battery56,battery99,motion,switch70,level23,lock83,door5,mode72,Living Room,hue,switch78,lock42 HashSet 55 true
//> [52294, 76404, 13985, 72288]
//> 52294,76404,13985,72288 LinkedHashSet 4 false
//> [1024, 128, 512, 95488, 14598, 52487, 265, 74634, 144, 145, 146, 274, 19, 277, 22, -24, 88857, -30, 285, 160, 32, 65313, 34, 62882, 88613, 42, 14383, 48, 50, 182, 91451, 62013, 12096, 66, 90821, 93769, 65867, 86474, 80, 212, 49876, 26222, 10478, 112, 30577, 243, 18934, 51064, 77774, 96]
//> 1024,128,512,95488,14598,52487,265,74634,144,145,146,274,19,277,22,-24,88857,-30,285,160,32,65313,34,62882,88613,42,14383,48,50,182,91451,62013,12096,66,90821,93769,65867,86474,80,212,49876,26222,10478,112,30577,243,18934,51064,77774,96 LinkedHashSet 50 false
//> [Away52, Home, Home58, Living Room, Living Room32, Living Room36, Living Room82, a, a24, a90, battery, battery11, ccc, ccc39, ccc62, door1, door39, door92, door96, energy16, hue, hue33, humidity48, kitchen, level, lock, lock17, lock25, lock33, mode, motion, motion29, motion70, off, off10, off28, on, on91, power, presence5, q74, saturation, saturation6, switch, switch12, switch61, temperature, temperature2, zz53]
//> Away52,Home,Home58,Living Room,Living Room32,Living Room36,Living Room82,a,a24,a90,battery,battery11,ccc,ccc39,ccc62,door1,door39,door92,door96,energy16,hue,hue33,humidity48,kitchen,level,lock,lock17,lock25,lock33,mode,motion,motion29,motion70,off,off10,off28,on,on91,power,presence5,q74,saturation,saturation6,switch,switch12,switch61,temperature,temperature2,zz53 TreeSet 49 true
//> [96, 32, 128, 48899, 6, -44, 80, 112, 208, 10929, 79123, 3544, 282, -30]
//> 96,32,128,48899,6,-44,80,112,208,10929,79123,3544,282,-30 HashSet 14 false
//> [kitchen30, mode, bb94, kitchen44, temperature49, x1, hue, humidity, hue59, Home]
//> kitchen30,mode,bb94,kitchen44,temperature49,x1,hue,humidity,hue59,Home HashSet 10 false
//> [Away, Home67, Night, a, a87, battery, battery44, bb70, door, energy45, level, level76, lock, mode, mode38, motion, off, off4, off60, on37, on66, power, temperature, x1, x184, x199, x2, x215, zz, zz14, zz9]
//> Away,Home67,Night,a,a87,battery,battery44,bb70,door,energy45,level,level76,lock,mode,mode38,motion,off,off4,off60,on37,on66,power,temperature,x1,x184,x199,x2,x215,zz,zz14,zz9 TreeSet 31 false
//> [door, temperature51, saturation0, Living Room32, on97, temperature17, bb38, mode, Away, presence18, humidity18, humidity, presence, power86, lock29, level, saturation48, switch92, mode86, Home67, Away2, mode51, on4, x21, power1, x140, off32, door82, kitchen, off79, Home, humidity74, on, a, motion, kitchen59, q, mode73, on13, Living Room, hue]
//> door,temperature51,saturation0,Living Room32,on97,temperature17,bb38,mode,Away,presence18,humidity18,humidity,presence,power86,lock29,level,saturation48,switch92,mode86,Home67,Away2,mode51,on4,x21,power1,x140,off32,door82,kitchen,off79,Home,humidity74,on,a,motion,kitchen59,q,mode73,on13,Living Room,hue HashSet 41 true
//> [128, 256, 64, -1, 73411, 82691, 72387, 4, 8, 136, 74, 140, 16, 80, 53394, 90773, 82517, 11037, 20573, 92062, 32, 96, 22562, 37, 28458, 44, 173, 87151, 112, 48, 95541, 9912]
//> 128,256,64,-1,73411,82691,72387,4,8,136,74,140,16,80,53394,90773,82517,11037,20573,92062,32,96,22562,37,28458,44,173,87151,112,48,95541,9912 HashSet 32 false
//> [zz1, off97, Away, door, motion8, temperature, lock, Living Room62]
//> zz1,off97,Away,door,motion8,temperature,lock,Living Room62 LinkedHashSet 8 false
//> [256, -44, 32, 48, 134, 244, 138, 87248, 2074, -49, 33, 69373, 112, 512, 69161, 92296, 144, 80, 105, 81643, 17449, 51, 82755, -17, -37, 1024, 96, 48295, 68053, 64, 128, 77597, 16, -34, 79096, 58, 88, 2196, 6, 51995, 97255, 45596]
//> 256,-44,32,48,134,244,138,87248,2074,-49,33,69373,112,512,69161,92296,144,80,105,81643,17449,51,82755,-17,-37,1024,96,48295,68053,64,128,77597,16,-34,79096,58,88,2196,6,51995,97255,45596 LinkedHashSet 42 true
//> [1024, 96, 160, 43776, 32, 1157, 40, 168, 27821, 80, 16, 97872, 12436, 217, 58, 91]
//> 1024,96,160,43776,32,1157,40,168,27821,80,16,97872,12436,217,58,91 HashSet 16 false
//> [80, 158, 1024, 43777, 68215]
//> 80,158,1024,43777,68215 TreeSet 5 false
//> [bb, door, hue81, battery42, saturation79, hue28, mode, Away, motion67, lock, humidity37, power, kitchen, Home, battery28, lock74, on, saturation87, Living Room65, level, Night0, Living Room2, off, Living Room6, q, energy97, motion78, energy71, level72, hue, lock85, ccc53, humidity26, battery, motion77]
//> bb,door,hue81,battery42,saturation79,hue28,mode,Away,motion67,lock,humidity37,power,kitchen,Home,battery28,lock74,on,saturation87,Living Room65,level,Night0,Living Room2,off,Living Room6,q,energy97,motion78,energy71,level72,hue,lock85,ccc53,humidity26,battery,motion77 LinkedHashSet 35 false
//> [68647, 32, 39116, 5866, 57, 4542, 23, 126, 112, 11, 160, 213, 84012, 167, 256, 26381, 74753, 242, 4468, 72196, 43169, 75, 244, 1704, -39, 2489, 29316, 74104, 111, 54460, 64600, 241, -3]
//> 68647,32,39116,5866,57,4542,23,126,112,11,160,213,84012,167,256,26381,74753,242,4468,72196,43169,75,244,1704,-39,2489,29316,74104,111,54460,64600,241,-3 LinkedHashSet 33 false
//> [1024, 2, 261, 199, -12, 80, 16, 13011, 279, 27, 28, 83229, -31, 287, 160, 227, 8291, 228, 59688, -43, 82476, 48, 112, 84344, 50558, 96, 57256, 6733]
//> 1024,2,261,199,-12,80,16,13011,279,27,28,83229,-31,287,160,227,8291,228,59688,-43,82476,48,112,84344,50558,96,57256,6733 LinkedHashSet 28 false
//> [64, 512, 128, 1024, 73666, 10627, 136, 88392, 85130, -13, 205, 11214, 206, 80, 16, 144, 82576, 22932, 85, 78614, 45784, 91, 32, 160, 96, 37344, 293, 232, 236, 494, 48, 112, 180, 118, 42422, 253]
//> 64,512,128,1024,73666,10627,136,88392,85130,-13,205,11214,206,80,16,144,82576,22932,85,78614,45784,91,32,160,96,37344,293,232,236,494,48,112,180,118,42422,253 HashSet 36 false
//> [144, 112, 45641, 39456]
//> 144,112,45641,39456 LinkedHashSet 4 false
//> [512, -34, 67, 101, -38, 73, 111, 271, 144, 16, 45628, 51900]
//> 512,-34,67,101,-38,73,111,271,144,16,45628,51900 HashSet 12 false
//> [-40, 64, 80, 255, 1274, 33369, 71917, 72745, 99765]
//> -40,64,80,255,1274,33369,71917,72745,99765 TreeSet 9 false
//> [512, 256, 1024, 128, 6464, 64, 91911, 43466, 139, 78, 80, 53970, 83, -23, 64535, 215, 17498, 28, 13020, 86749, 92, 79326, 32, 160, 96, 22561, 164, -37, -39, 296, 46248, 233, 33070, 110, 32048, 48, 112, 49076, 61365, 182, 11897, 314, 250, 72381, 24895, 8133, 86841, 237, 83509]
//> 512,256,1024,128,6464,64,91911,43466,139,78,80,53970,83,-23,64535,215,17498,28,13020,86749,92,79326,32,160,96,22561,164,-37,-39,296,46248,233,33070,110,32048,48,112,49076,61365,182,11897,314,250,72381,24895,8133,86841,237,83509 LinkedHashSet 49 true
//> [lock, kitchen39, door65, presence, x243, mode88, lock68, bb]
//> lock,kitchen39,door65,presence,x243,mode88,lock68,bb LinkedHashSet 8 false
//> [160, 16, 75673, 250]
//> 160,16,75673,250 HashSet 4 false
//> [-1, 37, 60, 64, 80, 83, 112, 128, 182, 193, 201, 231, 237, 252, 254, 256, 512, 1024, 3555, 4755, 7798, 10513, 16623, 32195, 41386, 49410, 62343, 86920, 92273, 92942, 95310, 96641, 99231]
//> -1,37,60,64,80,83,112,128,182,193,201,231,237,252,254,256,512,1024,3555,4755,7798,10513,16623,32195,41386,49410,62343,86920,92273,92942,95310,96641,99231 TreeSet 33 false
//> [door, zz83, ccc, Night, off51, presence63, q75, presence66, mode, saturation, motion83, motion40, lock, presence, lock54, battery25, energy47, energy, level, power45, x190, on42, bb66, Home26, on38, Night58, Away49, switch53, saturation3, level3, mode19, bb, zz60, kitchen20, off71, kitchen69, hue66, temperature3, mode62, power, kitchen, lock76, Home, on, door39, x131, motion, hue96, x170, off, q, Living Room, zz89, hue, zz47, humidity5]
//> door,zz83,ccc,Night,off51,presence63,q75,presence66,mode,saturation,motion83,motion40,lock,presence,lock54,battery25,energy47,energy,level,power45,x190,on42,bb66,Home26,on38,Night58,Away49,switch53,saturation3,level3,mode19,bb,zz60,kitchen20,off71,kitchen69,hue66,temperature3,mode62,power,kitchen,lock76,Home,on,door39,x131,motion,hue96,x170,off,q,Living Room,zz89,hue,zz47,humidity5 HashSet 56 false
//> [34, 189, 96, 97, 48, 1024, 186, 160, 125, 12, 93, -42, 212, 270, 35812, 16, 27]
//> 34,189,96,97,48,1024,186,160,125,12,93,-42,212,270,35812,16,27 LinkedHashSet 17 false
//> [mode, Night27, x2, power, lock54, battery, x211, x112, ccc6]
//> mode,Night27,x2,power,lock54,battery,x211,x112,ccc6 HashSet 9 false
//> [-31, -23, -10, -8, 17, 32, 52, 80, 144, 160, 226, 253, 1024, 14579, 23807, 24348, 25879, 35204, 40753, 49292, 56040, 63368, 80366, 80822, 94355, 97460]
//> -31,-23,-10,-8,17,32,52,80,144,160,226,253,1024,14579,23807,24348,25879,35204,40753,49292,56040,63368,80366,80822,94355,97460 TreeSet 26 false
//> [ccc, temperature, ccc9, hue, lock, humidity, kitchen, battery, lock11, a64, switch]
//> ccc,temperature,ccc9,hue,lock,humidity,kitchen,battery,lock11,a64,switch LinkedHashSet 11 false
//> [96, 32, 64, 28128, 512, 69293, 175, 112, 208, 21137, 38673, 36818, 20, 150, 280, 20349, 94]
//> 96,32,64,28128,512,69293,175,112,208,21137,38673,36818,20,150,280,20349,94 HashSet 17 false
//> [1024, 128, 512, 256, 73605, 133, 50952, 138, -13, -14, 1680, 144, 16, 87824, 148, 21, -25, 26, 160, 32, 38, 39, 40, 51113, 32303, 62770, 36914, 91702, 60599, 63, 64, 192, 53953, 17480, 43726, 80, 37077, 38236, 90592, 236, 46063, 45807, 112, 47099]
//> 1024,128,512,256,73605,133,50952,138,-13,-14,1680,144,16,87824,148,21,-25,26,160,32,38,39,40,51113,32303,62770,36914,91702,60599,63,64,192,53953,17480,43726,80,37077,38236,90592,236,46063,45807,112,47099 LinkedHashSet 44 true
//> [256, 64, 1024, 128, 512, 92803, 194, 83783, 80519, 80649, 53835, -12, 203, 6027, 50060, 205, -15, 144, 16, 46098, 99733, 1364, 26901, 216, 54429, 159, 287, 96, 30756, 58469, 232, 104, 105, 299, 36395, 13806, 112, 177, 92146, 74105, 186]
//> 256,64,1024,128,512,92803,194,83783,80519,80649,53835,-12,203,6027,50060,205,-15,144,16,46098,99733,1364,26901,216,54429,159,287,96,30756,58469,232,104,105,299,36395,13806,112,177,92146,74105,186 HashSet 41 true
//> [a, door18, Home88, off45, Home, x298, ccc95]
//> a,door18,Home88,off45,Home,x298,ccc95 HashSet 7 true
//> [zz, bb, saturation34, ccc, off76, bb19, temperature39, battery, switch, saturation, Away, humidity39, humidity, power, kitchen, zz38, off78, temperature91, battery78, a66, a, q3, off88, motion, switch94, kitchen35, x210, Home8, Living Room, x1, switch5, x2]
//> zz,bb,saturation34,ccc,off76,bb19,temperature39,battery,switch,saturation,Away,humidity39,humidity,power,kitchen,zz38,off78,temperature91,battery78,a66,a,q3,off88,motion,switch94,kitchen35,x210,Home8,Living Room,x1,switch5,x2 HashSet 32 false
//> [a33, door, ccc76, Night, Home18, mode97, presence26, battery, x222, switch, energy62, saturation, bb61, lock, power, Living Room96, Night81, energy, a, power8, hue96, temperature66, presence56, hue34, on43, Night6, Home9, bb1, bb53, q, a8, humidity24, hue, power90, temperature81, motion39]
//> a33,door,ccc76,Night,Home18,mode97,presence26,battery,x222,switch,energy62,saturation,bb61,lock,power,Living Room96,Night81,energy,a,power8,hue96,temperature66,presence56,hue34,on43,Night6,Home9,bb1,bb53,q,a8,humidity24,hue,power90,temperature81,motion39 HashSet 36 false
//> [door28, bb, zz, saturation77, x261, ccc, ccc76, Night, ccc13, Living Room38, power36, presence69, kitchen29, saturation39, battery, Home56, Away94, motion61, presence17, humidity, kitchen, door60, Home, ccc81, energy, zz70, x274, Living Room89, motion, kitchen12, zz52, zz32, energy1, q8, power28, hue37, x156, off, hue18, switch17, q26, zz4, q49, humidity68, x1, x2, door95]
//> door28,bb,zz,saturation77,x261,ccc,ccc76,Night,ccc13,Living Room38,power36,presence69,kitchen29,saturation39,battery,Home56,Away94,motion61,presence17,humidity,kitchen,door60,Home,ccc81,energy,zz70,x274,Living Room89,motion,kitchen12,zz52,zz32,energy1,q8,power28,hue37,x156,off,hue18,switch17,q26,zz4,q49,humidity68,x1,x2,door95 HashSet 47 false
//> [256, 128, 64, 95936, 133, 35849, 57293, -14, 60494, 12238, 144, 80, 19, 88, 31, 96, 32, 89888, 88035, 86756, 45, 69102, 111, 112, 41908, 36790, 248, 64635, 33148]
//> 256,128,64,95936,133,35849,57293,-14,60494,12238,144,80,19,88,31,96,32,89888,88035,86756,45,69102,111,112,41908,36790,248,64635,33148 HashSet 29 false
//> [64, 1024, 128, 512, 17920, 192, 256, 1, 14916, 84551, 5959, 75405, 268, 11213, 16, 144, 4432, 80, 75669, 21, -22, 31514, 24218, 30555, 96, 32, 72612, 299, 173, 19506, 114, 51, 26163, 117, 253]
//> 64,1024,128,512,17920,192,256,1,14916,84551,5959,75405,268,11213,16,144,4432,80,75669,21,-22,31514,24218,30555,96,32,72612,299,173,19506,114,51,26163,117,253 HashSet 35 true
//> [Away90, bb, ccc, temperature75, Night, off93, kitchen69, Living Room19, battery, mode37, x166, switch, saturation, Away, Living Room91, temperature, humidity, lock, power, Home, lock52, humidity32, energy, off86, a, mode29, power63, x192, x170, saturation48, battery70, power69, hue16, off, bb97, q, Home98, Night13, Home73, hue, x2, lock67, switch95, Night73, x29, door74, a74]
//> Away90,bb,ccc,temperature75,Night,off93,kitchen69,Living Room19,battery,mode37,x166,switch,saturation,Away,Living Room91,temperature,humidity,lock,power,Home,lock52,humidity32,energy,off86,a,mode29,power63,x192,x170,saturation48,battery70,power69,hue16,off,bb97,q,Home98,Night13,Home73,hue,x2,lock67,switch95,Night73,x29,door74,a74 HashSet 47 false
//> [15650, 53983, 512, 260, -4, 61, 72368, 110, 43, 143, 34, 80, 16, 43241, 94858, 118, 32, 134, 64, 144, 10309, 41492, 128, 54150, 73]
//> 15650,53983,512,260,-4,61,72368,110,43,143,34,80,16,43241,94858,118,32,134,64,144,10309,41492,128,54150,73 LinkedHashSet 25 false
//> [64, 192, 256, 58304, 59776, 26241, 36999, 50056, 36558, 80, 144, 273, 210, 83, 29204, 52309, 91, 58523, 83098, 99482, 285, 32862, 32, 96, 160, 292, -39, 39, 231, 298, 110, 111, 48, 112, 69424, 63094, 4988, 24767]
//> 64,192,256,58304,59776,26241,36999,50056,36558,80,144,273,210,83,29204,52309,91,58523,83098,99482,285,32862,32,96,160,292,-39,39,231,298,110,111,48,112,69424,63094,4988,24767 LinkedHashSet 38 true
//> [zz, bb, door, ccc, Night, off51, switch, mode, Away, off6, motion66, x12, temperature, humidity, power, kitchen, off15, ccc22, level, x117, x159, q28, bb6, zz66, door11]
//> zz,bb,door,ccc,Night,off51,switch,mode,Away,off6,motion66,x12,temperature,humidity,power,kitchen,off15,ccc22,level,x117,x159,q28,bb6,zz66,door11 HashSet 25 false
//> [-1, 128, 256, 512, 257, 26760, 139, 19339, 16, 144, 25, 282, 72220, -31, 92318, 32, 160, 34593, 162, 96930, 36, 19237, -42, 95019, 72746, 83631, 97198, 64047, 93621, 40764, 189, 18368, 49984, 64, 72, 45515, 205, 80, 85, 74455, 9688, 51422, 96, 76259, 99, 227, 50403, 54375, 110, 238, 98030, 112, 242, 45812, 57844, 40189, 26110]
//> -1,128,256,512,257,26760,139,19339,16,144,25,282,72220,-31,92318,32,160,34593,162,96930,36,19237,-42,95019,72746,83631,97198,64047,93621,40764,189,18368,49984,64,72,45515,205,80,85,74455,9688,51422,96,76259,99,227,50403,54375,110,238,98030,112,242,45812,57844,40189,26110 LinkedHashSet 57 false
//> [32, 86723, 48100, 67976, 144, 112, 48, -50, 53939, 149, 186, 89178, 221, 84799, 190, 48670, 31]
//> 32,86723,48100,67976,144,112,48,-50,53939,149,186,89178,221,84799,190,48670,31 HashSet 17 true
//> [256, 512, 128, 1, 65, 9, 267, 42895, 144, 16, 9424, 148, 97559, 52375, -26, 85784, 46618, 91, 47389, 96, 100, 9576, 73961, 105, 44332, 64045, 48, 240, 182, 54649, 63675, 81, 4445, 16441, 205, 45516, 249]
//> 256,512,128,1,65,9,267,42895,144,16,9424,148,97559,52375,-26,85784,46618,91,47389,96,100,9576,73961,105,44332,64045,48,240,182,54649,63675,81,4445,16441,205,45516,249 LinkedHashSet 37 false
//> [q, power64, q59, humidity18, battery93, Away12, kitchen, mode24, q31, on, Night80]
//> q,power64,q59,humidity18,battery93,Away12,kitchen,mode24,q31,on,Night80 LinkedHashSet 11 false
//> [zz, Living Room78, door, zz82, battery42, saturation14, ccc38, switch, q11, bb41, q16, humidity, lock, presence, switch25, energy, a, off86, Living Room89, a26, battery97, level, x259, off, bb98, q, motion31, Living Room, hue, kitchen61]
//> zz,Living Room78,door,zz82,battery42,saturation14,ccc38,switch,q11,bb41,q16,humidity,lock,presence,switch25,energy,a,off86,Living Room89,a26,battery97,level,x259,off,bb98,q,motion31,Living Room,hue,kitchen61 HashSet 30 false
//> [ccc97, battery43, ccc, saturation17, x267, mode, Away, presence18, temperature, motion46, lock, power, off7, Home, ccc62, switch66, temperature71, kitchen32, zz50, humidity61, level, battery50, q80, x115, level65, off, door4, q25, Night54, x1, x2, lock89, switch95, Night52, saturation9, motion, mode62, hue, Living Room79, temperature93, temperature88]
//> ccc97,battery43,ccc,saturation17,x267,mode,Away,presence18,temperature,motion46,lock,power,off7,Home,ccc62,switch66,temperature71,kitchen32,zz50,humidity61,level,battery50,q80,x115,level65,off,door4,q25,Night54,x1,x2,lock89,switch95,Night52,saturation9,motion,mode62,hue,Living Room79,temperature93,temperature88 LinkedHashSet 41 false
//> [bb, ccc, humidity73, ccc13, saturation38, temperature34, saturation69, presence58, level14, Night19, Away, q, Living Room, humidity, energy8, energy]
//> bb,ccc,humidity73,ccc13,saturation38,temperature34,saturation69,presence58,level14,Night19,Away,q,Living Room,humidity,energy8,energy HashSet 16 false
//> [-1, 512, 128, 1024, 192, 262, 76489, 74827, 204, 269, 144, 58706, 54163, 98773, 21, 34005, 213, 214, 49241, 19866, 81178, 31, 87006, 32, 96, 162, 41186, 44002, 234, 70957, 238, 48, 112, 55219, 37620, 43701, 52279, 120, 53752, 95288, 12218, 123, 188, 45309]
//> -1,512,128,1024,192,262,76489,74827,204,269,144,58706,54163,98773,21,34005,213,214,49241,19866,81178,31,87006,32,96,162,41186,44002,234,70957,238,48,112,55219,37620,43701,52279,120,53752,95288,12218,123,188,45309 LinkedHashSet 44 false
//> [92857, 55107, 75600, 132, 30, 62633, 32, 1024, 78504, 42215, 49356, 102, 95524, 160, 59, 110, 216, 16]
//> 92857,55107,75600,132,30,62633,32,1024,78504,42215,49356,102,95524,160,59,110,216,16 LinkedHashSet 18 false
//> [3456, 64, 256, 52096, 1024, 65, 61442, 130, 264, 33099, 203, 13, 80, 144, 85, 14550, 32, 160, 96, 95916, 112, 48, 61938, 98679, 120, 76984, 126, 24767, 16, 161, 15551]
//> 3456,64,256,52096,1024,65,61442,130,264,33099,203,13,80,144,85,14550,32,160,96,95916,112,48,61938,98679,120,76984,126,24767,16,161,15551 LinkedHashSet 31 true
//> [door, level, hue87, hue24, mode41, motion70, energy87, off27, temperature, zz44, x2, lock35, power, kitchen, presence, energy]
//> door,level,hue87,hue24,mode41,motion70,energy87,off27,temperature,zz44,x2,lock35,power,kitchen,presence,energy HashSet 16 false

//# sort runs Java's TimSort: comparators that never answer 0, or answer at random, order ties as Java does or raise its IllegalArgumentException, at every size (generated lists, checked against Groovy 2.4.21)
def chk(l) { def h = 0L; l.eachWithIndex { x, j -> h = (h * 31 + x.i * (j + 1)) % 1000000007L }; h }
def gen(int n, int r, long seed) { def x = seed; (0..<n).collect { i -> x = (x * 6364136223846793005L + 1442695040888963407L); [k: (int) ((x >>> 33) % r), i: i] } }
def l0 = gen(200, 5, 13L)
try { def s = l0.sort { a, b -> b.k - a.k }; println chk(s) + ' ' + s*.i.take(10) } catch (e) { println e.getClass().simpleName }
def l1 = gen(2500, 1000, 990L)
try { def s = l1.sort { a, b -> a.k > b.k ? 1 : -1 }; println chk(s) + ' ' + s*.i.take(10) } catch (e) { println e.getClass().simpleName }
def l2 = gen(65, 3, 1967L)
try { def s = l2.sort { a, b -> a.k > b.k ? 1 : -1 }; println chk(s) + ' ' + s*.i.take(10) } catch (e) { println e.getClass().simpleName }
def l3 = gen(31, 2, 2944L)
try { def s = l3.sort { a, b -> b.k - a.k }; println chk(s) + ' ' + s*.i.take(10) } catch (e) { println e.getClass().simpleName }
def l4 = gen(65, 3, 3921L)
try { def s = l4.sort { a, b -> (a.k - b.k) * 0.5 }; println chk(s) + ' ' + s*.i.take(10) } catch (e) { println e.getClass().simpleName }
def l5 = gen(100, 2, 4898L)
try { def s = l5.sort { a, b -> (a.i * 7 + b.i * 13) % 3 - 1 }; println chk(s) + ' ' + s*.i.take(10) } catch (e) { println e.getClass().simpleName }
def l6 = gen(3, 3, 5875L)
try { def s = l6.sort { a, b -> (a.k - b.k) * 0.5 }; println chk(s) + ' ' + s*.i.take(10) } catch (e) { println e.getClass().simpleName }
def l7 = gen(33, 3, 6852L)
try { def s = l7.sort { a, b -> (a.k - b.k) * 0.5 }; println chk(s) + ' ' + s*.i.take(10) } catch (e) { println e.getClass().simpleName }
def l8 = gen(31, 2, 7829L)
try { def s = l8.sort { a, b -> a.k < b.k ? -1 : 1 }; println chk(s) + ' ' + s*.i.take(10) } catch (e) { println e.getClass().simpleName }
def l9 = gen(200, 1000, 8806L)
try { def s = l9.sort { a, b -> a.k == b.k ? (a.i % 2 == 0 ? 1 : -1) : a.k <=> b.k }; println chk(s) + ' ' + s*.i.take(10) } catch (e) { println e.getClass().simpleName }
def l10 = gen(31, 3, 9783L)
try { def s = l10.sort { a, b -> a.k > b.k ? 1 : -1 }; println chk(s) + ' ' + s*.i.take(10) } catch (e) { println e.getClass().simpleName }
def l11 = gen(3, 3, 10760L)
try { def s = l11.sort { a, b -> (a.i * 7 + b.i * 13) % 3 - 1 }; println chk(s) + ' ' + s*.i.take(10) } catch (e) { println e.getClass().simpleName }
def l12 = gen(31, 3, 11737L)
try { def s = l12.sort { a, b -> a.k <=> b.k }; println chk(s) + ' ' + s*.i.take(10) } catch (e) { println e.getClass().simpleName }
def l13 = gen(40, 3, 12714L)
try { def s = l13.sort { a, b -> (a.i * 7 + b.i * 13) % 3 - 1 }; println chk(s) + ' ' + s*.i.take(10) } catch (e) { println e.getClass().simpleName }
def l14 = gen(31, 3, 13691L)
try { def s = l14.sort { a, b -> (a.k - b.k) * 0.5 }; println chk(s) + ' ' + s*.i.take(10) } catch (e) { println e.getClass().simpleName }
def l15 = gen(33, 2, 14668L)
try { def s = l15.sort { a, b -> b.k - a.k }; println chk(s) + ' ' + s*.i.take(10) } catch (e) { println e.getClass().simpleName }
def l16 = gen(64, 3, 15645L)
try { def s = l16.sort { a, b -> a.k < b.k ? -1 : 1 }; println chk(s) + ' ' + s*.i.take(10) } catch (e) { println e.getClass().simpleName }
def l17 = gen(33, 2, 16622L)
try { def s = l17.sort { a, b -> b.k - a.k }; println chk(s) + ' ' + s*.i.take(10) } catch (e) { println e.getClass().simpleName }
def l18 = gen(33, 1000, 17599L)
try { def s = l18.sort { a, b -> a.k > b.k ? 1 : -1 }; println chk(s) + ' ' + s*.i.take(10) } catch (e) { println e.getClass().simpleName }
def l19 = gen(200, 5, 18576L)
try { def s = l19.sort { a, b -> a.k >= b.k ? 1 : -1 }; println chk(s) + ' ' + s*.i.take(10) } catch (e) { println e.getClass().simpleName }
def l20 = gen(33, 5, 19553L)
try { def s = l20.sort { a, b -> a.k <=> b.k }; println chk(s) + ' ' + s*.i.take(10) } catch (e) { println e.getClass().simpleName }
def l21 = gen(65, 5, 20530L)
try { def s = l21.sort { a, b -> a.k < b.k ? -1 : 1 }; println chk(s) + ' ' + s*.i.take(10) } catch (e) { println e.getClass().simpleName }
def l22 = gen(65, 50, 21507L)
try { def s = l22.sort { a, b -> a.k < b.k ? -1 : 1 }; println chk(s) + ' ' + s*.i.take(10) } catch (e) { println e.getClass().simpleName }
def l23 = gen(3, 5, 22484L)
try { def s = l23.sort { a, b -> a.k > b.k ? 1 : -1 }; println chk(s) + ' ' + s*.i.take(10) } catch (e) { println e.getClass().simpleName }
def l24 = gen(1000, 5, 23461L)
try { def s = l24.sort { a, b -> (a.k - b.k) * 0.5 }; println chk(s) + ' ' + s*.i.take(10) } catch (e) { println e.getClass().simpleName }
def l25 = gen(3, 1000, 24438L)
try { def s = l25.sort { a, b -> (a.k - b.k) * 0.5 }; println chk(s) + ' ' + s*.i.take(10) } catch (e) { println e.getClass().simpleName }
def l26 = gen(40, 50, 25415L)
try { def s = l26.sort { a, b -> a.k > b.k ? 1 : -1 }; println chk(s) + ' ' + s*.i.take(10) } catch (e) { println e.getClass().simpleName }
def l27 = gen(65, 2, 26392L)
try { def s = l27.sort { a, b -> a.k < b.k ? -1 : 1 }; println chk(s) + ' ' + s*.i.take(10) } catch (e) { println e.getClass().simpleName }
def l28 = gen(200, 3, 27369L)
try { def s = l28.sort { a, b -> a.k >= b.k ? 1 : -1 }; println chk(s) + ' ' + s*.i.take(10) } catch (e) { println e.getClass().simpleName }
def l29 = gen(2500, 3, 28346L)
try { def s = l29.sort { a, b -> a.k == b.k ? (a.i % 2 == 0 ? 1 : -1) : a.k <=> b.k }; println chk(s) + ' ' + s*.i.take(10) } catch (e) { println e.getClass().simpleName }
def l30 = gen(40, 1000, 29323L)
try { def s = l30.sort { a, b -> b.k - a.k }; println chk(s) + ' ' + s*.i.take(10) } catch (e) { println e.getClass().simpleName }
def l31 = gen(100, 5, 30300L)
try { def s = l31.sort { a, b -> a.k == b.k ? (a.i % 2 == 0 ? 1 : -1) : a.k <=> b.k }; println chk(s) + ' ' + s*.i.take(10) } catch (e) { println e.getClass().simpleName }
def l32 = gen(10, 1000, 31277L)
try { def s = l32.sort { a, b -> b.k - a.k }; println chk(s) + ' ' + s*.i.take(10) } catch (e) { println e.getClass().simpleName }
def l33 = gen(33, 2, 32254L)
try { def s = l33.sort { a, b -> (a.k - b.k) * 0.5 }; println chk(s) + ' ' + s*.i.take(10) } catch (e) { println e.getClass().simpleName }
def l34 = gen(10, 3, 33231L)
try { def s = l34.sort { a, b -> b.k - a.k }; println chk(s) + ' ' + s*.i.take(10) } catch (e) { println e.getClass().simpleName }
def l35 = gen(100, 1000, 34208L)
try { def s = l35.sort { a, b -> b.k - a.k }; println chk(s) + ' ' + s*.i.take(10) } catch (e) { println e.getClass().simpleName }
def l36 = gen(31, 5, 35185L)
try { def s = l36.sort { a, b -> a.k <=> b.k }; println chk(s) + ' ' + s*.i.take(10) } catch (e) { println e.getClass().simpleName }
def l37 = gen(1000, 1000, 36162L)
try { def s = l37.sort { a, b -> a.k >= b.k ? 1 : -1 }; println chk(s) + ' ' + s*.i.take(10) } catch (e) { println e.getClass().simpleName }
def l38 = gen(33, 5, 37139L)
try { def s = l38.sort { a, b -> a.k <=> b.k }; println chk(s) + ' ' + s*.i.take(10) } catch (e) { println e.getClass().simpleName }
def l39 = gen(31, 2, 38116L)
try { def s = l39.sort { a, b -> a.k < b.k ? -1 : 1 }; println chk(s) + ' ' + s*.i.take(10) } catch (e) { println e.getClass().simpleName }
def l40 = gen(1000, 5, 39093L)
try { def s = l40.sort { a, b -> a.k == b.k ? (a.i % 2 == 0 ? 1 : -1) : a.k <=> b.k }; println chk(s) + ' ' + s*.i.take(10) } catch (e) { println e.getClass().simpleName }
def l41 = gen(31, 2, 40070L)
try { def s = l41.sort { a, b -> a.k >= b.k ? 1 : -1 }; println chk(s) + ' ' + s*.i.take(10) } catch (e) { println e.getClass().simpleName }
def l42 = gen(200, 1000, 41047L)
try { def s = l42.sort { a, b -> (a.k - b.k) * 0.5 }; println chk(s) + ' ' + s*.i.take(10) } catch (e) { println e.getClass().simpleName }
def l43 = gen(3, 3, 42024L)
try { def s = l43.sort { a, b -> b.k - a.k }; println chk(s) + ' ' + s*.i.take(10) } catch (e) { println e.getClass().simpleName }
def l44 = gen(33, 50, 43001L)
try { def s = l44.sort { a, b -> (a.k - b.k) * 0.5 }; println chk(s) + ' ' + s*.i.take(10) } catch (e) { println e.getClass().simpleName }
def l45 = gen(31, 2, 43978L)
try { def s = l45.sort { a, b -> a.k > b.k ? 1 : -1 }; println chk(s) + ' ' + s*.i.take(10) } catch (e) { println e.getClass().simpleName }
def l46 = gen(2500, 50, 44955L)
try { def s = l46.sort { a, b -> b.k - a.k }; println chk(s) + ' ' + s*.i.take(10) } catch (e) { println e.getClass().simpleName }
def l47 = gen(32, 3, 45932L)
try { def s = l47.sort { a, b -> a.k < b.k ? -1 : 1 }; println chk(s) + ' ' + s*.i.take(10) } catch (e) { println e.getClass().simpleName }
def l48 = gen(500, 50, 46909L)
try { def s = l48.sort { a, b -> a.k >= b.k ? 1 : -1 }; println chk(s) + ' ' + s*.i.take(10) } catch (e) { println e.getClass().simpleName }
def l49 = gen(31, 50, 47886L)
try { def s = l49.sort { a, b -> b.k - a.k }; println chk(s) + ' ' + s*.i.take(10) } catch (e) { println e.getClass().simpleName }
def l50 = gen(31, 2, 48863L)
try { def s = l50.sort { a, b -> (a.k - b.k) * 0.5 }; println chk(s) + ' ' + s*.i.take(10) } catch (e) { println e.getClass().simpleName }
def l51 = gen(33, 3, 49840L)
try { def s = l51.sort { a, b -> a.k == b.k ? (a.i % 2 == 0 ? 1 : -1) : a.k <=> b.k }; println chk(s) + ' ' + s*.i.take(10) } catch (e) { println e.getClass().simpleName }
def l52 = gen(200, 3, 50817L)
try { def s = l52.sort { a, b -> a.k == b.k ? (a.i % 2 == 0 ? 1 : -1) : a.k <=> b.k }; println chk(s) + ' ' + s*.i.take(10) } catch (e) { println e.getClass().simpleName }
def l53 = gen(65, 5, 51794L)
try { def s = l53.sort { a, b -> a.k == b.k ? (a.i % 2 == 0 ? 1 : -1) : a.k <=> b.k }; println chk(s) + ' ' + s*.i.take(10) } catch (e) { println e.getClass().simpleName }
def l54 = gen(33, 5, 52771L)
try { def s = l54.sort { a, b -> a.k == b.k ? (a.i % 2 == 0 ? 1 : -1) : a.k <=> b.k }; println chk(s) + ' ' + s*.i.take(10) } catch (e) { println e.getClass().simpleName }
def l55 = gen(64, 3, 53748L)
try { def s = l55.sort { a, b -> a.k >= b.k ? 1 : -1 }; println chk(s) + ' ' + s*.i.take(10) } catch (e) { println e.getClass().simpleName }
def l56 = gen(64, 1000, 54725L)
try { def s = l56.sort { a, b -> a.k < b.k ? -1 : 1 }; println chk(s) + ' ' + s*.i.take(10) } catch (e) { println e.getClass().simpleName }
def l57 = gen(500, 50, 55702L)
try { def s = l57.sort { a, b -> b.k - a.k }; println chk(s) + ' ' + s*.i.take(10) } catch (e) { println e.getClass().simpleName }
def l58 = gen(31, 2, 56679L)
try { def s = l58.sort { a, b -> a.k == b.k ? (a.i % 2 == 0 ? 1 : -1) : a.k <=> b.k }; println chk(s) + ' ' + s*.i.take(10) } catch (e) { println e.getClass().simpleName }
def l59 = gen(33, 1000, 57656L)
try { def s = l59.sort { a, b -> b.k - a.k }; println chk(s) + ' ' + s*.i.take(10) } catch (e) { println e.getClass().simpleName }
def l60 = gen(10, 5, 58633L)
try { def s = l60.sort { a, b -> a.k > b.k ? 1 : -1 }; println chk(s) + ' ' + s*.i.take(10) } catch (e) { println e.getClass().simpleName }
def l61 = gen(2500, 5, 59610L)
try { def s = l61.sort { a, b -> b.k - a.k }; println chk(s) + ' ' + s*.i.take(10) } catch (e) { println e.getClass().simpleName }
def l62 = gen(100, 5, 60587L)
try { def s = l62.sort { a, b -> a.k == b.k ? (a.i % 2 == 0 ? 1 : -1) : a.k <=> b.k }; println chk(s) + ' ' + s*.i.take(10) } catch (e) { println e.getClass().simpleName }
def l63 = gen(33, 5, 61564L)
try { def s = l63.sort { a, b -> b.k - a.k }; println chk(s) + ' ' + s*.i.take(10) } catch (e) { println e.getClass().simpleName }
def l64 = gen(500, 3, 62541L)
try { def s = l64.sort { a, b -> a.k > b.k ? 1 : -1 }; println chk(s) + ' ' + s*.i.take(10) } catch (e) { println e.getClass().simpleName }
def l65 = gen(65, 1000, 63518L)
try { def s = l65.sort { a, b -> a.k <=> b.k }; println chk(s) + ' ' + s*.i.take(10) } catch (e) { println e.getClass().simpleName }
def l66 = gen(40, 5, 64495L)
try { def s = l66.sort { a, b -> a.k == b.k ? (a.i % 2 == 0 ? 1 : -1) : a.k <=> b.k }; println chk(s) + ' ' + s*.i.take(10) } catch (e) { println e.getClass().simpleName }
def l67 = gen(33, 1000, 65472L)
try { def s = l67.sort { a, b -> b.k - a.k }; println chk(s) + ' ' + s*.i.take(10) } catch (e) { println e.getClass().simpleName }
def l68 = gen(40, 5, 66449L)
try { def s = l68.sort { a, b -> b.k - a.k }; println chk(s) + ' ' + s*.i.take(10) } catch (e) { println e.getClass().simpleName }
def l69 = gen(1000, 50, 67426L)
try { def s = l69.sort { a, b -> b.k - a.k }; println chk(s) + ' ' + s*.i.take(10) } catch (e) { println e.getClass().simpleName }
def l70 = gen(31, 50, 68403L)
try { def s = l70.sort { a, b -> b.k - a.k }; println chk(s) + ' ' + s*.i.take(10) } catch (e) { println e.getClass().simpleName }
def l71 = gen(40, 1000, 69380L)
try { def s = l71.sort { a, b -> a.k < b.k ? -1 : 1 }; println chk(s) + ' ' + s*.i.take(10) } catch (e) { println e.getClass().simpleName }
def l72 = gen(100, 3, 70357L)
try { def s = l72.sort { a, b -> (a.i * 7 + b.i * 13) % 3 - 1 }; println chk(s) + ' ' + s*.i.take(10) } catch (e) { println e.getClass().simpleName }
def l73 = gen(40, 50, 71334L)
try { def s = l73.sort { a, b -> a.k <=> b.k }; println chk(s) + ' ' + s*.i.take(10) } catch (e) { println e.getClass().simpleName }
def l74 = gen(1000, 2, 72311L)
try { def s = l74.sort { a, b -> (a.k - b.k) * 0.5 }; println chk(s) + ' ' + s*.i.take(10) } catch (e) { println e.getClass().simpleName }
def l75 = gen(31, 1000, 73288L)
try { def s = l75.sort { a, b -> (a.k - b.k) * 0.5 }; println chk(s) + ' ' + s*.i.take(10) } catch (e) { println e.getClass().simpleName }
def l76 = gen(33, 1000, 74265L)
try { def s = l76.sort { a, b -> a.k <=> b.k }; println chk(s) + ' ' + s*.i.take(10) } catch (e) { println e.getClass().simpleName }
def l77 = gen(1000, 2, 75242L)
try { def s = l77.sort { a, b -> (a.i * 7 + b.i * 13) % 3 - 1 }; println chk(s) + ' ' + s*.i.take(10) } catch (e) { println e.getClass().simpleName }
def l78 = gen(31, 1000, 76219L)
try { def s = l78.sort { a, b -> a.k == b.k ? (a.i % 2 == 0 ? 1 : -1) : a.k <=> b.k }; println chk(s) + ' ' + s*.i.take(10) } catch (e) { println e.getClass().simpleName }
def l79 = gen(200, 3, 77196L)
try { def s = l79.sort { a, b -> (a.i * 7 + b.i * 13) % 3 - 1 }; println chk(s) + ' ' + s*.i.take(10) } catch (e) { println e.getClass().simpleName }
//> 372989076 [4, 15, 19, 23, 26, 37, 39, 40, 61, 64]
//> 214603362 [2334, 2116, 1322, 812, 431, 2368, 462, 162, 2417, 2008]
//> IllegalArgumentException
//> 590593581 [0, 1, 2, 4, 5, 6, 10, 12, 13, 14]
//> 972946887 [0, 1, 2, 3, 4, 5, 6, 7, 14, 8]
//> 277270547 [0, 2, 5, 26, 1, 15, 9, 3, 4, 6]
//> 68 [0, 1, 2]
//> 363734681 [0, 1, 2, 3, 4, 5, 6, 16, 7, 8]
//> 208241618 [2, 4, 6, 7, 8, 9, 10, 12, 13, 15]
//> 486627270 [80, 192, 35, 82, 24, 93, 52, 87, 156, 72]
//> 32534322 [30, 26, 24, 23, 22, 21, 19, 13, 11, 0]
//> 127 [0, 2, 1]
//> 359082668 [1, 3, 9, 13, 16, 22, 23, 25, 27, 30]
//> 592921723 [0, 2, 5, 20, 1, 21, 15, 9, 3, 29]
//> 706015362 [0, 1, 2, 3, 4, 5, 6, 7, 9, 12]
//> 916166744 [0, 1, 4, 5, 8, 13, 15, 20, 22, 23]
//> IllegalArgumentException
//> 994437912 [1, 5, 6, 8, 12, 13, 15, 17, 19, 22]
//> 596781806 [16, 10, 26, 5, 13, 21, 24, 23, 18, 12]
//> IllegalArgumentException
//> 687181723 [1, 2, 9, 12, 25, 26, 31, 0, 5, 13]
//> IllegalArgumentException
//> 939590474 [27, 47, 13, 5, 50, 45, 38, 51, 20, 43]
//> 127 [0, 2, 1]
//> IllegalArgumentException
//> 1925 [2, 0, 1]
//> 866597312 [10, 37, 34, 11, 27, 26, 31, 19, 15, 8]
//> 823380932 [2, 4, 5, 7, 8, 9, 11, 12, 13, 15]
//> IllegalArgumentException
//> IllegalArgumentException
//> 827608913 [36, 13, 5, 26, 27, 19, 6, 18, 25, 0]
//> 737357382 [95, 71, 49, 33, 23, 21, 17, 15, 11, 9]
//> 598840700 [4, 7, 0, 6, 2, 9, 1, 5, 3, 8]
//> 562778471 [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]
//> 188511122 [2, 6, 0, 4, 7, 9, 1, 3, 5, 8]
//> 110436690 [96, 12, 31, 86, 58, 71, 32, 73, 87, 51]
//> 210169627 [2, 7, 10, 19, 22, 3, 9, 16, 20, 21]
//> 516918924 [512, 923, 812, 639, 79, 306, 785, 981, 207, 243]
//> 223503778 [4, 5, 10, 14, 17, 18, 24, 1, 7, 8]
//> 214123714 [0, 1, 5, 6, 8, 9, 10, 11, 13, 14]
//> IllegalArgumentException
//> 902008919 [0, 1, 7, 9, 10, 11, 12, 13, 14, 15]
//> 580405857 [139, 58, 34, 153, 79, 91, 86, 30, 35, 44]
//> 68 [0, 1, 2]
//> 903636587 [6, 21, 4, 11, 29, 8, 14, 9, 12, 28]
//> 938271972 [30, 28, 27, 23, 21, 20, 19, 17, 15, 10]
//> 638478326 [6, 109, 165, 186, 197, 201, 295, 337, 358, 601]
//> IllegalArgumentException
//> 885012156 [6, 50, 153, 157, 161, 172, 201, 215, 236, 345]
//> 407965777 [22, 30, 15, 17, 29, 26, 14, 21, 2, 5]
//> 537526275 [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]
//> 498736261 [31, 29, 27, 25, 23, 7, 1, 2, 18, 20]
//> IllegalArgumentException
//> IllegalArgumentException
//> 418004708 [2, 8, 30, 31, 27, 25, 23, 17, 15, 9]
//> IllegalArgumentException
//> 627748890 [46, 58, 61, 19, 25, 37, 23, 10, 33, 22]
//> 738783397 [72, 136, 139, 162, 191, 209, 228, 249, 253, 299]
//> 740650408 [29, 27, 21, 19, 13, 5, 1, 0, 6, 20]
//> 127545652 [21, 17, 1, 14, 18, 16, 8, 28, 24, 15]
//> 22435043 [8, 7, 1, 6, 5, 3, 9, 4, 0, 2]
//> 609883371 [2, 3, 7, 31, 34, 50, 53, 60, 69, 76]
//> IllegalArgumentException
//> 487401775 [2, 12, 13, 27, 30, 31, 1, 7, 19, 26]
//> IllegalArgumentException
//> 584669222 [61, 43, 15, 47, 59, 11, 24, 46, 58, 56]
//> 714587835 [37, 19, 11, 5, 6, 8, 22, 39, 33, 13]
//> 882052003 [26, 10, 0, 32, 12, 28, 6, 31, 11, 18]
//> 488232940 [2, 3, 9, 10, 13, 25, 26, 29, 33, 4]
//> 716450412 [71, 144, 157, 225, 342, 426, 529, 652, 672, 707]
//> 410323570 [22, 24, 1, 17, 25, 3, 14, 15, 0, 23]
//> 620835198 [15, 30, 20, 8, 17, 33, 28, 3, 2, 6]
//> 277270547 [0, 2, 5, 26, 1, 15, 9, 3, 4, 6]
//> 663214588 [19, 39, 15, 9, 16, 0, 38, 3, 34, 13]
//> 29085222 [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]
//> 793660243 [12, 9, 20, 27, 18, 1, 30, 2, 13, 29]
//> 270738897 [27, 4, 7, 9, 20, 26, 6, 5, 11, 14]
//> IllegalArgumentException
//> 25728712 [28, 19, 6, 11, 7, 24, 9, 16, 17, 18]
//> 988227494 [0, 2, 5, 26, 1, 15, 9, 3, 4, 6]

//# a comparator's answer counts by its intValue(): a Long difference of times keeps its low 32 bits, a fraction is cut to 0 (Groovy 2.4.21)
def evs = [[t: 0L, n: 'a'], [t: 2147483648L, n: 'b'], [t: 1L, n: 'c'], [t: 4294967297L, n: 'd']]
println evs.sort(false) { a, b -> a.t - b.t }*.n
println evs.sort(false) { a, b -> (a.t - b.t) * 0.4 }*.n
println evs.sort(false) { a, b -> a.t <=> b.t }*.n
println([3, 1, 2].sort { a, b -> b <=> a })
println([a: 3, c: 1, b: 2].sort { a, b -> a.value <=> b.value })
println([a: 3, c: 1, b: 2].sort())
//> [c, d, b, a]
//> [a, c, b, d]
//> [a, c, b, d]
//> [3, 2, 1]
//> [c:1, b:2, a:3]
//> [a:3, b:2, c:1]

//# unique, toSet and as Set over values Groovy calls equal and values Java calls equal (Groovy 2.4.21)
def x = 1
println([1, 1L, 1.0, 1.00, "1", "${x}", [1], [1L], [1.0], null, null, 2, 2.0d, [a: 1], [a: 1L], [1] as Set, [1.0] as Set, true, 'a', "${'a'}"].unique())
println([1, 1L, 1.0, "1", "${x}", [1], [1L], null, 2].toSet())
println([1, 1L, 1.0, "1", "${x}", [1], [1L], null, 2] as Set)
println([[1, 2], [1, 2], [2, 1]].unique())
println(['b', 'a', 'B', 'A'].unique { it.toLowerCase() })
println((1..200000).toList().unique().size())
println((1..100000).collect { it % 100 }.unique { it % 10 }.size())
//> [1, 1, [1], null, 2, [a:1], [1], true, a]
//> [[1], [1], null, 1, 1, 1, 2, 1, 1.0]
//> [1, 1, 1.0, 1, 1, [1], [1], null, 2]
//> [[1, 2], [2, 1]]
//> [b, a]
//> 200000
//> 10

//# hashCode as Java's: GString (37 + its text's), BigDecimal, BigInteger, Float, maps; HashSets of them walk in Java's order (Groovy 2.4.21)
def x = 1
println(["${x}".hashCode(), "1".hashCode(), 1.0.hashCode(), 1.50.hashCode(), (-2.5).hashCode(), 12345678901234567890G.hashCode(), (-7G).hashCode(), 0G.hashCode(), 1.5f.hashCode(), 3.0e10.hashCode()])
println([1, 1L, 1.0, "1", "${x}", [1], [1L], null, 2].toSet())
println([0.5, 1.25, 2.0, 10.75, 3.125, 100.0, 7.5].toSet())
println([12345678901234567890G, 5G, -3G, 99999999999G].toSet())
println([[a: 1].hashCode(), [a: 1, b: "x"].hashCode(), [:].hashCode(), [[a:1],[b:2],[c:3]].toSet()])
//> [86, 49, 311, 4652, -774, -1436577082, -7, 0, 1069547520, 921]
//> [[1], [1], null, 1, 1, 1, 2, 1, 1.0]
//> [1.25, 7.5, 100.0, 0.5, 2.0, 10.75, 3.125]
//> [12345678901234567890, -3, 5, 99999999999]
//> [96, 122, 0, [[a:1], [b:2], [c:3]]]

//# sets, unique, minus, intersect, containsAll, disjoint, removeAll and retainAll of 100,000 elements take near-linear time (a quadratic scan ran past every time limit) and answer as Groovy 2.4.21
def a = (1..100000).toList()
def b = (50001..150000).toList()
println((a - b).size())
println(a.containsAll(b))
println(a.disjoint(b))
def c = new ArrayList(a)
c.removeAll(b)
println c.size()
c = new ArrayList(a)
c.retainAll(b)
println c.size()
println(a.intersect(b).size())
println(a.unique().size())
println(a.toSet().size())
println((a + b).toSet().size())
println(((a + b) as Set).size())
def ts = new TreeSet(a.reverse())
println([ts.first(), ts.last(), ts.size()])
println([1, 1L, 1.0, "1"] - [1])
println([[a: 1], [b: 2], [a: 1]] - [[a: 1]])
//> 50000
//> false
//> false
//> 50000
//> 50000
//> 50000
//> 100000
//> 100000
//> 150000
//> 150000
//> [1, 100000, 100000]
//> [1]
//> [[b:2]]


//# instanceof tells HashSet, LinkedHashSet and TreeSet apart
def ts = new TreeSet([3, 1]); def hs = new HashSet([1]); def lhs = new LinkedHashSet([1]); def ls = [1, 2] as Set
[ts, hs, lhs, ls, [1].toSet(), [2, 1].toSet().sort(), ls.findAll { true }].each { s ->
  println "${s.getClass().simpleName}: Set=${s instanceof Set} HashSet=${s instanceof HashSet} LinkedHashSet=${s instanceof LinkedHashSet} TreeSet=${s instanceof TreeSet} SortedSet=${s instanceof SortedSet} Collection=${s instanceof Collection} List=${s instanceof List}"
}
switch (ts) { case HashSet: println 'case HashSet'; break; case Set: println 'case Set'; break }
//> TreeSet: Set=true HashSet=false LinkedHashSet=false TreeSet=true SortedSet=true Collection=true List=false
//> HashSet: Set=true HashSet=true LinkedHashSet=false TreeSet=false SortedSet=false Collection=true List=false
//> LinkedHashSet: Set=true HashSet=true LinkedHashSet=true TreeSet=false SortedSet=false Collection=true List=false
//> LinkedHashSet: Set=true HashSet=true LinkedHashSet=true TreeSet=false SortedSet=false Collection=true List=false
//> HashSet: Set=true HashSet=true LinkedHashSet=false TreeSet=false SortedSet=false Collection=true List=false
//> ArrayList: Set=false HashSet=false LinkedHashSet=false TreeSet=false SortedSet=false Collection=true List=true
//> LinkedHashSet: Set=true HashSet=true LinkedHashSet=true TreeSet=false SortedSet=false Collection=true List=false
//> case Set

//# iterator() of a list or map is a java.util.Iterator: hasNext, next, remove, for-in
def l = [1, 2, 3, 4]
def iter = l.iterator()
while (iter.hasNext()) { def x = iter.next(); if (x % 2 == 0) iter.remove() }
println l
def m = [a: 1, b: 2, c: 3]
def mi = m.iterator()
while (mi.hasNext()) { def e = mi.next(); if (e.value == 2) mi.remove() }
println m
def j = [5, 6].iterator()
println j.next()
println j.hasNext()
println j.next()
println j.hasNext()
try { j.next() } catch (e) { println e.getClass().name }
def k = [7].iterator()
try { k.remove() } catch (e) { println e.getClass().name }
def n = [1, 2, 3].iterator()
n.next()
def rest = []
for (x in n) { rest << x }
println rest
println n.hasNext()
println([9].iterator() instanceof Iterator)
println([8, 9].iterator().collect { it * 2 })
//> [1, 3]
//> [a:1, c:3]
//> 5
//> true
//> 6
//> false
//> java.util.NoSuchElementException
//> java.lang.IllegalStateException
//> [2, 3]
//> false
//> true
//> [16, 18]

//# an iterator whose list or map changed behind it raises ConcurrentModificationException
def l = [1, 2]
def it2 = l.iterator()
it2.next()
l.clear()
try { it2.remove() } catch (e) { println e.getClass().name }
def m = [a: 1]
def mi = m.iterator()
mi.next()
m.clear()
try { mi.remove() } catch (e) { println e.getClass().name }
println l
def l3 = [1, 2]
def i3 = l3.iterator()
l3 << 3
println i3.hasNext()
try { i3.next() } catch (e) { println e.getClass().name }
def l4 = [5, 6]
def i4 = l4.iterator()
i4.next(); i4.remove()
println i4.next()
println l4
//> java.util.ConcurrentModificationException
//> java.util.ConcurrentModificationException
//> []
//> true
//> java.util.ConcurrentModificationException
//> 6
//> [6]
