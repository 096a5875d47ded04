#!/usr/bin/env python3
"""Tests of scripts/check-sizes.py, the size gate, on fabricated sources: what fails, what
passes at the limit, the messages, and the function scan on tricky C++ (CTest: style.sizes)."""

import importlib.util
import os
import subprocess
import sys
import tempfile
import textwrap
import unittest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
SCRIPT = os.path.join(ROOT, "scripts", "check-sizes.py")
_spec = importlib.util.spec_from_file_location("check_sizes", SCRIPT)
sizes = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(sizes)


def function_of(name, body_lines):
    """A free function whose count is body_lines: `{`, body_lines - 1 statements, `}`."""
    body = "".join(f"    x += {k};\n" for k in range(body_lines - 1))
    return f"int {name}(int x) {{\n{body}}}\n"


def counts(source):
    """[(name, lines)] of every function the scan finds in source, in order."""
    found = sizes.find_functions(sizes.tokenize(textwrap.dedent(source)))
    return [(name, close - open_) for name, _, open_, close in found]


class GateTest(unittest.TestCase):
    """The script as CI runs it: exit status and messages, on a fabricated tree."""

    def run_gate(self, files):
        with tempfile.TemporaryDirectory() as root:
            for rel, text in files.items():
                path = os.path.join(root, rel)
                os.makedirs(os.path.dirname(path), exist_ok=True)
                with open(path, "w") as f:
                    f.write(text)
            done = subprocess.run([sys.executable, SCRIPT, "--root", root, *files],
                                  capture_output=True, text=True)
        return done.returncode, done.stdout

    def test_long_function_fails_with_its_place_name_and_count(self):
        text = "// one\n\n" + function_of("long_one", 51)
        rc, out = self.run_gate({"cli/a.cpp": text})
        self.assertEqual(rc, 1)
        self.assertEqual(out, "cli/a.cpp:3: function long_one is 51 lines (limit 50)\n")

    def test_function_of_50_lines_passes(self):
        rc, out = self.run_gate({"cli/a.cpp": function_of("at_limit", 50)})
        self.assertEqual((rc, out), (0, ""))

    def test_a_readme_over_250_lines_fails_and_250_pass(self):
        rc, out = self.run_gate({"README.md": "x\n" * 251})
        self.assertEqual(rc, 1)
        self.assertEqual(out, "README.md:1: file is 251 lines (limit 250: move detail to docs/)\n")
        self.assertEqual(self.run_gate({"README.md": "x\n" * 250}), (0, ""))

    def test_long_file_fails_and_400_lines_pass(self):
        rc, out = self.run_gate({"cli/long.hpp": "// x\n" * 401, "cli/ok.hpp": "// x\n" * 400})
        self.assertEqual(rc, 1)
        self.assertEqual(out, "cli/long.hpp:1: file is 401 lines (limit 400)\n")

    def test_pair_over_500_fails_and_500_passes(self):
        rc, out = self.run_gate({"cli/m/p.hpp": "// x\n" * 250, "cli/m/p.cpp": "// x\n" * 251,
                                 "cli/m/q.hpp": "// x\n" * 250, "cli/m/q.cpp": "// x\n" * 250,
                                 "cli/n/p.cpp": "// x\n" * 300})
        self.assertEqual(rc, 1)
        self.assertEqual(out, "cli/m/p.hpp:1: pair cli/m/p.hpp + p.cpp is 501 lines "
                              "(250 + 251; limit 500)\n")

    def test_every_finding_is_reported(self):
        text = function_of("a", 60) + function_of("b", 10) + function_of("c", 70)
        rc, out = self.run_gate({"cli/x.cpp": text})
        self.assertEqual(rc, 1)
        self.assertEqual(out.splitlines(), [
            "cli/x.cpp:1: function a is 60 lines (limit 50)",
            "cli/x.cpp:73: function c is 70 lines (limit 50)"])


