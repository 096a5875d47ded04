#include "grp/model/spec/kernel_spec.hpp"

#include "grp/core/error.hpp"
#include "grp/core/files/json_file.hpp"
#include "grp/core/text_safe.hpp"
#include "grp/model/host/reduce_op.hpp"
#include "grp/model/spec/build_options.hpp"
#include "grp/model/spec/spec_reader.hpp"

#include <algorithm>
#include <stdexcept>

namespace grp {

using ojson = nlohmann::ordered_json;

namespace {

/// A source file's name: a NUL would cut it where the file system reads it ("sum.cl\0.evil"
/// opens sum.cl while the profile records the whole name).
std::string source_name(const spec_reader& r, const ojson& v, const std::string& field) {
    auto s = r.text(v, field);
    if (s.find('\0') != std::string::npos) {
        r.fail(field, "'" + terminal_escape(s) +
                          "' holds a NUL byte, which no file name can hold: name the file itself");
    }
    return s;
}

// Local memory is at most a few hundred KiB on any device; the bound keeps the byte count
// elems x local size x sizeof(T) x 3 far from 2^64.
constexpr std::uint64_t max_local_elems_per_item = 65536;

const char* known_fields[] = {
    "name",      "entry",    "description", "args",   "build_options", "grid",    "local_size",
    "local_mem", "types",    "layouts",     "finish", "safe",          "default", "requires",
    "source",    "in_place", "sizes",       "params", "constraints",   "ops",     "n"};

void read_finish(const spec_reader& r, const ojson& k, const std::string& field, kernel_spec& s) {
    if (k.contains("finish")) {
        auto f = r.text(k["finish"], field + ".finish");
        if (f == "passes") {
            s.finish = finish_mode::passes;
        } else if (f == "host") {
            s.finish = finish_mode::host;
        } else if (f == "last_group") {
            s.finish = finish_mode::last_group;
        } else {
            r.fail(field + ".finish",
                   "expected \"passes\", \"host\" or \"last_group\", got '" + f + "'");
        }
    }
    if (k.contains("n")) {
        s.n_multiple_of = r.n_rule(k["n"], field + ".n");
    }
    if (k.contains("sizes")) {
        auto z = r.text(k["sizes"], field + ".sizes");
        if (z == "checked") {
            s.sizes = size_rule::checked;
        } else if (z == "whole_groups") {
            s.sizes = size_rule::whole_groups;
        } else if (z == "pad") {
            s.sizes = size_rule::pad;
        } else {
            r.fail(field + ".sizes",
                   "expected \"checked\", \"whole_groups\" or \"pad\", got '" + z + "'");
        }
    }
}

void read_default(const spec_reader& r, const ojson& k, const std::string& field, kernel_spec& s) {
    s.in_default_sweep = s.safe;
    if (!k.contains("default")) {
        return;
    }
    if (k["default"].is_boolean()) {
        s.in_default_sweep = k["default"].get<bool>();
        return;
    }
    s.default_classes = r.list<std::string>(k["default"], field + ".default", [](const auto& c) {
        if (c != "cpu" && c != "gpu" && c != "accelerator") {
            throw usage_error("device classes are cpu, gpu, accelerator");
        }
        return c;
    });
    s.in_default_sweep = true;
}

// The roles must fit the finish mode, and placeholders must be known: checked when the spec
// is read, not at the first launch minutes into a run.
void check_consistency(const spec_reader& r, const std::string& field, const kernel_spec& s) {
    bool has_input = false, has_output = false, has_counter = false, has_n = false;
    for (const auto& a : s.args) {
        has_input |= a.what == kernel_arg::role::input;
        has_output |= a.what == kernel_arg::role::output;
        has_counter |= a.what == kernel_arg::role::counter;
        has_n |= a.what == kernel_arg::role::n;
    }
    if (!has_input || !has_output) {
        r.fail(field + ".args", "needs at least one input and one output argument");
    }
    if (s.finish == finish_mode::last_group && !has_counter) {
        r.fail(field + ".args", "finish \"last_group\" needs a \"counter\" argument");
    }
    if (s.sizes == size_rule::checked && !has_n) {
        r.fail(field + ".sizes",
               "\"checked\" needs an n argument; a kernel without one takes \"whole_groups\" "
               "(other n are skipped, the default) or \"pad\" (the input is padded with zeros "
               "to whole groups)");
    }
    if (s.local.fixed != 0 && !local_size_violation(s, s.local.fixed).empty()) {
        r.fail(field + ".local_size", "fixed size contradicts min/max/pow2");
    }
    try {
        // Every configuration's options and grid, so a bad placeholder or elems_per_item of
        // one configuration is found now (the space is bounded: max_raw_configs).
        for (const auto& instance : instantiate_kernel(s)) {
            (void)expand_build_options(instance, element_type::float32, 64, 1024);
        }
    } catch (const file_error& e) {
        r.fail(field + ".build_options", e.what());
    }
}

// A kernel's entry is an object of known fields only: a misspelt field is an error, not a
// silently ignored setting.
void check_fields(const spec_reader& r, const ojson& k, const std::string& field) {
    if (!k.is_object()) {
        r.fail(field, "expected an object");
    }
    for (const auto& [key, val] : k.items()) {
        if (std::find(std::begin(known_fields), std::end(known_fields), key) ==
            std::end(known_fields)) {
            r.fail(field + "." + key, "unknown field");
        }
    }
}

// What the kernel is called, where its source is, and its arguments' roles.
void read_names(const spec_reader& r, const ojson& k, const std::string& field,
                const std::string& default_source, kernel_spec& s) {
    if (!k.contains("name")) {
        r.fail(field + ".name", "missing (every kernel needs a name)");
    }
    s.name = r.name(k["name"], field + ".name");
    s.entry = k.contains("entry") ? r.text(k["entry"], field + ".entry") : s.name;
    s.description =
        k.contains("description") ? r.text(k["description"], field + ".description") : "";
    s.source_path =
        k.contains("source") ? source_name(r, k["source"], field + ".source") : default_source;
    if (!k.contains("args") || !k["args"].is_array() || k["args"].empty()) {
        r.fail(field + ".args", "missing: list the argument roles in the kernel's own order");
    }
    for (size_t i = 0; i < k["args"].size(); ++i) {
        s.args.push_back(r.arg(k["args"][i], field + ".args[" + std::to_string(i) + "]"));
    }
}

// "local_mem": {"elems_per_item": N}, the __local elements the kernel needs per work-item.
void read_local_mem(const spec_reader& r, const ojson& k, const std::string& field,
                    kernel_spec& s) {
    if (!k.contains("local_mem")) {
        return;
    }
    const auto& lm = k["local_mem"];
    if (!lm.is_object() || !lm.contains("elems_per_item")) {
        r.fail(field + ".local_mem", "expected {\"elems_per_item\": N}");
    }
    s.local_elems_per_item = r.count(lm["elems_per_item"], field + ".local_mem.elems_per_item");
    if (s.local_elems_per_item == 0 || s.local_elems_per_item > max_local_elems_per_item) {
        r.fail(field + ".local_mem.elems_per_item",
               "must be from 1 to " + std::to_string(max_local_elems_per_item) +
                   " (local memory is at most a few hundred KiB)");
    }
}

kernel_spec parse_one(const spec_reader& r, const ojson& k, const std::string& field,
                      const std::string& default_source) {
    check_fields(r, k, field);
    kernel_spec s;
    read_names(r, k, field, default_source, s);
    s.build_options =
        k.contains("build_options") ? r.text(k["build_options"], field + ".build_options") : "";
    if (k.contains("grid")) {
        s.grid = r.grid(k["grid"], field + ".grid");
    }
    if (k.contains("local_size")) {
        s.local = r.local_rule(k["local_size"], field + ".local_size");
    }
    read_local_mem(r, k, field, s);
    s.types = k.contains("types")
                  ? r.list<element_type>(k["types"], field + ".types", parse_element_type)
                  : std::vector<element_type>{element_type::float32};
    s.layouts = k.contains("layouts")
                    ? r.list<data_layout>(k["layouts"], field + ".layouts", parse_data_layout)
                    : std::vector<data_layout>{data_layout::flat};
    if (k.contains("ops")) {
        s.ops = r.list<std::string>(k["ops"], field + ".ops", parse_reduce_op);
    }
    r.tuning(k, field, s);
    read_finish(r, k, field, s);
    if (!k.contains("sizes") && std::none_of(s.args.begin(), s.args.end(), [](const kernel_arg& a) {
            return a.what == kernel_arg::role::n;
        })) {
        s.sizes = size_rule::whole_groups; // no n: never run it past its buffer
    }
    s.in_place = k.contains("in_place") && r.flag(k["in_place"], field + ".in_place");
    s.safe = k.contains("safe") ? r.flag(k["safe"], field + ".safe") : true;
    read_default(r, k, field, s);
    if (k.contains("requires")) {
        s.requires_extensions = r.list<std::string>(k["requires"], field + ".requires",
                                                    [](const std::string& x) { return x; });
    }
    check_consistency(r, field, s);
    s.raw = k;
    return s;
}

} // namespace

namespace {

std::vector<kernel_spec>
parse_document(const spec_reader& r, const ojson& doc,
               const std::function<std::string(const std::string&)>& read_source) {
    if (!doc.is_object()) {
        r.fail("(top level)", "expected an object with \"kernels\"");
    }
    if (doc.contains("spec_version") && doc["spec_version"] != 1) {
        r.fail("spec_version", "this tool reads spec_version 1");
    }
    std::string source = doc.contains("source") ? source_name(r, doc["source"], "source") : "";
    if (!doc.contains("kernels") || !doc["kernels"].is_array() || doc["kernels"].empty()) {
        r.fail("kernels", "missing or empty: list the kernels this spec describes");
    }
    const ojson defaults = doc.value("defaults", ojson::object());
    if (!defaults.is_object()) {
        r.fail("defaults", "expected an object of fields every kernel inherits");
    }
    std::vector<kernel_spec> out;
    for (size_t i = 0; i < doc["kernels"].size(); ++i) {
        auto field = "kernels[" + std::to_string(i) + "]";
        if (!doc["kernels"][i].is_object()) {
            r.fail(field, "expected an object");
        }
        ojson k = defaults;
        for (const auto& [key, val] : doc["kernels"][i].items()) {
            k[key] = val;
        }
        auto spec = parse_one(r, k, field, source);
        if (spec.source_path.empty()) {
            r.fail(field + ".source", "no .cl file named (set \"source\" at the top level)");
        }
        // One name may have one entry per layout (the vec3 kernels), never two for a layout.
        for (const auto& other : out) {
            for (auto l : spec.layouts) {
                if (other.name == spec.name && std::find(other.layouts.begin(), other.layouts.end(),
                                                         l) != other.layouts.end()) {
                    r.fail(field + ".name",
                           "duplicate kernel name '" + spec.name + "' for layout " + to_string(l));
                }
            }
        }
        spec.spec_path = r.file;
        spec.source_text = read_source(spec.source_path);
        out.push_back(std::move(spec));
    }
    return out;
}

} // namespace

std::vector<kernel_spec>
parse_kernel_specs(const std::string& spec_text, const std::string& spec_path,
                   const std::function<std::string(const std::string&)>& read_source) {
    const spec_reader r{spec_path};
    const ojson doc = parse_json_text(spec_text, spec_path, spec_json_limits);
    try {
        return parse_document(r, doc, read_source);
    } catch (const nlohmann::json::exception& e) {
        // Every field is checked before use; this is the last guard, so that a value of an
        // unexpected type is a bad spec (exit 5), never an abort.
        throw file_error(spec_path + ": malformed kernel spec: " + terminal_escape(e.what()));
    }
}

std::string to_string(finish_mode f) {
    switch (f) {
    case finish_mode::passes:
        return "passes";
    case finish_mode::host:
        return "host";
    case finish_mode::last_group:
        return "last_group";
    }
    return "passes";
}

std::string to_string(size_rule r) {
    switch (r) {
    case size_rule::checked:
        return "checked";
    case size_rule::whole_groups:
        return "whole_groups";
    case size_rule::pad:
        return "pad";
    }
    return "checked";
}

bool kernel_spec::in_default_for(const std::string& cls) const {
    if (!in_default_sweep) {
        return false;
    }
    return default_classes.empty() ||
           std::find(default_classes.begin(), default_classes.end(), cls) != default_classes.end();
}

std::string device_class(const std::string& device_type) {
    for (const char* c : {"gpu", "cpu", "accelerator"}) {
        if (device_type.find(c) != std::string::npos) {
            return c;
        }
    }
    return "other";
}

std::string local_size_violation(const kernel_spec& k, std::uint64_t local_size) {
    const auto& r = k.local;
    if (local_size == 0) {
        return "local size 0 is not a size";
    }
    if (r.fixed != 0 && local_size != r.fixed) {
        return "kernel runs only at local size " + std::to_string(r.fixed);
    }
    if (r.pow2_only && (local_size & (local_size - 1)) != 0) {
        return "kernel needs a power-of-two local size";
    }
    if (local_size < r.min) {
        return "kernel needs local size >= " + std::to_string(r.min);
    }
    if (r.max != 0 && local_size > r.max) {
        return "kernel allows local size <= " + std::to_string(r.max);
    }
    return "";
}

std::vector<kernel_spec> instantiate_kernel(const kernel_spec& k) {
    std::vector<kernel_spec> out;
    for (auto& config : expand_configs(k.tuning)) {
        out.push_back(k);
        auto& s = out.back();
        try {
            s.grid.resolve(config);
        } catch (const std::exception& e) {
            throw file_error(k.spec_path + ": " + k.name + ": " + e.what() + " for " +
                             describe_config(k.tuning, config));
        }
        s.config = std::move(config);
    }
    return out;
}

} // namespace grp
