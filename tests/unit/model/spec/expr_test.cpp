#include "grp/model/spec/expr.hpp"

#include <gtest/gtest.h>
#include <limits>

namespace grp {
namespace {

std::int64_t eval(const std::string& text, const param_values& v = {}) {
    return expression::parse(text).evaluate(v);
}

// The position an error names, or npos when there is no error.
std::size_t error_position(const std::string& text, const param_values& v = {}) {
    try {
        (void)eval(text, v);
    } catch (const expr_error& e) {
        return e.position;
    }
    return std::string::npos;
}

TEST(expr, arithmetic_follows_c_precedence_and_associativity) {
    EXPECT_EQ(eval("1 + 2 * 3"), 7);
    EXPECT_EQ(eval("(1 + 2) * 3"), 9);
    EXPECT_EQ(eval("10 - 4 - 3"), 3);
    EXPECT_EQ(eval("64 / 4 / 2"), 8);
    EXPECT_EQ(eval("17 % 5"), 2);
    EXPECT_EQ(eval("-7 / 2"), -3); // truncation toward zero, as in C
    EXPECT_EQ(eval("- -3 + +2"), 5);
}

TEST(expr, comparisons_and_logic_give_zero_or_one) {
    const param_values v{{"VEC", 8}, {"ACC", 4}};
    EXPECT_EQ(eval("VEC * ACC <= 32", v), 1);
    EXPECT_EQ(eval("VEC * ACC < 32", v), 0);
    EXPECT_EQ(eval("VEC == 8 && ACC != 2", v), 1);
    EXPECT_EQ(eval("VEC > 8 || ACC >= 4", v), 1);
    EXPECT_EQ(eval("!(VEC % 2)", v), 1);
    EXPECT_EQ(eval("!VEC", v), 0);
    EXPECT_EQ(eval("1 < 2 == 1"), 1); // relational binds tighter than equality
}

TEST(expr, logic_short_circuits_so_guards_work) {
    EXPECT_EQ(eval("X != 0 && 8 / X > 1", {{"X", 0}}), 0);
    EXPECT_EQ(eval("X == 0 || 8 / X > 1", {{"X", 0}}), 1);
    EXPECT_EQ(error_position("8 / X > 1", {{"X", 0}}), 2u);
}

TEST(expr, names_lists_each_parameter_once) {
    EXPECT_EQ(expression::parse("VEC * ACC + VEC").names(),
              (std::vector<std::string>{"ACC", "VEC"}));
}

TEST(expr, syntax_errors_name_their_position) {
    EXPECT_EQ(error_position("1 +"), 3u);
    EXPECT_EQ(error_position("(1 + 2"), 6u);
    EXPECT_EQ(error_position("1 2"), 2u);
    EXPECT_EQ(error_position("VEC $ 2"), 4u);
    EXPECT_EQ(error_position(""), 0u);
    EXPECT_EQ(error_position("a = 1"), 2u); // assignment is not an operator
    EXPECT_EQ(error_position("UNKNOWN + 1"), 0u);
}

TEST(expr, overflow_and_division_by_zero_are_errors_not_ub) {
    EXPECT_EQ(error_position("9223372036854775807 + 1"), 20u);
    EXPECT_EQ(error_position("99999999999999999999"), 0u);
    EXPECT_EQ(error_position("4611686018427387904 * 2"), 20u);
    EXPECT_EQ(error_position("-(0 - 9223372036854775807 - 1)"), 0u);
    EXPECT_EQ(error_position("(0 - 9223372036854775807 - 1) / -1"), 30u);
    EXPECT_EQ(error_position("5 % 0"), 2u);
    EXPECT_EQ(eval("0 - 9223372036854775807 - 1"), std::numeric_limits<std::int64_t>::min());
}

TEST(expr, hostile_nesting_and_length_are_refused_without_deep_recursion) {
    // 100000 parentheses or unary operators would overflow a naive recursive parser's stack.
    EXPECT_NE(error_position(std::string(100000, '(') + "1"), std::string::npos);
    EXPECT_NE(error_position(std::string(200, '(') + "1" + std::string(200, ')')),
              std::string::npos);
    EXPECT_NE(error_position(std::string(1000, '!') + "1"), std::string::npos);
    EXPECT_EQ(error_position(std::string(max_expr_chars + 1, ' ')), max_expr_chars);
    // Within the limits nesting works.
    const int depth = max_expr_depth - 1;
    EXPECT_EQ(eval(std::string(depth, '(') + "7" + std::string(depth, ')')), 7);
    EXPECT_EQ(eval(std::string(depth, '-') + "7"), depth % 2 == 0 ? 7 : -7);
    // A long flat chain is a loop, not recursion.
    std::string chain = "1";
    while (chain.size() + 4 < max_expr_chars) {
        chain += " + 1";
    }
    EXPECT_EQ(eval(chain), static_cast<std::int64_t>((chain.size() - 1) / 4 + 1));
}

TEST(expr, control_bytes_are_reported_not_echoed) {
    try {
        (void)eval(std::string("1 \x1b[31m"));
        FAIL();
    } catch (const expr_error& e) {
        EXPECT_EQ(std::string(e.what()).find('\x1b'), std::string::npos);
        EXPECT_EQ(e.position, 2u);
    }
}

} // namespace
} // namespace grp
