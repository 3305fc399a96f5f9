"""The R4 evaluation on one corpus group (results/21-r4-locks.jsonl): every pair of the group in
the pair list's app order, `eventide pair --por r4 --depth D --reversals K` for K = 0..3, with the
group's tracked attributes. One JSON line per run: the pair, the mode (`r4:K`), verdict,
completion, time, the conflicts (device.attribute:app=value>app=value), sequences explored,
max_reversals and the harmful/harmless race counts.

    python3 results/21-r4-locks.py target/release/eventide ../shared/corpus locks 20 30 OUT.jsonl
    python3 results/21-r4-locks.py --summary OUT.jsonl results/16-all-rows-dpor.jsonl locks
"""
import csv, json, subprocess, sys


def run(binary, corpus, group, depth, limit, out):
    groups = {r['group']: r['tracked_attributes'].replace(';', ',') for r in csv.DictReader(open(f'{corpus}/pairs/groups.csv'))}
    pairs = [r for r in csv.reader(open(f'{corpus}/pairs/all-pairs.csv')) if len(r) > 3 and r[1] == group]
    with open(out, 'a') as f:
        for _, _, a, b in pairs:
            for k in range(4):
                args = [binary, 'pair', f'{corpus}/smartapps/{a}', f'{corpus}/smartapps/{b}', '--track', groups[group],
                        '--json', '--time-limit', limit, '--por', 'r4', '--depth', depth, '--reversals', str(k)]
                p = subprocess.run(args, capture_output=True, text=True)
                try:
                    d = json.loads(p.stdout)
                except ValueError:
                    d = {'verdict': 'crash'}
                conflicts = sorted(f"{c['device']}.{c['attribute']}:{c['first']['app']}={c['first']['value']}>"
                                   f"{c['second']['app']}={c['second']['value']}" for c in d.get('conflicts', []))
                races = d.get('races', [])
                f.write(json.dumps({'app_a': a, 'app_b': b, 'mode': f'r4:{k}', 'verdict': d.get('verdict'),
                                    'complete': d.get('complete'), 'elapsed_ms': d.get('elapsed_ms'),
                                    'conflicts': conflicts, 'sequences': d.get('sequences'),
                                    'max_reversals': d.get('max_reversals'),
                                    'harmful': sum(r['classification'] == 'harmful' for r in races),
                                    'harmless': sum(r['classification'] != 'harmful' for r in races)}) + '\n')
                f.flush()


def summary(r4_file, dpor_file, group):
    rows = [json.loads(l) for l in open(r4_file)]
    key = lambda c: f"{c['device']}.{c['attribute']}:{c['first']['app']}={c['first']['value']}>{c['second']['app']}={c['second']['value']}"
    dpor = {}
    for l in open(dpor_file):
        d = json.loads(l)
        if d['group'] == group and d['order'] == 'ab' and d['mode'] == 'dpor':
            dpor[(d['app_a'], d['app_b'])] = {key(c) for c in d['conflict_list']}
    print(f"DPOR: {sum(1 for v in dpor.values() if v)} pairs with conflicts, {sum(len(v) for v in dpor.values())} conflicts")
    for k in range(4):
        rs = [r for r in rows if r['mode'] == f'r4:{k}']
        found = sum(len(dpor.get((r['app_a'], r['app_b']), set()) & {c.replace('.groovy', '') for c in r['conflicts']}) for r in rs)
        extra = sum(len({c.replace('.groovy', '') for c in r['conflicts']} - dpor.get((r['app_a'], r['app_b']), set())) for r in rs)
        ms = sorted(r['elapsed_ms'] or 0 for r in rs)
        print(f"K={k}: {len(rs)} runs, {sum(not r['complete'] for r in rs)} incomplete, "
              f"{sum(r['sequences'] or 0 for r in rs)} sequences, {sum(ms) / 1000:.1f} s (median {ms[len(ms) // 2]} ms, "
              f"max {ms[-1]} ms), {sum(1 for r in rs if r['conflicts'])} pairs with conflicts, "
              f"{sum(len(r['conflicts']) for r in rs)} conflicts ({found} of DPOR's, {extra} not found by DPOR), "
              f"races {sum(r['harmful'] for r in rs)} harmful / {sum(r['harmless'] for r in rs)} harmless")


if __name__ == '__main__':
    if sys.argv[1] == '--summary':
        summary(*sys.argv[2:5])
    else:
        run(*sys.argv[1:7])
