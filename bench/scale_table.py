#!/usr/bin/env python3
"""The table of BENCHMARKS.md's "Archive scale" from bench/scale.sh's scale.tsv: one row a
page, one column a backend and size, "median / p99" milliseconds.

    bench/scale_table.py /tmp/plypost-scale/scale.tsv
"""
import sys


def main():
    rows, columns = {}, []
    for line in open(sys.argv[1]):
        label, page, median, p99 = line.rstrip("\n").split("\t")
        if label not in columns:
            columns.append(label)
        rows.setdefault(page, {})[label] = f"{float(median):g} / {float(p99):g}"

    def size(label):
        backend, n = label.split()
        return (backend != "sqlite", int(n))

    columns.sort(key=size)
    print("| page | " + " | ".join(columns) + " |")
    print("|---|" + "---:|" * len(columns))
    for page, cells in rows.items():
        print(f"| {page} | " + " | ".join(cells.get(c, "") for c in columns) + " |")


if __name__ == "__main__":
    main()
