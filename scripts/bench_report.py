#!/usr/bin/env python3
"""Turns the criterion results of bench/ into the ratio table and the chart.

Usage: scripts/bench_report.py CRITERION_DIR [--markdown OUT.md] [--svg OUT.svg]

Reads every `<group>/<lib>/new/benchmark.json` + `estimates.json` under
CRITERION_DIR (groups are `<operation>/<dataset>`, as bench/benches/peers.rs
names them, or `scaling_<operation>/<family>` with the input size as the
function), and `accepted.tsv` beside them when present (written by the peers
benchmark when URIKIT_BENCH_OUT is set). Prints, per operation, one row per
dataset: each library's median MB/s, urikit's ns per URL, and the ratio of
urikit's throughput to the fastest peer's (among the peers that accept at
least 90% as many of the inputs as urikit). Standard library only.
"""

import json
import os
import sys
from collections import defaultdict

OURS = "urikit"
# Rows measured beside the libraries that are not peers (see
# bench/src/lib.rs): `urikit-parsed` is urikit's parse and then resolve or
# normalize (where `urikit` takes the text in one call: `join`,
# `normalize_str`); `floor` (resolve) is urikit's parse and
# one allocation of the target, no resolution logic: the least a resolver
# returning an owned target does, so floor ÷ a peer bounds what urikit can
# reach against it.
NOT_PEERS = {"floor", "urikit-parsed"}
# Display order of the libraries (others follow, sorted).
ORDER = ["urikit", "fluent-uri", "oxiri", "iri-string", "uriparse", "http", "url",
         "ada-url", "ada-url-can_parse", "percent-encoding", "psl", "publicsuffix",
         "urikit-parsed", "floor"]
OPS = ["parse", "parse_iri", "whatwg", "resolve_relative", "resolve_absolute",
       "normalize", "decode_path", "surt", "domain"]
# The targets of issue 14, every list: parse >= 2x the fastest peer (ada-url's
# `can_parse` included), resolve >= 2.5x oxiri, normalize >= 3.5x fluent-uri.
TARGETS = {  # operation -> (peer the target is against or None = fastest, factor)
    "parse": (None, 2.0),
    "resolve_relative": ("oxiri", 2.5),
    "resolve_absolute": ("oxiri", 2.5),
    "normalize": ("fluent-uri", 3.5),
    # Issue 15: IRI parse faster than fluent-uri's and oxiri's (the fastest
    # of them); issue 16: the WHATWG parse faster than ada-url's.
    "parse_iri": (None, 1.0),
    "whatwg": ("ada-url", 1.0),
}
# Issue 17: targets in urikit's ns per URL (at most), every list.
NS_TARGETS = {"surt": 150, "domain": 50}


def meets(ratio, factor):
    """A factor of 1 means "faster than": strictly above."""
    return ratio > factor if factor == 1.0 else ratio >= factor


def load(root):
    """{(op, dataset): {lib: (median_ns, bytes)}}"""
    out = defaultdict(dict)
    for dirpath, _dirs, files in os.walk(root):
        if os.path.basename(dirpath) != "new" or "benchmark.json" not in files:
            continue
        with open(os.path.join(dirpath, "benchmark.json")) as f:
            bench = json.load(f)
        with open(os.path.join(dirpath, "estimates.json")) as f:
            est = json.load(f)
        group = bench["group_id"]
        if "/" not in group:
            continue
        op, dataset = group.split("/", 1)
        lib = bench.get("value_str") or bench.get("function_id")
        nbytes = (bench.get("throughput") or {}).get("Bytes")
        out[(op, dataset)][lib] = (est["median"]["point_estimate"], nbytes)
    return out


def load_counts(root):
    """{(op, dataset, lib): (accepted, inputs)}"""
    path = os.path.join(root, "accepted.tsv")
    counts = {}
    if not os.path.exists(path):
        return counts
    with open(path) as f:
        next(f)
        for line in f:
            op, dataset, lib, accepted, inputs, _bytes = line.rstrip("\n").split("\t")
            counts[(op, dataset, lib)] = (int(accepted), int(inputs))
    return counts


