# What a Python tool imports and what its environment provides, asked of the tool's own interpreter
# (docs/checks.md, check 4): its `ast` parses exactly the syntax that interpreter runs, never running
# the tool's code; `sys.stdlib_module_names` and `importlib.metadata` know its standard library and
# installed distributions. One start answers checks 4 and 5: every third-party import with the file
# and line that makes it and whether it is optional ('guarded' by `except ImportError`, or made inside
# a 'function'; one under `if TYPE_CHECKING:` never runs and is left out), the distributions that provide each
# module, the Requires-Dist closure of the declared dependencies, and their installed versions.
# argv: tool folder, entrypoint, then a JSON object: the declared runtime requirements as written,
# their distribution names (for versions) and the file size limit.
import ast
import json
import os
import platform
import re
import sys

root = os.path.realpath(sys.argv[1])
entry = os.path.join(root, sys.argv[2])
request = json.loads(sys.argv[3]) if len(sys.argv) > 3 else {}
requirements = request.get('requirements', [])
max_bytes = request.get('max_bytes', 4 * 1024 * 1024)
MAX_FILES = 5000
IMPORT_ERRORS = {'ImportError', 'ModuleNotFoundError', 'Exception', 'BaseException'}

errors = []
occurrences = {}  # top-level module -> [file, line, optional] of its first required import, else first
scanned = set()


def inside(path):
    real = os.path.realpath(path)
    return real == root or real.startswith(root + os.sep)


def rel(path):
    return os.path.relpath(path, root)


def parse_file(path):
    """The syntax tree of one tool file, or None (too large, outside the folder, unreadable)."""
    if path in scanned or len(scanned) >= MAX_FILES or not os.path.isfile(path) or not inside(path):
        return None
    scanned.add(path)
    try:
        if os.path.getsize(path) > max_bytes:
            return None
        with open(path, 'rb') as f:
            return ast.parse(f.read(), path)
    except SyntaxError as e:
        errors.append(f"{rel(path)} line {e.lineno}: {e.msg}")
    except RecursionError:
        errors.append(f"{rel(path)}: nested too deeply to read")
    except (OSError, ValueError, MemoryError):
        pass
    return None


def path_additions(tree, base):
    """Folders the entrypoint puts on sys.path (sys.path.insert(0, str(HERE / "src")), append, addsitedir)."""
    out = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
            continue
        if node.func.attr not in ('insert', 'append', 'addsitedir') or not node.args:
            continue
        parts = [n.value for n in ast.walk(node.args[-1]) if isinstance(n, ast.Constant) and isinstance(n.value, str)]
        if parts:
            candidate = os.path.normpath(os.path.join(base, *parts))
            if os.path.isdir(candidate) and inside(candidate):
                out.append(candidate)
    return out


def module_files(base, parts):
    """The files that run when module `parts` is imported from folder `base` (each package's
    __init__.py, then the module); None when `base` holds no such module. A folder without
    __init__.py is a namespace package (PEP 420): it runs no file of its own."""
    files, here = [], base
    for i, part in enumerate(parts):
        d = os.path.join(here, part)
        if i == len(parts) - 1 and os.path.isfile(d + '.py'):
            return files + [d + '.py']
        if not os.path.isdir(d):
            return None if i == 0 else files
        init = os.path.join(d, '__init__.py')
        if os.path.isfile(init):
            files.append(init)
        here = d
    return files


def catches_import_errors(handler):
    t = handler.type
    if t is None:
        return True
    names = t.elts if isinstance(t, ast.Tuple) else [t]
    return any((n.id if isinstance(n, ast.Name) else getattr(n, 'attr', None)) in IMPORT_ERRORS for n in names)


def is_type_checking(test):
    return (isinstance(test, ast.Name) and test.id == 'TYPE_CHECKING') or (
        isinstance(test, ast.Attribute) and test.attr == 'TYPE_CHECKING'
    )


def suppresses_import_errors(item):
    call = item.context_expr
    if not isinstance(call, ast.Call):
        return False
    name = call.func.attr if isinstance(call.func, ast.Attribute) else getattr(call.func, 'id', None)
    return name == 'suppress' and any(
        (a.id if isinstance(a, ast.Name) else getattr(a, 'attr', None)) in IMPORT_ERRORS for a in call.args
    )


