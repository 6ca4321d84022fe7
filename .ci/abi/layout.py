#!/usr/bin/env python3
"""Writes a C program that prints the size of every c2d_ type and the offset of every field of
every c2d_ struct declared in the header given as argument, and the value of every C2D_ integer
macro except the version numbers (sorted output: one line per fact)."""
import re
import sys

header = open(sys.argv[1]).read()
header = re.sub(r'/\*.*?\*/', '', header, flags=re.S)
header = re.sub(r'//[^\n]*', '', header)
lines = ['#include <stddef.h>', '#include <stdio.h>', '#include "collide2d.h"', 'int main(void) {']
for name, body in re.findall(r'typedef struct (c2d_\w+) \{(.*?)\} \1;', header, re.S):
    lines.append(f'  printf("sizeof {name} %zu align %zu\\n", sizeof({name}), _Alignof({name}));')
    for field in re.findall(r'\b(\w+)(?:\[\w*\])?;', body, re.M):
        lines.append(f'  printf("offsetof {name}.{field} %zu\\n", offsetof({name}, {field}));')
for name in re.findall(r'^typedef (?!struct)[\w ]+?\b(c2d_\w+);', header, re.M):
    lines.append(f'  printf("sizeof {name} %zu\\n", sizeof({name}));')
for name in re.findall(r'^#define (C2D_\w+) ', header, re.M):
    if not name.startswith('C2D_VERSION'):
        lines.append(f'  printf("value {name} %lld\\n", (long long)({name}));')
lines += ['  return 0;', '}']
print('\n'.join(lines))
