# Lists the third-party modules a Python tool imports, using the tool's own interpreter: its `ast`
# module parses exactly the syntax that interpreter runs, and `sys.stdlib_module_names` and
# `importlib.metadata` know its standard library and installed distributions. Distribution names
# after the entrypoint are looked up too, with the interpreter's version, so one start of the
# interpreter answers checks 4 and 5.
import ast
import json
import os
import sys

root, entry = sys.argv[1], sys.argv[2]
# the tool's own modules: beside the entrypoint, and in src/ (the src layout `uv init --package`
# writes, which tools put on sys.path themselves)
local = {}
for base in (root, os.path.join(root, 'src')):
    if not os.path.isdir(base):
        continue
    for name in os.listdir(base):
        full = os.path.join(base, name)
        if name.endswith('.py'):
            local.setdefault(name[:-3], full)
        elif os.path.isdir(full) and os.path.exists(os.path.join(full, '__init__.py')):
            local.setdefault(name, os.path.join(full, '__init__.py'))

found, seen, errors = set(), set(), []


def module_file(base, parts):
    """The file of module `parts` under directory `base` (a .py file or a package), or None."""
    if not parts:
        p = os.path.join(base, '__init__.py')
        return p if os.path.isfile(p) else None
    p = os.path.join(base, *parts)
    if os.path.isfile(p + '.py'):
        return p + '.py'
    if os.path.isfile(os.path.join(p, '__init__.py')):
        return os.path.join(p, '__init__.py')
    return None


def scan(path):
    if path is None or path in seen or not os.path.isfile(path):
        return
    seen.add(path)
    try:
        with open(path, encoding='utf-8') as f:
            tree = ast.parse(f.read(), path)
    except SyntaxError as e:
        errors.append(f"{os.path.relpath(path, root)} line {e.lineno}: {e.msg}")
        return
    except (OSError, UnicodeDecodeError):
        return
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level:
            # from .train import train: a sibling module of this package, scanned for its own imports
            base = os.path.dirname(path)
            for _ in range(node.level - 1):
                base = os.path.dirname(base)
            parts = node.module.split('.') if node.module else []
            scan(module_file(base, parts))
            for alias in node.names:
                scan(module_file(base, parts + [alias.name]))
            continue
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            names = [node.module]
        else:
            continue
        for n in names:
            top, *rest = n.split('.')
            if top in local:
                scan(local[top])
                # a submodule (pkg.handlers) is a file of its own
                if rest and local[top].endswith('__init__.py'):
                    scan(module_file(os.path.dirname(local[top]), rest))
            else:
                found.add(top)


scan(os.path.join(root, entry))
std = set(getattr(sys, 'stdlib_module_names', sys.builtin_module_names))
third = sorted(m for m in found if m not in std and m != '__future__')
dists = {}
if third:  # scanning every installed distribution costs ~40 ms: only when there is something to look up
    try:
        from importlib.metadata import packages_distributions
        dists = packages_distributions()
    except Exception:
        pass
installed = {}
if len(sys.argv) > 3:
    from importlib.metadata import PackageNotFoundError, version
    for name in sys.argv[3:]:
        try:
            installed[name] = version(name)
        except PackageNotFoundError:
            installed[name] = None
import platform
print(json.dumps({
    'imports': third,
    'distributions': {m: dists.get(m, []) for m in third},
    'errors': errors,
    'version': 'Python ' + platform.python_version(),
    'installed': installed,
}))