def mbps(ns, nbytes):
    return nbytes / ns * 1e3  # bytes per ns -> MB/s (10^6 bytes)


def lib_order(libs):
    known = [l for l in ORDER if l in libs]
    return known + sorted(l for l in libs if l not in ORDER)


def ratio_rows(results, counts):
    """Per operation, rows of (dataset, {lib: MB/s}, ns_per_url, ratio, peer, target_ok)."""
    table = defaultdict(list)
    for (op, dataset), libs in sorted(results.items()):
        if op.startswith("scaling_"):
            continue
        speeds = {lib: mbps(ns, b) for lib, (ns, b) in libs.items() if b}
        ours = speeds.get(OURS)
        peers = {l: v for l, v in speeds.items() if l != OURS and l not in NOT_PEERS}
        ns_url = None
        if OURS in libs and (op, dataset, OURS) in counts:
            ns_url = libs[OURS][0] / counts[(op, dataset, OURS)][1]
        ratio = peer = ok = None
        # A peer that rejects most inputs (http::Uri on file: URLs) has not
        # done the work: the ratio is taken against the fastest peer that
        # accepts at least 90% as many inputs as urikit (all of them are
        # still shown in the table).
        ours_acc = counts.get((op, dataset, OURS), (None,))[0]
        if ours_acc:
            peers = {l: v for l, v in peers.items()
                     if counts.get((op, dataset, l), (ours_acc,))[0] >= 0.9 * ours_acc}
        if ours and peers:
            peer = max(peers, key=peers.get)
            ratio = ours / peers[peer]
            target_peer, factor = TARGETS.get(op, (None, None))
            if factor:
                against = speeds.get(target_peer) if target_peer else peers[peer]
                if against:
                    ok = (ours / against, target_peer or peer, meets(ours / against, factor))
        table[op].append((dataset, speeds, ns_url, ratio, peer, ok))
    return table


def target_summary(table):
    """The targets' table: one row per operation with a target, one cell per
    dataset (urikit's ratio to the peer the target names, met or missed), and
    the list of the misses."""
    # The columns: the URL lists (datasets measured by more than one
    # operation). An operation on a list of its own (parse_iri on the IRI
    # list) shows that list's cell in its first column, named.
    seen = defaultdict(int)
    for op in list(TARGETS) + list(NS_TARGETS):
        for r in table.get(op, []):
            seen[r[0]] += 1
    datasets = sorted(d for d, n in seen.items() if n > 1)
    if not datasets:
        return [], []
    lines = ["### Targets", "",
             "urikit's throughput ÷ the peer's, same run; met when at least the factor.", "",
             "| operation | target | " + " | ".join(datasets) + " |",
             "|---|---|" + "---|" * len(datasets)]
    missed = []
    for op, (peer, factor) in TARGETS.items():
        rows = {r[0]: r for r in table.get(op, [])}
        if not rows:
            continue
        own = [] if set(rows) & set(datasets) else sorted(rows)
        cells = []
        for d in own or datasets:
            ok = rows[d][5] if d in rows else None
            if ok is None:
                cells.append("–")
                missed.append(f"{op} {d}: not measured")
                continue
            ratio, against, met = ok
            name = f"{d} list: " if own else ""
            cells.append(f"{name}{ratio:.2f}× {against}: " + ("met" if met else "**missed**"))
            if not met:
                missed.append(f"{op} {d}: {ratio:.2f}× {against} < {factor}×")
        cells += ["–"] * (len(datasets) - len(cells))
        who = peer or "fastest peer"
        relation = "> 1×" if factor == 1.0 else f"≥ {factor}×"
        lines.append(f"| {op} | {relation} {who} | " + " | ".join(cells) + " |")
        # The floor's ratio to the same peer: the most urikit could reach.
        ceiling = []
        for d in datasets:
            sp = rows[d][1] if d in rows else {}
            against = sp.get(peer) if peer else None
            ceiling.append(f"{sp['floor'] / against:.2f}× {peer}" if sp.get("floor") and against else "–")
        if any(c != "–" for c in ceiling):
            lines.append(f"| {op}: floor | (bound) | " + " | ".join(ceiling) + " |")
    for op, limit in NS_TARGETS.items():
        rows = {r[0]: r for r in table.get(op, [])}
        if not rows:
            continue
        cells = []
        for d in datasets:
            ns = rows[d][2] if d in rows else None
            if ns is None:
                cells.append("–")
                missed.append(f"{op} {d}: not measured")
                continue
            cells.append(f"{ns:.0f} ns/URL: " + ("met" if ns <= limit else "**missed**"))
            if ns > limit:
                missed.append(f"{op} {d}: {ns:.0f} ns/URL > {limit} ns")
        lines.append(f"| {op} | ≤ {limit} ns/URL | " + " | ".join(cells) + " |")
    lines.append("")
    lines.append("Missed: " + "; ".join(missed) + "." if missed else "Every target met.")
    lines.append("")
    return lines, missed


