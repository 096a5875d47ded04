// Evaluation of expr.hpp: checked 64-bit arithmetic, short-circuit logic. The tree's depth is
// bounded by the parser, so the recursion here is too.
#include "grp/model/tuning/expr.hpp"

#include <limits>
#include <set>

namespace grp {

namespace {

std::int64_t arithmetic(const expression::node& n, std::int64_t a, std::int64_t b) {
    std::int64_t r = 0;
    bool overflow = false;
    if (n.op == "+") {
        overflow = __builtin_add_overflow(a, b, &r);
    } else if (n.op == "-") {
        overflow = __builtin_sub_overflow(a, b, &r);
    } else if (n.op == "*") {
        overflow = __builtin_mul_overflow(a, b, &r);
    } else if (n.op == "/" || n.op == "%") {
        if (b == 0) {
            throw expr_error(std::string(n.op == "/" ? "division" : "remainder") + " by zero",
                             n.position);
        }
        overflow = a == std::numeric_limits<std::int64_t>::min() && b == -1;
        r = overflow ? 0 : (n.op == "/" ? a / b : a % b);
    }
    if (overflow) {
        throw expr_error("'" + n.op + "' overflows 64 bits", n.position);
    }
    return r;
}

std::int64_t comparison(const std::string& op, std::int64_t a, std::int64_t b) {
    if (op == "<") {
        return static_cast<std::int64_t>(a < b);
    }
    if (op == "<=") {
        return static_cast<std::int64_t>(a <= b);
    }
    if (op == ">") {
        return static_cast<std::int64_t>(a > b);
    }
    if (op == ">=") {
        return static_cast<std::int64_t>(a >= b);
    }
    if (op == "==") {
        return static_cast<std::int64_t>(a == b);
    }
    return static_cast<std::int64_t>(a != b); // "!="
}

} // namespace

std::int64_t expression::evaluate(const param_values& values) const {
    if (m_root < 0) {
        throw expr_error("empty expression", 0);
    }
    return eval(m_root, values);
}

std::int64_t expression::eval(int index, const param_values& values) const {
    const node& n = m_nodes[static_cast<std::size_t>(index)];
    switch (n.what) {
    case node::kind::number:
        return n.value;
    case node::kind::name: {
        auto it = values.find(n.name);
        if (it == values.end()) {
            throw expr_error("unknown parameter '" + n.name + "'", n.position);
        }
        return it->second;
    }
    case node::kind::unary: {
        const std::int64_t v = eval(n.lhs, values);
        if (n.op == "!") {
            return static_cast<std::int64_t>(v == 0);
        }
        if (n.op == "-" && v == std::numeric_limits<std::int64_t>::min()) {
            throw expr_error("'-' overflows 64 bits", n.position);
        }
        return n.op == "-" ? -v : v;
    }
    case node::kind::binary:
        break;
    }
    const std::int64_t a = eval(n.lhs, values);
    if (n.op == "&&" || n.op == "||") {
        if ((n.op == "&&") == (a == 0)) {
            return static_cast<std::int64_t>(a != 0); // decided by the left side
        }
        return static_cast<std::int64_t>(eval(n.rhs, values) != 0);
    }
    const std::int64_t b = eval(n.rhs, values);
    if (n.op == "+" || n.op == "-" || n.op == "*" || n.op == "/" || n.op == "%") {
        return arithmetic(n, a, b);
    }
    return comparison(n.op, a, b);
}

std::vector<std::string> expression::names() const {
    std::set<std::string> out;
    for (const auto& n : m_nodes) {
        if (n.what == node::kind::name) {
            out.insert(n.name);
        }
    }
    return {out.begin(), out.end()};
}

} // namespace grp
