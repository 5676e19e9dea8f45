"""Prints how many times WORD occurs on the first line of stdin that
contains MARK: the elements of one long statement, as --emit prints them.

usage: count-in-line.py MARK WORD < text
"""
import sys

mark, word = sys.argv[1], sys.argv[2]
for line in sys.stdin:
    if mark in line:
        print("%s: %d" % (word, line.count(word)))
        break
