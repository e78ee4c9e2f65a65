"""Inlining at import: a rule written once as a function, run without a call in the fast loops.

The join kernel (:mod:`.kernel`) states each step of the rules that the match, the
playout loop and the solver share as one plain function on integers and lists
(:func:`~.kernel.join_step`, :func:`~.kernel.turn_step` …). The loops call them as
written, ``a, b = step(x, y)``; :func:`inline` then compiles each loop again, once, at
import, with every such statement replaced by the step's own statements (its
arguments in place of its parameters, its locals renamed apart, its ``return``
assigned to the statement's targets), the way :func:`collections.namedtuple` and
:mod:`dataclasses` write code at import. So there is one written statement of each
rule and no call per move (a call per move costs the loops 20–30 %).

The loop as written stays the reference: it runs unchanged if the step functions are
called instead (``func.__wrapped__``), and ``tests/test_inline.py`` checks the two
agree. The compiled loop keeps the file and line numbers of the written one (the
inlined statements carry the line of the call), so tracebacks and coverage point
at the source. A step must be a plain function whose last statement, and only
``return``, returns a name or a tuple of names; its call must pass plain names or ints. A
package installed without its source runs the loops as written (slower, the same).

Three rewrites keep the inlined step as cheap as the statement written out by hand: an
int of the step's module (``DRAW_TURN``) is read as its value, in the steps and in the
loop's own tests; a step given an int is written without the branches that int rules
out (``join_step(…, False)``: the playout loop, which never takes a join back, does not
look for where the place stood); and an int given to a returned value the caller drops
(``_``) is not stored. The match's events are inlined the same way
(:func:`.events.fast_constructor` keeps its written-out source where :mod:`inspect`
finds it).
"""

from __future__ import annotations
import __future__

import ast
import functools
import inspect
import textwrap
from collections.abc import Callable
from typing import Any, TypeVar, cast

F = TypeVar("F", bound=Callable[..., Any])


def _step_tree(step: Callable[..., Any]) -> tuple[ast.FunctionDef, list[ast.stmt]]:
    """The step's definition and its statements between the docstring and the return."""
    tree = ast.parse(textwrap.dedent(inspect.getsource(step)))
    func = tree.body[0]
    if not isinstance(func, ast.FunctionDef) or not isinstance(func.body[-1], ast.Return):
        raise TypeError(f"{step.__name__}: a step ends with its only return")
    body = func.body[:-1]
    if inspect.getdoc(step) is not None:
        body = body[1:]
    if any(isinstance(n, ast.Return) for s in body for n in ast.walk(s)):
        raise TypeError(f"{step.__name__}: a step ends with its only return")
    return func, body


def _assigned(nodes: list[ast.stmt]) -> set[str]:
    """The names the statements bind."""
    return {
        n.id
        for s in nodes
        for n in ast.walk(s)
        if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)
    }


class _Rename(ast.NodeTransformer):
    """Names renamed (``names``) or read as constants (``constants``)."""

    def __init__(self, names: dict[str, str], constants: dict[str, int] | None = None) -> None:
        self.names = names
        self.constants = constants or {}

    def visit_Name(self, node: ast.Name) -> ast.expr:
        if isinstance(node.ctx, ast.Load) and node.id in self.constants:
            return ast.Constant(self.constants[node.id])
        new = self.names.get(node.id)
        return node if new is None else ast.Name(new, node.ctx)


class _Prune(ast.NodeTransformer):
    """``if`` statements on a constant replaced by the branch that runs, and the ints given
    to ``unused`` names (a returned local the caller drops and the step never reads) left out.
    """

    def __init__(self, unused: set[str]) -> None:
        self.unused = unused

    def visit_Assign(self, node: ast.Assign) -> Any:
        (target,) = node.targets if len(node.targets) == 1 else (None,)
        unused = isinstance(target, ast.Name) and target.id in self.unused
        return None if unused and isinstance(node.value, ast.Constant) else node

    def visit_If(self, node: ast.If) -> Any:
        self.generic_visit(node)
        test = node.test
        if isinstance(test, ast.Constant):
            return node.body if test.value else node.orelse
        return node

    def generic_visit(self, node: ast.AST) -> ast.AST:
        super().generic_visit(node)
        if isinstance(node, (ast.If, ast.For, ast.While, ast.With, ast.Try)) and not node.body:
            node.body = [ast.Pass()]
        return node


