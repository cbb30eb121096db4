"""The examples in the package's docstrings and in its type stubs hold."""

import ast
import doctest
from pathlib import Path

import fenlint


def test_the_examples_in_the_docstrings_hold():
    failed, attempted = doctest.testmod(fenlint)
    assert attempted > 0
    assert failed == 0


def stub_docstrings():
    """Each docstring of the stubs, with the name of what it documents."""
    stubs = Path(fenlint.__file__).with_name("__init__.pyi")
    tree = ast.parse(stubs.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef)):
            docstring = ast.get_docstring(node, clean=True)
            if docstring:
                yield getattr(node, "name", "fenlint"), docstring


def test_the_examples_in_the_stubs_hold():
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for name, docstring in stub_docstrings():
        test = parser.get_doctest(docstring, vars(fenlint).copy(), name, "__init__.pyi", 0)
        runner.run(test)
    failed, attempted = runner.summarize(verbose=False)
    assert attempted >= 5
    assert failed == 0
