#include "grp/model/spec/starter_spec.hpp"

#include <cctype>
#include <nlohmann/json.hpp>
#include <regex>
#include <vector>

namespace grp {

namespace {

using ojson = nlohmann::ordered_json;

// The text without comments (string literals do not occur in kernel signatures).
std::string strip_comments(const std::string& s) {
    static const std::regex comments(R"(//[^\n]*|/\*[\s\S]*?\*/)");
    return std::regex_replace(s, comments, " ");
}

// The text from `open` (a '(') to its matching ')', both excluded; "" when there is none.
std::string balanced(const std::string& s, std::size_t open, std::size_t& end) {
    if (open >= s.size()) {
        end = s.size();
        return "";
    }
    int depth = 0;
    for (end = open; end < s.size(); ++end) {
        depth += s[end] == '(' ? 1 : s[end] == ')' ? -1 : 0;
        if (depth == 0) {
            return s.substr(open + 1, end - open - 1);
        }
    }
    return s.substr(open + 1);
}

struct signature {
    std::string name, params, attributes;
};

// Every `__kernel`/`kernel` function: its name, parameter list and attributes.
std::vector<signature> kernels_of(const std::string& text) {
    static const std::regex head(R"(\b(__kernel|kernel)\b)");
    static const std::regex word(R"(^\s*([A-Za-z_]\w*))");
    std::vector<signature> out;
    for (std::sregex_iterator it(text.begin(), text.end(), head), e; it != e; ++it) {
        signature sig;
        auto pos = static_cast<std::size_t>(it->position() + it->length());
        std::smatch m;
        for (int guard = 0; guard < 8; ++guard) {
            const std::string rest = text.substr(pos, 512);
            if (!std::regex_search(rest, m, word)) {
                break;
            }
            pos += static_cast<std::size_t>(m.length());
            const std::string w = m[1].str();
            if (w == "__attribute__") {
                std::size_t end = 0;
                sig.attributes += balanced(text, text.find('(', pos), end);
                pos = end + 1;
            } else if (w != "void") {
                sig.name = w;
                break;
            }
        }
        const auto open = text.find_first_not_of(" \t\r\n", pos);
        if (sig.name.empty() || open == std::string::npos || text[open] != '(') {
            continue;
        }
        std::size_t end = 0;
        sig.params = balanced(text, open, end);
        out.push_back(sig);
    }
    return out;
}

bool loops_over_grid(const std::string& body) {
    static const std::regex global_size(R"(\bget_global_size\s*\(\s*0\s*\))");
    return std::regex_search(body, global_size);
}

bool has_word(const std::string& s, const char* w) {
    return std::regex_search(s, std::regex(std::string(R"(\b)") + w + R"(\b)"));
}

// The element type of a pointer parameter ("T" or another macro: any type).
std::string pointee(const std::string& p) {
    for (const char* t : {"double", "float", "uint", "int"}) {
        if (has_word(p, t)) {
            return std::string(t) == "int" && has_word(p, "unsigned") ? "uint" : t;
        }
    }
    return "";
}

// The role of one parameter, and the element type of the input.
std::string role_of(const std::string& p, bool& have_output, std::string& type) {
    const bool pointer = p.find('*') != std::string::npos;
    if (has_word(p, "__local") || has_word(p, "local")) {
        return "local";
    }
    if (pointer && (has_word(p, "__global") || has_word(p, "global"))) {
        if (has_word(p, "const")) {
            type = pointee(p);
            return "input";
        }
        if (!have_output) {
            have_output = true;
            return "output";
        }
        return "counter";
    }
    if (!pointer && (has_word(p, "uint") || has_word(p, "unsigned"))) {
        return "n";
    }
    return "TODO";
}

ojson entry(const signature& sig, const std::string& body) {
    ojson k{{"name", sig.name}};
    ojson args = ojson::array();
    bool have_output = false, has_n = false, has_counter = false;
    std::string type = "?";
    std::size_t start = 0;
    while (start <= sig.params.size() && !sig.params.empty()) {
        const auto comma = sig.params.find(',', start);
        const auto role = role_of(sig.params.substr(start, comma - start), have_output, type);
        has_n = has_n || role == "n";
        has_counter = has_counter || role == "counter";
        args.push_back(role);
        start = comma == std::string::npos ? sig.params.size() + 1 : comma + 1;
    }
    k["args"] = args;
    if (type.empty() || type == "?") { // a macro type: the tool defines it per case
        k["build_options"] = "-D T={type}";
        k["types"] = {"int", "uint", "float", "double"};
    } else {
        k["types"] = {type};
    }
    std::smatch m;
    static const std::regex reqd(R"(reqd_work_group_size\s*\(\s*([0-9]+))");
    static const std::regex fixed_local(R"(\b__local\s+\w+\s+\w+\s*\[\s*([0-9]+)\s*\])");
    if (std::regex_search(sig.attributes, m, reqd) || std::regex_search(body, m, fixed_local)) {
        k["local_size"] = {{"fixed", std::stoull(m[1].str())}};
    } else {
        k["local_size"] = {{"pow2", true}};
    }
    if (loops_over_grid(body)) { // a grid-stride loop: the cap sets what each item sums
        k["grid"] = {{"max_groups", "8*cu"}};
    }
    k["finish"] = has_counter ? "last_group" : has_n ? "passes" : "host";
    return k;
}

// Each kernel's body: from its name to the next kernel's (decides a static __local array's
// fixed size and a grid-stride loop).
std::vector<std::string> bodies(const std::string& text, const std::vector<signature>& sigs) {
    std::vector<std::string> out;
    for (std::size_t i = 0; i < sigs.size(); ++i) {
        const auto from = text.find(sigs[i].name + "(");
        const auto to = i + 1 < sigs.size() ? text.find(sigs[i + 1].name + "(") : text.size();
        out.push_back(from == std::string::npos ? "" : text.substr(from, to - from));
    }
    return out;
}

// JSON on one line with a space after each ',' and ':', as a person writes a spec.
std::string spaced(const ojson& j) {
    std::string out;
    if (j.is_object()) {
        for (const auto& [key, value] : j.items()) {
            out += (out.empty() ? "{" : ", ") + ojson(key).dump() + ": " + spaced(value);
        }
        return out.empty() ? "{}" : out + "}";
    }
    if (j.is_array()) {
        for (const auto& value : j) {
            out += (out.empty() ? "[" : ", ") + spaced(value);
        }
        return out.empty() ? "[]" : out + "]";
    }
    return j.dump();
}

} // namespace

std::string starter_spec(const std::string& cl_text, const std::string& source) {
    const auto text = strip_comments(cl_text);
    const auto sigs = kernels_of(text);
    if (sigs.empty()) {
        return "";
    }
    const auto body = bodies(text, sigs);
    std::string out = "{\n  \"spec_version\": 1,\n  \"source\": " + ojson(source).dump() +
                      ",\n  \"kernels\": [\n";
    for (std::size_t i = 0; i < sigs.size(); ++i) {
        out += "    " + spaced(entry(sigs[i], body[i])) + (i + 1 < sigs.size() ? "," : "") + "\n";
    }
    return out + "  ]\n}\n";
}

std::string starter_spec_notes(const std::string& cl_text) {
    const auto text = strip_comments(cl_text);
    const auto sigs = kernels_of(text);
    const auto body = bodies(text, sigs);
    std::string out;
    for (std::size_t i = 0; i < sigs.size(); ++i) {
        if (loops_over_grid(body[i])) {
            out += "note: " + sigs[i].name +
                   " loops over get_global_size(0) (a grid-stride loop): the launch grid "
                   "decides how many elements each work-item sums, and so its speed. The starter "
                   "caps it at \"grid\": {\"max_groups\": \"8*cu\"} (8 groups per compute "
                   "unit); try other caps (a number, \"K*cu\", or per device class: "
                   "kernels/README.md, grid.max_groups)\n";
        }
    }
    return out;
}

} // namespace grp