def markdown(results, counts):
    table = ratio_rows(results, counts)
    lines, _missed = target_summary(table)
    for op in [o for o in OPS if o in table] + [o for o in table if o not in OPS]:
        rows = table[op]
        libs = lib_order({l for r in rows for l in r[1]})
        target = TARGETS.get(op)
        title = f"### {op}"
        if target:
            who = target[0] or "the fastest peer"
            relation = "> 1×" if target[1] == 1.0 else f"≥ {target[1]}×"
            title += f" (target: urikit {relation} {who})"
        elif op in NS_TARGETS:
            title += f" (target: urikit ≤ {NS_TARGETS[op]} ns/URL)"
        lines += [title, "", "MB/s (median); ns/URL and the ratio are urikit's.", ""]
        lines.append("| dataset | " + " | ".join(libs) +
                     " | urikit ns/URL | urikit ÷ fastest peer | target |")
        lines.append("|---" * (len(libs) + 4) + "|")
        for dataset, speeds, ns_url, ratio, peer, ok in rows:
            cells = ["–" if speeds.get(l) is None else f"{speeds[l]:.0f}" for l in libs]
            r = "–" if ratio is None else f"{ratio:.2f}× ({peer})"
            n = "–" if ns_url is None else f"{ns_url:.0f}"
            t = "–" if ok is None else (
                f"{ok[0]:.2f}× {ok[1]}: " + ("met" if ok[2] else "**not met**"))
            if op in NS_TARGETS and ns_url is not None:
                t = f"≤ {NS_TARGETS[op]} ns: " + ("met" if ns_url <= NS_TARGETS[op] else "**not met**")
            lines.append(f"| {dataset} | " + " | ".join(cells) + f" | {n} | {r} | {t} |")
        lines.append("")
        floors = [(d, sp) for d, sp, *_ in rows if sp.get("floor") and sp.get(OURS)]
        if floors:
            target_peer = (TARGETS.get(op) or (None,))[0]
            cells = []
            for d, sp in floors:
                cell = f"{d}: urikit ÷ floor {sp[OURS] / sp['floor']:.2f}"
                if target_peer and sp.get(target_peer):
                    cell += f", floor ÷ {target_peer} {sp['floor'] / sp[target_peer]:.2f}×"
                cells.append(cell)
            lines += ["floor (not a peer): urikit's parse of the reference and one allocation "
                      "holding the target, no resolution logic; floor ÷ a peer is the most "
                      "urikit could reach against it with this parser and allocator. "
                      + "; ".join(cells) + ".", ""]
        partial = []
        for dataset, *_ in rows:
            for l in libs:
                acc = counts.get((op, dataset, l))
                if acc and acc[0] != acc[1]:
                    partial.append(f"{dataset} {l} {acc[0]}/{acc[1]}")
        if partial:
            lines += ["Inputs accepted, where not all: " + "; ".join(partial) + ".", ""]
    scaling = scaling_rows(results)
    if scaling:
        lines += ["### scaling on adversarial inputs (urikit)", "",
                  "| operation | family | MB/s at 100 KB | MB/s at 1 MB | time ratio 1 MB ÷ 100 KB |",
                  "|---|---|---|---|---|"]
        for op, fam, small, large, ratio in scaling:
            lines.append(f"| {op} | {fam} | {small:.0f} | {large:.0f} | {ratio:.1f} |")
        lines.append("")
        lines.append("Linear time gives a time ratio near 10 (the same MB/s at both sizes).")
        lines.append("")
    return "\n".join(lines)


