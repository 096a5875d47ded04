// The parser of expr.hpp: precedence climbing over a token list. Recursion happens only for
// parentheses and unary operators and is bounded by max_expr_depth.
#include "grp/model/tuning/expr.hpp"

#include <cctype>
#include <limits>

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

} // namespace grp