def _globals(step: Callable[..., Any]) -> dict[str, Any]:
    """The module namespace ``step`` reads its globals from."""
    namespace: dict[str, Any] = step.__globals__
    return namespace


def _flat(visited: list[Any]) -> list[ast.stmt]:
    """Statements as a transformer left them: some replaced by lists, some by None."""
    return [s for v in visited for s in (v if isinstance(v, list) else [v]) if s is not None]


def _constant(value: object) -> bool:
    """Whether a global read as ``value`` is written as its value: an int of the kernel's."""
    return type(value) is int or type(value) is bool


def _names(nodes: list[ast.expr] | list[ast.expr | None]) -> list[str] | None:
    """The names of ``nodes`` (a tuple counts as its items), or None if one is not a name."""
    items: list[ast.expr | None] = []
    for node in nodes:
        items += node.elts if isinstance(node, ast.Tuple) else [node]
    names = [node.id for node in items if isinstance(node, ast.Name)]
    return names if len(names) == len(items) else None


def _expand(step: Callable[..., Any], call: ast.Assign, glob: dict[str, Any]) -> list[ast.stmt]:
    """The statements that replace ``targets = step(args)``; the step's globals go into
    ``glob`` (the loop's) as ``_kernel_NAME``."""
    func, body = _step_tree(step)
    assert isinstance(call.value, ast.Call)
    params = [a.arg for a in func.args.args]
    given = call.value.args
    if len(given) != len(params):
        raise TypeError(f"{step.__name__}: call it with {len(params)} plain names or ints")
    constants: dict[str, int] = {}
    for param, node in zip(params, given, strict=True):
        if isinstance(node, ast.Constant) and _constant(node.value):
            constants[param] = cast(int, node.value)  # the step specialized: tests on it pruned
    args = _names([arg for arg in given if not isinstance(arg, ast.Constant)])
    params = [param for param in params if param not in constants]
    if args is None or len(args) != len(params):
        raise TypeError(f"{step.__name__}: call it with {len(params)} plain names or ints")
    prefix = f"_{step.__name__}_"
    rebound = _assigned(body)
    if rebound & set(constants):
        raise TypeError(f"{step.__name__}: a parameter given an int may not be rebound")
    passed = dict(zip(params, args, strict=True))
    result = func.body[-1]
    assert isinstance(result, ast.Return)
    returned = _names([result.value])
    targets = _names(call.targets)
    if returned is None or targets is None:
        raise TypeError(f"{step.__name__}: return names, assigned to names")
    if len(returned) != len(targets):
        raise TypeError(f"{step.__name__} returns {len(returned)} values")
    pairs = list(zip(returned, targets, strict=True))
    # A returned name the step binds becomes the caller's target itself, so no assignment is
    # left at the end: a local of the step (its target not one the step reads), or a
    # parameter the step rebinds whose argument is that same target (``x = step(x)``).
    names: dict[str, str] = {}
    for ret, tgt in pairs:
        if tgt == "_" or ret not in rebound or ret in names or tgt in names.values():
            continue
        if ret in passed:
            if passed[ret] == tgt and list(passed.values()).count(tgt) == 1:
                names[ret] = tgt
        elif tgt not in passed.values():
            names[ret] = tgt
    for name in rebound - set(names):
        if name != "_":
            names[name] = prefix + name
    known = _globals(step)
    for n in ast.walk(func):
        if not isinstance(n, ast.Name) or n.id not in known:
            continue
        if n.id not in names and n.id not in params and n.id not in constants:
            value = known[n.id]
            if _constant(value):  # a constant of the kernel's (DRAW_TURN …): its value
                constants[n.id] = value
                continue
            names[n.id] = "_kernel_" + n.id
            if glob.setdefault(names[n.id], value) is not value:
                raise TypeError(f"{step.__name__}: {n.id} names another object in another step")
    prelude: list[ast.stmt] = []
    for param, arg in passed.items():
        if param not in rebound:
            names[param] = arg
        elif names[param] != arg:  # a parameter the step rebinds: a copy, as a call has
            prelude.append(
                ast.Assign([ast.Name(names[param], ast.Store())], ast.Name(arg, ast.Load()))
            )
    renamer = _Rename(names, constants)
    stmts = [_Prune(set()).visit(renamer.visit(s)) for s in body]
    stmts = _flat(stmts)
    read = {
        n.id
        for s in stmts
        for n in ast.walk(s)
        if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)
    }
    dropped = {names[ret] for ret, tgt in pairs if tgt == "_" and ret in names} - read
    stmts = [_Prune(dropped - set(passed.values())).visit(s) for s in stmts]
    stmts = _flat(stmts)
    rest = [(names.get(ret, ret), tgt) for ret, tgt in pairs if tgt != "_"]
    rest = [(ret, tgt) for ret, tgt in rest if ret != tgt]
    if {tgt for _, tgt in rest} & {ret for ret, _ in rest}:  # one tuple, as the return has
        stores = ast.Tuple([ast.Name(t, ast.Store()) for _, t in rest], ast.Store())
        loads = ast.Tuple([ast.Name(r, ast.Load()) for r, _ in rest], ast.Load())
        return [*prelude, *stmts, ast.Assign([stores], loads)]
    done = [ast.Assign([ast.Name(t, ast.Store())], ast.Name(r, ast.Load())) for r, t in rest]
    return [*prelude, *stmts, *done]


