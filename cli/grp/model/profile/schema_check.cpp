#include "grp/model/profile/schema_check.hpp"

#include "grp/core/error.hpp"
#include "grp/core/files/json_file.hpp"
#include "grp/core/text_safe.hpp"
#include "grp/model/profile/io.hpp"
#include "grp/model/profile/profile.hpp"

#include <algorithm>
#include <cstdlib>
#include <memory>
#include <valijson/adapters/nlohmann_json_adapter.hpp>
#include <valijson/schema.hpp>
#include <valijson/schema_parser.hpp>
#include <valijson/validator.hpp>

namespace grp {

namespace {

using json = nlohmann::json; // valijson's adapter takes the unordered flavour

/// A run of problems longer than this is cut: one bad array can yield a problem per element.
constexpr std::size_t max_problems_shown = 20;

/// One schema version: its JSON and the compiled validator schema, parsed once.
struct schema_version_set {
    json doc;
    // valijson::Schema can be neither copied nor moved, hence the pointer.
    std::unique_ptr<valijson::Schema> compiled = std::make_unique<valijson::Schema>();
    explicit schema_version_set(const std::string& text) : doc(json::parse(text)) {
        valijson::SchemaParser parser;
        valijson::adapters::NlohmannJsonAdapter adapter(doc);
        parser.populateSchema(adapter, *compiled);
    }
};

/// The schema for a document: 1.x profiles against the 1.x schema, everything else 2.x.
const schema_version_set& schema_for(const nlohmann::ordered_json& doc) {
    static const schema_version_set v2(profile_schema_text());
    static const schema_version_set v1(profile_schema_v1_text());
    const bool is_v1 = doc.is_object() && doc.contains("schema_version") &&
                       doc["schema_version"].is_string() &&
                       doc["schema_version"].get<std::string>().rfind("1.", 0) == 0;
    return is_v1 ? v1 : v2;
}

/// valijson names a place as {"<root>", "[cases]", "[0]", ...}; RFC 6901 wants "/cases/0".
std::vector<std::string> context_tokens(const std::vector<std::string>& context) {
    std::vector<std::string> tokens;
    for (std::size_t i = 1; i < context.size(); ++i) {
        const auto& c = context[i];
        tokens.push_back(
            c.size() >= 2 && c.front() == '[' && c.back() == ']' ? c.substr(1, c.size() - 2) : c);
    }
    return tokens;
}

std::string to_pointer(const std::vector<std::string>& tokens) {
    std::string out;
    for (const auto& t : tokens) {
        out += '/';
        for (char ch : t) {
            out += ch == '~'   ? std::string("~0")
                   : ch == '/' ? std::string("~1")
                               : std::string(1, ch);
        }
    }
    return out;
}

/// Follows local "$ref"s ("#/definitions/x"), the only kind our schema uses.
const json* resolve_ref(const json& root, const json* s) {
    for (int depth = 0; s && s->is_object() && s->contains("$ref") && depth < 16; ++depth) {
        const auto& ref = (*s)["$ref"];
        if (!ref.is_string() || ref.get<std::string>().rfind("#", 0) != 0) {
            return nullptr;
        }
        const json::json_pointer ptr(ref.get<std::string>().substr(1));
        s = root.contains(ptr) ? &root.at(ptr) : nullptr;
    }
    return s;
}

/// The alternatives of a "oneOf" or "anyOf" schema, their "$ref"s followed; empty for others.
std::vector<const json*> alternatives(const json& root, const json& s) {
    std::vector<const json*> out;
    for (const char* key : {"oneOf", "anyOf"}) {
        if (auto list = s.find(key); list != s.end() && list->is_array()) {
            for (const auto& alt : *list) {
                if (const json* r = resolve_ref(root, &alt); r && r->is_object()) {
                    out.push_back(r);
                }
            }
        }
    }
    return out;
}

/// The schema of property `name` in the first alternative of `s` that has one (runs[].revision
/// is null or an object whose "commit" has a pattern), or nullptr.
const json* property_of_an_alternative(const json& root, const json& s, const std::string& name) {
    for (const json* alt : alternatives(root, s)) {
        if (auto props = alt->find("properties"); props != alt->end() && props->contains(name)) {
            return resolve_ref(root, &(*props)[name]);
        }
    }
    return nullptr;
}

/// The subschema that governs the value at `tokens`, or nullptr where the schema leaves it free.
const json* subschema_at(const json& root, const std::vector<std::string>& tokens) {
    const json* s = resolve_ref(root, &root);
    for (const auto& t : tokens) {
        if (!s || !s->is_object()) {
            return nullptr;
        }
        auto props = s->find("properties");
        auto items = s->find("items");
        if (props != s->end() && props->contains(t)) {
            s = resolve_ref(root, &(*props)[t]);
        } else if (items != s->end() && items->is_object()) {
            s = resolve_ref(root, &*items);
        } else {
            s = property_of_an_alternative(root, *s, t);
        }
    }
    return s;
}

/// Whether schema `s` names a "type" that `v` has ("number" takes integers too).
bool admits_type(const json& s, const json& v) {
    const auto t = s.find("type");
    if (t == s.end()) {
        return false;
    }
    const auto types = t->is_array() ? *t : json::array({*t});
    return std::any_of(types.begin(), types.end(), [&v](const json& name) {
        return name == v.type_name() || (name == "integer" && v.is_number_integer());
    });
}

/// "integer or null (minimum 0)", "one of \"ok\", \"wrong\"", "null or object": what the
/// schema wants (of a oneOf, each alternative's wants).
std::string describe_expected(const json& root, const json& s) {
    std::string out;
    auto join = [&out](const json& list, const char* sep, bool dump) {
        for (std::size_t i = 0; i < list.size(); ++i) {
            out += (i ? sep : "") + (dump ? list[i].dump() : list[i].get<std::string>());
        }
    };
    if (auto e = s.find("enum"); e != s.end() && e->is_array()) {
        out = "one of ";
        join(*e, ", ", true);
        return out;
    }
    for (const json* alt : alternatives(root, s)) {
        const auto one = describe_expected(root, *alt);
        out += out.empty() || one.empty() ? one : " or " + one;
    }
    if (auto t = s.find("type"); t != s.end()) {
        join(t->is_array() ? *t : json::array({*t}), " or ", false);
    }
    if (auto m = s.find("minimum"); m != s.end()) {
        out += " (minimum " + m->dump() + ")";
    }
    if (auto p = s.find("pattern"); p != s.end()) {
        out += " matching /" + p->get<std::string>() + "/";
    }
    return out;
}

/// "string \"abc\"", "number -1", "null": the offending value, shortened.
std::string describe_found(const json& doc, const std::string& pointer) {
    const json::json_pointer ptr(pointer);
    if (!doc.contains(ptr)) {
        return "nothing";
    }
    const json& v = doc.at(ptr);
    if (v.is_null() || v.is_object() || v.is_array()) {
        return v.type_name();
    }
    std::string text = v.dump();
    if (text.size() > 40) {
        text = text.substr(0, 37) + "...";
    }
    return std::string(v.type_name()) + " " + text;
}

bool starts_with(const std::string& s, const char* prefix) {
    return s.rfind(prefix, 0) == 0;
}

/// Turns one valijson error into our message; "" for the wrappers valijson adds on every
/// enclosing level ("Failed to validate item #3 in array.") and around a oneOf's alternatives
/// ("... child schema #0."), which repeat the leaf error, and for an alternative of another
/// type than the value's (revision {"commit": "xyz"} is no null: its commit is what is wrong).
std::string rewrite(const json& root, const json& doc, const std::vector<std::string>& tokens,
                    const std::string& description) {
    if (starts_with(description, "Failed to validate against schema associated with property") ||
        starts_with(description, "Failed to validate item #") ||
        starts_with(description, "Failed to validate against child schema") ||
        starts_with(description, "Failed to validate against any child schemas")) {
        return "";
    }
    const std::string missing = "Missing required property '";
    if (starts_with(description, missing.c_str())) {
        auto name = description.substr(missing.size());
        name = name.substr(0, name.find('\''));
        return "missing required field \"" + name + "\"";
    }
    const bool about_value = starts_with(description, "Value type not permitted") ||
                             starts_with(description, "Failed to match against any enum") ||
                             starts_with(description, "Failed to match regex") ||
                             starts_with(description, "Expected number");
    const json* s = about_value ? subschema_at(root, tokens) : nullptr;
    const auto pointer = to_pointer(tokens);
    const std::string found = describe_found(doc, pointer);
    if (s && s->is_object()) {
        const auto alts = alternatives(root, *s);
        const json::json_pointer ptr(pointer);
        if (doc.contains(ptr) && std::any_of(alts.begin(), alts.end(), [&](const json* alt) {
                return admits_type(*alt, doc.at(ptr));
            })) {
            return ""; // the alternative of its type says what is wrong inside it
        }
        return "expected " + describe_expected(root, *s) + ", found " + found;
    }
    return description + " (found " + found + ")";
}

} // namespace

std::string display_pointer(const std::string& pointer) {
    return pointer.empty() ? "(root)" : pointer;
}

std::vector<schema_problem> check_profile_schema(const nlohmann::ordered_json& doc) {
    const json plain = doc;
    const auto& schema = schema_for(doc);
    valijson::ValidationResults results;
    try {
        valijson::Validator validator;
        valijson::adapters::NlohmannJsonAdapter target(plain);
        if (validator.validate(*schema.compiled, target, &results)) {
            return {};
        }
    } catch (const std::exception& e) {
        return {{"", std::string("the schema validator failed: ") + e.what()}};
    }
    std::vector<schema_problem> problems;
    schema_problem first; // valijson's own words, should every message be a repeat
    valijson::ValidationResults::Error e;
    while (results.popError(e)) {
        const auto tokens = context_tokens(e.context);
        auto message = rewrite(schema.doc, plain, tokens, e.description);
        if (first.message.empty()) {
            first = {to_pointer(tokens), e.description};
        }
        if (message.empty()) {
            continue;
        }
        schema_problem p{to_pointer(tokens), std::move(message)};
        if (problems.empty() || problems.back().pointer != p.pointer ||
            problems.back().message != p.message) {
            problems.push_back(std::move(p));
        }
    }
    if (problems.empty()) {
        problems.push_back(std::move(first));
    }
    return problems;
}

namespace {

/// A profile of a major this tool cannot read is not checked against a schema (it would fail
/// on every field): parse_profile's message says which versions this tool reads instead.
bool other_major(const nlohmann::ordered_json& doc) {
    if (!doc.is_object() || !doc.contains("schema_version") || !doc["schema_version"].is_string()) {
        return false;
    }
    const auto version = doc["schema_version"].get<std::string>();
    const int major = std::atoi(version.c_str());
    return major < profile_schema_oldest_major || major > profile_schema_major;
}

void add_limited(profile_check& out, const std::string& path,
                 const std::vector<schema_problem>& problems) {
    for (std::size_t i = 0; i < problems.size() && i < max_problems_shown; ++i) {
        out.problems.push_back(path + ": " + display_pointer(problems[i].pointer) + ": " +
                               problems[i].message);
    }
    if (problems.size() > max_problems_shown) {
        out.problems.push_back(path + ": ... and " +
                               std::to_string(problems.size() - max_problems_shown) +
                               " more problems");
    }
}

} // namespace

profile_check check_profile_text(const std::string& text, const std::string& path) {
    profile_check out;
    nlohmann::ordered_json doc;
    try {
        doc = parse_json_text(text, path, profile_json_limits);
    } catch (const file_error& e) {
        out.problems.emplace_back(e.what()); // PATH:LINE:COL: what
        return out;
    }
    const bool checkable = !other_major(doc);
    if (checkable) {
        add_limited(out, path, check_profile_schema(doc));
        if (!out.ok()) {
            return out;
        }
    }
    try {
        const profile p = profile_fields_from_json(std::move(doc), path, checkable);
        const auto problems = consistency_problems(p); // what every reader refuses
        for (std::size_t i = 0; i < problems.size() && i < max_problems_shown; ++i) {
            out.problems.push_back(path + ": " + problems[i]);
        }
        if (problems.size() > max_problems_shown) {
            out.problems.push_back(path + ": ... and " +
                                   std::to_string(problems.size() - max_problems_shown) +
                                   " more problems");
        }
        out.cases = p.cases.size();
        out.devices = p.devices.size();
    } catch (const std::exception& e) { // file_error, or a bug in the reader: both are reported
        out.problems.emplace_back(e.what());
    }
    return out;
}

profile_check check_profile_file(const std::string& path) {
    try {
        return check_profile_text(read_regular_file(path, "profile", profile_json_limits.max_bytes),
                                  path);
    } catch (const file_error& e) {
        return {{e.what()}};
    }
}

} // namespace grp
