# Lists the third-party modules a Python tool imports, using the tool's own interpreter: its `ast`
# module parses exactly the syntax that interpreter runs, and `sys.stdlib_module_names` and
# `importlib.metadata` know its standard library and installed distributions.
import ast
import json
import os
import sys

root, entry = sys.argv[1], sys.argv[2]
local = set()
for name in os.listdir(root):
    full = os.path.join(root, name)
    if name.endswith('.py'):
        local.add(name[:-3])
    elif os.path.isdir(full) and os.path.exists(os.path.join(full, '__init__.py')):
        local.add(name)

found, seen, errors = set(), set(), []


def scan(path):
    if path in seen:
        return
    seen.add(path)
    try:
        with open(path, encoding='utf-8') as f:
            tree = ast.parse(f.read(), path)
    except SyntaxError as e:
        errors.append(f"{os.path.relpath(path, root)} line {e.lineno}: {e.msg}")
        return
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            names = [node.module]
        else:
            continue
        for n in names:
            top = n.split('.')[0]
            if top in local:
                p = os.path.join(root, top + '.py')
                scan(p if os.path.exists(p) else os.path.join(root, top, '__init__.py'))
            else:
                found.add(top)


scan(os.path.join(root, entry))
std = set(getattr(sys, 'stdlib_module_names', sys.builtin_module_names))
third = sorted(m for m in found if m not in std and m != '__future__')
try:
    from importlib.metadata import packages_distributions
    dists = packages_distributions()
except Exception:
    dists = {}
print(json.dumps({'imports': third, 'distributions': {m: dists.get(m, []) for m in third}, 'errors': errors}))
