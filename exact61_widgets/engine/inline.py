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
``return``, returns a name or a tuple of names; its call must pass plain names. A
package installed without its source runs the loops as written (slower, the same).
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


def _step_tree(step: Callable[..., Any]) -> ast.FunctionDef:
    tree = ast.parse(textwrap.dedent(inspect.getsource(step)))
    func = tree.body[0]
    if not isinstance(func, ast.FunctionDef) or not isinstance(func.body[-1], ast.Return):
        raise TypeError(f"{step.__name__}: a step ends with its only return")
    body = func.body[:-1]
    if inspect.getdoc(step) is not None:
        body = body[1:]
    if any(isinstance(n, ast.Return) for s in body for n in ast.walk(s)):
        raise TypeError(f"{step.__name__}: a step ends with its only return")
    return func


def _assigned(nodes: list[ast.stmt]) -> set[str]:
    """The names the statements bind."""
    return {
        n.id
        for s in nodes
        for n in ast.walk(s)
        if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)
    }


class _Rename(ast.NodeTransformer):
    def __init__(self, names: dict[str, str]) -> None:
        self.names = names

    def visit_Name(self, node: ast.Name) -> ast.Name:
        new = self.names.get(node.id)
        return node if new is None else ast.Name(new, node.ctx)


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
    func = _step_tree(step)
    assert isinstance(call.value, ast.Call)
    params = [a.arg for a in func.args.args]
    args = _names(call.value.args)
    if args is None or len(args) != len(params):
        raise TypeError(f"{step.__name__}: call it with {len(params)} plain names")
    body = func.body[:-1]
    if inspect.getdoc(step) is not None:
        body = body[1:]
    prefix = f"_{step.__name__}_"
    rebound = _assigned(body)
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
    for n in ast.walk(func):
        known = isinstance(n, ast.Name) and n.id in step.__globals__
        if known and n.id not in names and n.id not in params:  # type: ignore[attr-defined]
            names[n.id] = "_kernel_" + n.id  # type: ignore[attr-defined]
            glob[names[n.id]] = step.__globals__[n.id]  # type: ignore[attr-defined]
    prelude: list[ast.stmt] = []
    for param, arg in passed.items():
        if param not in rebound:
            names[param] = arg
        elif names[param] != arg:  # a parameter the step rebinds: a copy, as a call has
            prelude.append(
                ast.Assign([ast.Name(names[param], ast.Store())], ast.Name(arg, ast.Load()))
            )
    renamer = _Rename(names)
    stmts = [renamer.visit(s) for s in body]
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
        self.done: set[str] = set()

    def visit_Assign(self, node: ast.Assign) -> Any:
        value = node.value
        if (
            isinstance(value, ast.Call)
            and isinstance(value.func, ast.Name)
            and value.func.id in self.steps
        ):
            self.done.add(value.func.id)
            stmts = _expand(self.steps[value.func.id], node, self.glob)
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
        inliner = _Inline({step.__name__: step for step in steps}, glob)
        tree = ast.fix_missing_locations(inliner.visit(tree))
        missing = set(inliner.steps) - inliner.done
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