class _Inline(ast.NodeTransformer):
    def __init__(self, steps: dict[str, Callable[..., Any]], glob: dict[str, Any]) -> None:
        self.steps = steps
        self.glob = glob
        self.done: set[str] = set()  # the steps called, by their own names

    def visit_Assign(self, node: ast.Assign) -> Any:
        value = node.value
        if (
            isinstance(value, ast.Call)
            and isinstance(value.func, ast.Name)
            and value.func.id in self.steps
        ):
            step = self.steps[value.func.id]
            self.done.add(step.__name__)
            stmts = _expand(step, node, self.glob)
            for stmt in stmts:
                for n in ast.walk(stmt):  # the inlined code carries the call's place
                    if isinstance(n, (ast.stmt, ast.expr)):
                        ast.copy_location(n, node)
            return stmts
        return node


def inline(*steps: Callable[..., Any]) -> Callable[[F], F]:
    """A decorator: ``func`` compiled again with each ``targets = step(args)`` inlined.

    ``func`` must be a function or method of a module's top level or class body (no
    closure); ``__wrapped__`` keeps it as written. Every step must be called in it.
    """

    def decorate(func: F) -> F:
        try:
            source = inspect.getsource(func)
            for step in steps:
                inspect.getsource(step)
        except OSError:  # installed without its source: the loop as written, calling the steps
            return func
        tree = ast.parse(textwrap.dedent(source))
        ast.increment_lineno(tree, func.__code__.co_firstlineno - 1)
        (node,) = tree.body
        assert isinstance(node, ast.FunctionDef)
        node.decorator_list = []
        glob = func.__globals__
        named = {step.__name__: step for step in steps}  # by its name, or a global naming it
        named |= {name: step for name, v in glob.items() for step in steps if v is step}
        inliner = _Inline(named, glob)
        tree = inliner.visit(tree)
        # The function's own reads of the kernel's constants (``turn == DRAW_TURN``) too.
        local = _assigned(node.body) | {a.arg for a in node.args.args + node.args.kwonlyargs}
        constants: dict[str, int] = {
            name: cast(int, value)
            for step in steps
            for name, value in _globals(step).items()
            if _constant(value) and name not in local and glob.get(name) is value
        }
        tree = ast.fix_missing_locations(_Rename({}, constants).visit(tree))
        missing = {step.__name__ for step in steps} - inliner.done
        if missing:
            raise TypeError(f"{func.__qualname__} does not call {sorted(missing)}")
        space: dict[str, Any] = {}
        flags = __future__.annotations.compiler_flag
        code = compile(tree, func.__code__.co_filename, "exec", flags=flags, dont_inherit=True)
        exec(code, glob, space)  # our own source, rewritten
        compiled = space[node.name]
        if hasattr(func.__code__, "co_qualname"):  # Python 3.11: profiles name it as written
            compiled.__code__ = compiled.__code__.replace(co_qualname=func.__code__.co_qualname)
        compiled.__kwdefaults__ = func.__kwdefaults__
        compiled.__defaults__ = func.__defaults__
        return cast(F, functools.update_wrapper(compiled, func))

    return decorate