class ScanTest(unittest.TestCase):
    """The function scan: what is a function, and how its lines are counted."""

    def test_lines_are_closing_brace_line_minus_opening_brace_line(self):
        self.assertEqual(counts("int f() {\n}\n"), [("f", 1)])
        self.assertEqual(counts("int f() { return 1; }\n"), [("f", 0)])
        self.assertEqual(counts("int f(int a,\n      int b)\n{\n    return a;\n}\n"), [("f", 2)])

    def test_lambdas_count_toward_the_function_that_holds_them(self):
        self.assertEqual(counts("""
            void f() {
                auto g = [&](int x) {
                    return x + 1;
                };
                g(1);
            }
            void h() {}
            """), [("f", 5), ("h", 0)])

    def test_namespace_scope_lambda_counts_under_its_name(self):
        self.assertEqual(counts("""
            namespace {
            const auto pick = [](int x) {
                return x;
            };
            }
            """), [("pick", 2)])

    def test_braces_in_strings_comments_and_characters_do_not_count(self):
        self.assertEqual(counts("""
            // a comment with a brace {
            /* and a block comment } { */
            const char* s = "}";
            char c = '{';
            int n = 1'000'000;
            std::string raw = R"x({ "not": } code)x";
            #define OPEN {
            #define MULTI(x) \\
                { x }
            int f() {
                const char* t = "{ \\" {";
                char d = '}';
                return '\\'' + 0x1'0;
            }
            int g() { return 0; }
            """), [("f", 4), ("g", 0)])

    def test_namespaces_nest_and_qualified_definitions_keep_their_name(self):
        self.assertEqual(counts("""
            namespace grp::model {
            namespace {
            int helper() {
                return 1;
            }
            }  // namespace
            int widget::size() const noexcept {
                return 2;
            }
            widget::~widget() {
            }
            }  // namespace grp::model
            extern "C" {
            int c_entry(void) { return 0; }
            }
            """), [("helper", 2), ("widget::size", 2), ("widget::~widget", 1),
                   ("c_entry", 0)])

    def test_class_bodies_are_scanned_for_inline_member_functions(self):
        self.assertEqual(counts("""
            template <typename T, typename U = int>
            class table final : public base<T> {
            public:
                table() : m_rows{}, m_size(0) {
                    m_rows.clear();
                }
                explicit table(int n) : m_rows{n, {}}
                {
                }
                int size() const { return m_size; }
                bool operator==(const table& o) const {
                    return m_size == o.m_size;
                }
                auto end() const -> const T* {
                    return nullptr;
                }
                struct row {
                    int get() { return 1; }
                };
                enum class kind { a, b };
                std::vector<int> m_rows{1, 2};
                int m_size = 0;
                int declared_only(int x);
                table(const table&) = default;
            private:
                static constexpr int limit[] = {1, 2};
            };
            """), [("table::table", 2), ("table::table", 1), ("table::size", 0),
                   ("table::operator==", 2), ("table::end", 2), ("table::row::get", 0)])

    def test_initialisers_and_enums_at_namespace_scope_are_not_functions(self):
        self.assertEqual(counts("""
            const std::map<std::string, int> table = {
                {"a", 1},
                {"b", 2},
            };
            enum class colour { red, green };
            struct point { int x; int y; } origin{0, 0};
            int after(int x) {
                return x;
            }
            """), [("after", 2)])

    def test_templates_operators_and_trailing_returns(self):
        self.assertEqual(counts("""
            template <typename T, typename = std::enable_if_t<(sizeof(T) > 1)>>
            T twice(T x) {
                return x + x;
            }
            template <>
            int twice<int>(int x) {
                return x;
            }
            std::ostream& operator<<(std::ostream& o, const point& p) {
                return o;
            }
            auto sum(int a, int b) -> decltype(a + b) {
                return a + b;
            }
            point::operator bool() const {
                return true;
            }
            """), [("twice", 2), ("twice", 2), ("operator<<", 2), ("sum", 2),
                   ("point::operator bool", 2)])


if __name__ == "__main__":
    unittest.main()
