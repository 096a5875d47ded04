// expr.hpp's parser (precedence climbing over a token list; recursion only for parentheses
// and unary operators, bounded by max_expr_depth) and its evaluation (checked 64-bit
// arithmetic, short-circuit logic; the tree's depth is bounded by the parser).
#include "grp/model/spec/expr.hpp"

#include <cctype>
#include <limits>
#include <set>

namespace grp {

namespace {

struct token {
    enum class kind { number, name, op, end } what = kind::end;
    std::string text;
    std::int64_t value = 0;
    std::size_t position = 0;
};

const char* const two_char_ops[] = {"<=", ">=", "==", "!=", "&&", "||"};

std::int64_t read_number(const std::string& s, std::size_t& i) {
    const std::size_t start = i;
    std::int64_t v = 0;
    while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i])) != 0) {
        const int d = s[i] - '0';
        if (v > (std::numeric_limits<std::int64_t>::max() - d) / 10) {
            throw expr_error("number too large for 64 bits", start);
        }
        v = v * 10 + d;
        ++i;
    }
    return v;
}

std::vector<token> tokenize(const std::string& s) {
    std::vector<token> out;
    std::size_t i = 0;
    while (i < s.size()) {
        const auto c = static_cast<unsigned char>(s[i]);
        if (std::isspace(c) != 0) {
            ++i;
            continue;
        }
        token t;
        t.position = i;
        if (std::isdigit(c) != 0) {
            t.what = token::kind::number;
            t.value = read_number(s, i);
        } else if (std::isalpha(c) != 0 || c == '_') {
            t.what = token::kind::name;
            while (i < s.size() &&
                   (std::isalnum(static_cast<unsigned char>(s[i])) != 0 || s[i] == '_')) {
                t.text += s[i++];
            }
        } else {
            t.what = token::kind::op;
            for (const char* two : two_char_ops) {
                if (s.compare(i, 2, two) == 0) {
                    t.text = two;
                }
            }
            if (t.text.empty()) {
                if (std::string("+-*/%()<>!").find(static_cast<char>(c)) == std::string::npos) {
                    throw expr_error(
                        std::string("unexpected character '") +
                            (std::isprint(c) != 0 ? std::string(1, s[i]) : std::string("\\x..")) +
                            "'",
                        i);
                }
                t.text = std::string(1, s[i]);
            }
            i += t.text.size();
        }
        out.push_back(t);
    }
    token end;
    end.position = s.size();
    out.push_back(end);
    return out;
}

int precedence(const token& t) {
    if (t.what != token::kind::op) {
        return -1;
    }
    static const std::pair<const char*, int> table[] = {
        {"||", 1}, {"&&", 2}, {"==", 3}, {"!=", 3}, {"<", 4}, {"<=", 4}, {">", 4},
        {">=", 4}, {"+", 5},  {"-", 5},  {"*", 6},  {"/", 6}, {"%", 6}};
    for (const auto& [op, p] : table) {
        if (t.text == op) {
            return p;
        }
    }
    return -1;
}

class parser {
public:
    explicit parser(const std::string& text) : m_tokens(tokenize(text)) {}

    int parse_all(std::vector<expression::node>& nodes) {
        m_nodes = &nodes;
        const int root = binary(1, 0);
        if (peek().what != token::kind::end) {
            throw expr_error("unexpected '" + describe(peek()) + "'", peek().position);
        }
        return root;
    }

private:
    const token& peek() const { return m_tokens[m_at]; }
    static std::string describe(const token& t) {
        return t.what == token::kind::number ? std::to_string(t.value) : t.text;
    }

    int add(expression::node n) {
        m_nodes->push_back(std::move(n));
        return static_cast<int>(m_nodes->size() - 1);
    }

    // Left-associative operators of precedence >= min_prec (a loop, not recursion per operator).
    int binary(int min_prec, int depth) {
        int lhs = unary(depth);
        while (precedence(peek()) >= min_prec) {
            const token op = m_tokens[m_at++];
            const int rhs = binary(precedence(op) + 1, depth);
            expression::node n;
            n.what = expression::node::kind::binary;
            n.op = op.text;
            n.lhs = lhs;
            n.rhs = rhs;
            n.position = op.position;
            lhs = add(n);
        }
        return lhs;
    }

    int unary(int depth) {
        const token& t = peek();
        if (depth > max_expr_depth) {
            throw expr_error("nested deeper than " + std::to_string(max_expr_depth) + " levels",
                             t.position);
        }
        if (t.what == token::kind::op && (t.text == "-" || t.text == "+" || t.text == "!")) {
            ++m_at;
            expression::node n;
            n.what = expression::node::kind::unary;
            n.op = t.text;
            n.position = t.position;
            n.lhs = unary(depth + 1);
            return add(n);
        }
        return primary(depth);
    }

    int primary(int depth) {
        const token t = m_tokens[m_at];
        expression::node n;
        n.position = t.position;
        if (t.what == token::kind::number || t.what == token::kind::name) {
            ++m_at;
            n.what = t.what == token::kind::number ? expression::node::kind::number
                                                   : expression::node::kind::name;
            n.value = t.value;
            n.name = t.text;
            return add(n);
        }
        if (t.what == token::kind::op && t.text == "(") {
            ++m_at;
            const int inner = binary(1, depth + 1);
            if (peek().what != token::kind::op || peek().text != ")") {
                throw expr_error("expected ')' to close the '(' at position " +
                                     std::to_string(t.position),
                                 peek().position);
            }
            ++m_at;
            return inner;
        }
        throw expr_error(t.what == token::kind::end ? "expression ends early"
                                                    : "unexpected '" + describe(t) + "'",
                         t.position);
    }

    std::vector<token> m_tokens;
    std::size_t m_at = 0;
    std::vector<expression::node>* m_nodes = nullptr;
};

} // namespace

expression expression::parse(const std::string& text) {
    if (text.size() > max_expr_chars) {
        throw expr_error("longer than " + std::to_string(max_expr_chars) + " characters",
                         max_expr_chars);
    }
    expression e;
    e.m_text = text;
    parser p(text);
    e.m_root = p.parse_all(e.m_nodes);
    return e;
}

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