class Scanner:
    def __init__(self, bases):
        self.bases = bases
        self.queue = []

    def local(self, parts):
        for base in self.bases:
            files = module_files(base, parts)
            if files is not None:
                return files
        return None

    def record(self, name, path, node, optional):
        top, *rest = name.split('.')
        files = self.local(name.split('.'))
        if files is not None:
            self.queue.extend(files)
            return
        if not top or top == '__future__':
            return
        seen = occurrences.get(top)
        if seen is None or (seen[2] and not optional):
            occurrences[top] = [rel(path), node.lineno, optional]

    def visit(self, node, path, optional):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            for d in getattr(node, 'decorator_list', []):
                self.visit(d, path, optional)
            for b in node.body if isinstance(node.body, list) else [node.body]:
                self.visit(b, path, optional or 'function')
            return
        if isinstance(node, ast.If) and is_type_checking(node.test):
            for b in node.orelse:
                self.visit(b, path, optional)
            return
        if isinstance(node, ast.Try) or type(node).__name__ == 'TryStar':
            guarded = optional or ('guarded' if any(catches_import_errors(h) for h in node.handlers) else False)
            for b in node.body:
                self.visit(b, path, guarded)
            for b in [*node.handlers, *node.orelse, *node.finalbody]:
                self.visit(b, path, optional)
            return
        if isinstance(node, (ast.With, ast.AsyncWith)) and any(suppresses_import_errors(i) for i in node.items):
            for b in node.body:
                self.visit(b, path, optional or 'guarded')
            return
        if isinstance(node, ast.Import):
            for a in node.names:
                self.record(a.name, path, node, optional)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                # from .train import fit: modules of this package, scanned for their own imports
                base = os.path.dirname(path)
                for _ in range(node.level - 1):
                    base = os.path.dirname(base)
                parts = node.module.split('.') if node.module else []
                self.queue.extend(module_files(base, parts) or [])
                for a in node.names:
                    self.queue.extend(module_files(base, parts + [a.name]) or [])
            elif node.module:
                self.record(node.module, path, node, optional)
                # from pkg import sub: a submodule of a local package is a file of its own
                if self.local(node.module.split('.')) is not None:
                    for a in node.names:
                        self.queue.extend(self.local(node.module.split('.') + [a.name]) or [])
        elif isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant):
            # importlib.import_module("x") and __import__("x") with a literal name
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, 'id', None)
            if name in ('import_module', '__import__') and isinstance(node.args[0].value, str):
                if not node.args[0].value.startswith('.'):
                    self.record(node.args[0].value, path, node, optional)
        for child in ast.iter_child_nodes(node):
            self.visit(child, path, optional)

    def run(self, entry_tree, entry_path):
        tree, path = entry_tree, entry_path
        while True:
            if tree is not None:
                try:
                    self.visit(tree, path, False)
                except RecursionError:
                    errors.append(f"{rel(path)}: nested too deeply to read")
            if not self.queue:
                return
            path = self.queue.pop()
            tree = parse_file(path)


def canonical(name):
    return re.sub(r'[-_.]+', '-', name).lower()


def requirement_parser():
    """packaging's Requirement (the venv's pip carries one when the environment has none), else None."""
    try:
        from packaging.requirements import Requirement
        return Requirement
    except Exception:
        try:
            from pip._vendor.packaging.requirements import Requirement
            return Requirement
        except Exception:
            return None


REQ = re.compile(r'^\s*([A-Za-z0-9][A-Za-z0-9._-]*)\s*(?:\[([^\]]*)\])?[^;]*(?:;(.*))?$')


def parse_requirement(text, Requirement):
    """(name, extras, applies(extras)) of one requirement string, or None."""
    if Requirement is not None:
        try:
            r = Requirement(text)
        except Exception:
            return None
        if r.marker is None:
            return r.name, set(r.extras), lambda wanted: True

        def applies(wanted, marker=r.marker):
            try:
                return any(marker.evaluate({'extra': e}) for e in (wanted or {''}))
            except Exception:
                return True

        return r.name, set(r.extras), applies
    m = REQ.match(text)
    if not m:
        return None
    extras = {e.strip() for e in (m.group(2) or '').split(',') if e.strip()}
    marker = m.group(3) or ''
    named = re.findall(r'extra\s*==\s*["\']([^"\']+)["\']', marker)
    # without packaging only `extra` markers are read; any other marker is taken as true (the closure
    # may hold a little more than installs, never less)
    return m.group(1), extras, lambda wanted: not named or any(canonical(n) in {canonical(w) for w in wanted} for n in named)


def closure_of(requirements):
    """Every installed distribution the declared ones require, directly or not: canonical name ->
    the declared requirement it comes through. Stops at distributions that are not installed."""
    from importlib import metadata
    Requirement = requirement_parser()
    out, queue, done = {}, [], set()
    for text in requirements:
        parsed = parse_requirement(text, Requirement)
        if parsed:
            queue.append((parsed[0], parsed[1], parsed[0]))
    while queue and len(done) < 5000:
        name, extras, via = queue.pop(0)
        key = (canonical(name), frozenset(extras))
        if key in done:
            continue
        done.add(key)
        try:
            requires = metadata.distribution(name).requires or []
        except Exception:
            continue
        out.setdefault(canonical(name), via)
        for text in requires:
            parsed = parse_requirement(text, Requirement)
            if parsed and parsed[2](extras):
                queue.append((parsed[0], parsed[1], via))
    return out


def main():
    entry_tree = parse_file(entry)
    base = os.path.dirname(entry)
    bases = [base, root, os.path.join(root, 'src')]
    if entry_tree is not None:
        bases += path_additions(entry_tree, base)
        Scanner(list(dict.fromkeys(b for b in bases if os.path.isdir(b)))).run(entry_tree, entry)
    std = set(getattr(sys, 'stdlib_module_names', sys.builtin_module_names))
    third = {m: o for m, o in occurrences.items() if m not in std}
    providers, closure = {}, {}
    if third:  # reading every installed distribution's metadata costs tens of ms: only when needed
        try:
            from importlib.metadata import packages_distributions
            known = packages_distributions()
            providers = {m: sorted(set(known.get(m, []))) for m in third}
        except Exception:
            pass
        try:
            closure = closure_of(requirements)
        except Exception:
            pass
    installed = {}
    from importlib.metadata import version
    for name in request.get('names', []):
        try:
            installed[name] = version(name)
        except Exception:  # PackageNotFoundError, or metadata that does not parse
            installed[name] = None
    print(json.dumps({
        'imports': [{'module': m, 'file': o[0], 'line': o[1], 'optional': o[2]} for m, o in sorted(third.items())],
        'providers': providers,
        'closure': closure,
        'errors': errors,
        'version': 'Python ' + platform.python_version(),
        'installed': installed,
    }))


main()
