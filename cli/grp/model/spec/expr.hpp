// A small integer expression language for kernel-spec tuning parameters: constraints
// ("VEC * ACC <= 32") and derived values ("elems_per_item": "VEC * UNROLL"). 64-bit signed
// integers; + - * / % ( ), comparisons, && || ! and parameter names. Spec text is untrusted
// (the spec reader is fuzzed): length and nesting are bounded so a hostile expression is an
// error with its position, never a deep recursion, and overflow or division by zero is an
// error at evaluation, never undefined behaviour.
#pragma once

#include <cstdint>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

namespace grp {

/// A parse or evaluation error; `position` is the 0-based character offset in the text.
struct expr_error : std::runtime_error {
    expr_error(const std::string& what, std::size_t position)
        : std::runtime_error("at position " + std::to_string(position) + ": " + what),
          position(position), reason(what) {}
    std::size_t position;
    std::string reason; ///< the message without its position
};

/// Longest expression text accepted, and deepest nesting of parentheses and unary operators.
inline constexpr std::size_t max_expr_chars = 1024;
inline constexpr int max_expr_depth = 64;

/// Parameter values by name.
using param_values = std::map<std::string, std::int64_t>;

/// A parsed expression; evaluate it for each configuration.
class expression {
public:
    /// Parses `text`. Throws expr_error (with the position) on bad syntax, a text longer than
    /// max_expr_chars or nesting deeper than max_expr_depth.
    static expression parse(const std::string& text);

    /// The value for these parameter values (comparisons and logic give 0 or 1; && and ||
    /// short-circuit, so "X != 0 && 8 / X > 1" is safe). Throws expr_error for an unknown name,
    /// division by zero or 64-bit overflow.
    [[nodiscard]] std::int64_t evaluate(const param_values& values) const;

    /// Every name the expression uses, sorted, without repeats.
    [[nodiscard]] std::vector<std::string> names() const;

    [[nodiscard]] const std::string& text() const { return m_text; }

    struct node {
        enum class kind { number, name, unary, binary } what = kind::number;
        std::string op; ///< "-", "!", "+", "*", "<=", "&&", ... for unary and binary
        std::int64_t value = 0;
        std::string name;
        int lhs = -1, rhs = -1; ///< node indices
        std::size_t position = 0;
    };

private:
    [[nodiscard]] std::int64_t eval(int node, const param_values& values) const;
    std::string m_text;
    std::vector<node> m_nodes;
    int m_root = -1;
};

} // namespace grp
