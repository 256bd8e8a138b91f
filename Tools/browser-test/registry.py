"""The browser tests, in the order they run: each test module registers its tests with `@browser_test`."""

TESTS = []


def browser_test(function):
    """Registers a test: a function taking a TestSession; its docstring's first line says what it proves."""
    TESTS.append(function)
    return function
