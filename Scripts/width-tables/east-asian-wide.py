# Writes east-asian-wide.txt: the code point ranges whose East_Asian_Width is
# W or F, one "FIRST LAST" (hexadecimal) a line, from this Python's
# unicodedata. The committed file comes from Python 3.13 (Unicode 15.1);
# generate.swift patches what Unicode changed after that.
#
#   python3.13 Scripts/width-tables/east-asian-wide.py > Scripts/width-tables/east-asian-wide.txt
import unicodedata

ranges, start = [], None
for cp in range(0x110000):
    wide = unicodedata.east_asian_width(chr(cp)) in ('W', 'F')
    if wide and start is None:
        start = cp
    if not wide and start is not None:
        ranges.append((start, cp - 1))
        start = None
if start is not None:
    ranges.append((start, 0x10FFFF))
print('\n'.join('%X %X' % r for r in ranges))
