// A model whose state grows without bound: every `arrive` appends to a queue and nothing ever
// empties it, so no exploration can finish. A run stops on its limit and names `queue` as the
// location that kept growing, with a trace; with `--bound-collections 3` the queue keeps its last
// three entries and the run finishes (a bounded verdict).
// expect: grows queue
queue = []
parity = 0
event("arrive") { queue << parity }
event("flip") { parity = 1 - parity }
