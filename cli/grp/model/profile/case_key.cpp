// A case's key: its text form, order and JSON. Parameter values keep their JSON kind: an
// integer-looking value is written as a number, anything else as a string.
#include "grp/model/profile/case_key.hpp"

#include "grp/core/error.hpp"
#include "grp/model/profile/json_fields.hpp"

#include <algorithm>
#include <tuple>

namespace grp {

using ojson = nlohmann::ordered_json;

namespace {

using profile_fields::require;

// A parameter value as the key's canonical text: numbers as their JSON text, strings as is.
std::string param_text(const ojson& v) {
    return v.is_string() ? v.get<std::string>() : v.dump();
}

ojson param_json(const std::string& text) {
    const bool integer = !text.empty() &&
                         std::all_of(text.begin() + (text[0] == '-' ? 1 : 0), text.end(),
                                     [](char c) { return c >= '0' && c <= '9'; }) &&
                         text != "-";
    return integer ? ojson::parse(text) : ojson(text);
}

} // namespace

case_key make_case_key(std::string kernel, std::string type, std::string layout, std::uint64_t n,
                       std::uint64_t local_size) {
    case_key k;
    k.kernel = std::move(kernel);
    k.type = std::move(type);
    k.layout = std::move(layout);
    k.n = n;
    k.local_size = local_size;
    return k;
}

std::string case_key::to_string() const {
    std::string s = kernel + "/" + type + "/" + layout + "/n=" + std::to_string(n) +
                    "/local=" + std::to_string(local_size);
    if (op != "sum") {
        s += "/op=" + op;
    }
    for (const auto& [name, value] : params) {
        s += "/" + name + "=" + value;
    }
    if (cache != "warm") {
        s += "/cache=" + cache;
    }
    return s;
}

std::string point_text(const case_key& k) {
    return k.to_string().substr(k.kernel.size() + 1);
}

bool case_key::operator==(const case_key& o) const {
    return std::tie(kernel, type, layout, n, local_size, op, params, cache) ==
           std::tie(o.kernel, o.type, o.layout, o.n, o.local_size, o.op, o.params, o.cache);
}

bool case_key::operator<(const case_key& o) const {
    return std::tie(kernel, type, layout, n, local_size, op, params, cache) <
           std::tie(o.kernel, o.type, o.layout, o.n, o.local_size, o.op, o.params, o.cache);
}

void to_json(ojson& j, const case_key& k) {
    ojson params = ojson::object();
    for (const auto& [name, value] : k.params) {
        params[name] = param_json(value);
    }
    j = ojson{
        {"kernel", k.kernel},         {"type", k.type}, {"layout", k.layout}, {"n", k.n},
        {"local_size", k.local_size}, {"op", k.op},     {"params", params},   {"cache", k.cache}};
}

void from_json(const ojson& j, case_key& k) {
    k.kernel = require<std::string>(j, "kernel", "case key");
    k.type = require<std::string>(j, "type", "case key");
    k.layout = j.value("layout", "flat");
    k.n = require<std::uint64_t>(j, "n", "case key");
    k.local_size = require<std::uint64_t>(j, "local_size", "case key");
    k.op = j.value("op", "sum");
    k.params.clear();
    const ojson params = j.value("params", ojson::object());
    for (const auto& [name, value] : params.items()) {
        k.params[name] = param_text(value);
    }
    const auto cache = j.find("cache");
    k.cache = cache == j.end() ? "warm" : cache->is_string() ? cache->get<std::string>() : "";
    if (k.cache != "warm" && k.cache != "cold") {
        throw file_error("case key " + k.to_string() + ": \"cache\" must be \"cold\" or \"warm\"");
    }
}

std::string params_text(const case_key& k, const char* sep) {
    std::string out;
    for (const auto& [name, value] : k.params) {
        out += (out.empty() ? "" : sep) + name + "=" + value;
    }
    return out;
}

} // namespace grp