def scaling_rows(results):
    rows = []
    for (op, fam), sizes in sorted(results.items()):
        if not op.startswith("scaling_") or len(sizes) < 2:
            continue
        (s_small, (ns_s, b_s)), (s_large, (ns_l, b_l)) = sorted(
            sizes.items(), key=lambda kv: int(kv[0]))[:2]
        rows.append((op[len("scaling_"):], fam, mbps(ns_s, b_s), mbps(ns_l, b_l), ns_l / ns_s))
    return rows


COLORS = {"urikit": "#d62728", "fluent-uri": "#1f77b4", "oxiri": "#2ca02c",
          "iri-string": "#9467bd", "uriparse": "#8c564b", "http": "#e377c2",
          "url": "#7f7f7f", "ada-url": "#bcbd22", "ada-url-can_parse": "#ff7f0e",
          "percent-encoding": "#17becf", "psl": "#aec7e8", "publicsuffix": "#98df8a",
          "urikit-parsed": "#f4a6a6", "floor": "#cccccc"}


def svg(results, counts):
    """Horizontal grouped bars: one panel per operation, one group per dataset."""
    table = ratio_rows(results, counts)
    ops = [o for o in OPS if o in table]
    bar_h, gap, label_w, plot_w, pad = 9, 8, 150, 560, 20
    y = 40
    parts = []
    for op in ops:
        rows = table[op]
        libs = lib_order({l for r in rows for l in r[1]})
        top = max((v for r in rows for v in r[1].values()), default=1.0)
        parts.append(f'<text x="{pad}" y="{y}" font-size="15" font-weight="bold">{op} (MB/s)</text>')
        y += 10
        for dataset, speeds, _n, ratio, peer, _ok in rows:
            y0 = y
            for l in libs:
                v = speeds.get(l)
                if v is None:
                    continue
                w = max(1.0, v / top * plot_w)
                parts.append(f'<rect x="{label_w}" y="{y}" width="{w:.1f}" height="{bar_h}" '
                             f'fill="{COLORS.get(l, "#333")}"><title>{l}: {v:.0f} MB/s</title></rect>')
                parts.append(f'<text x="{label_w + w + 4:.1f}" y="{y + bar_h - 1}" font-size="9">'
                             f'{l} {v:.0f}</text>')
                y += bar_h + 1
            r = f" ({ratio:.2f}×)" if ratio else ""
            parts.append(f'<text x="{label_w - 6}" y="{(y0 + y) / 2 + 4:.1f}" font-size="11" '
                         f'text-anchor="end">{dataset}{r}</text>')
            y += gap
        y += 20
    width = label_w + plot_w + 120
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{y}" '
            f'font-family="sans-serif">\n<rect width="100%" height="100%" fill="white"/>\n'
            f'<text x="{pad}" y="20" font-size="13">urikit vs peers, median throughput; '
            f'(ratio) = urikit ÷ fastest peer</text>\n')
    return head + "\n".join(parts) + "\n</svg>\n"


def main(argv):
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    root = argv[1]
    results = load(root)
    counts = load_counts(root)
    if not results:
        print(f"no criterion results under {root}", file=sys.stderr)
        return 1
    md = markdown(results, counts)
    print(md)
    _lines, missed = target_summary(ratio_rows(results, counts))
    for m in missed:
        print(f"target missed: {m}", file=sys.stderr)
    args = argv[2:]
    while args:
        flag, path = args[0], args[1]
        args = args[2:]
        with open(path, "w") as f:
            f.write(md if flag == "--markdown" else svg(results, counts))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
