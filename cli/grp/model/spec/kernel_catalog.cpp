#include "grp/model/spec/kernel_catalog.hpp"

#include "grp/core/error.hpp"
#include "grp/core/files/json_file.hpp"
#include "grp/core/text_safe.hpp"
#include "grp/model/spec/builtin_files.hpp"
#include "grp/model/spec/starter_spec.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fnmatch.h>

namespace grp {

namespace fs = std::filesystem;

namespace {

// A missing file is a usage error (a mistyped -k), anything else about it a bad file.
std::string read_disk_file(const fs::path& p, const std::string& what, std::size_t max_bytes) {
    std::error_code ec;
    if (!fs::exists(p, ec)) {
        throw usage_error(what + " '" + p.string() + "' does not exist");
    }
    return read_regular_file(p.string(), what, max_bytes, exit_code::usage);
}

// The command that writes a starter spec for `cl` into `spec` (stdout only: stderr's messages
// stay out of the file).
std::string print_spec_command(const std::string& cl, const fs::path& spec) {
    return "gpu-reduce-prof run --print-spec " + cl + " > " + spec.string();
}

// The error for a .cl without its spec: where to write it, and a starter read off its kernels.
std::string no_spec_message(const std::string& item, const fs::path& spec) {
    std::string msg = "kernel file '" + item + "' has no spec beside it: write " + spec.string() +
                      " (every field: kernels/README.md)";
    std::string text;
    try {
        text = read_disk_file(item, "kernel file", max_source_bytes);
    } catch (const error&) {
        return msg; // unreadable: the plain message
    }
    const auto starter = starter_spec(text, fs::path(item).filename().string());
    if (starter.empty()) {
        return msg + "; it has no __kernel function";
    }
    return msg + ". `" + print_spec_command(item, spec) + "` writes this starter there, read " +
           "off its kernels' signatures (check every guess; \"TODO\": a parameter whose role " +
           "it cannot tell; \"finish\" \"passes\" needs the kernel to reduce its own " +
           "partials):\n" + starter + starter_spec_notes(text);
}

// A spec that is empty, or holds this tool's own error message: what probably happened (a
// shell redirect of stderr into it, `run -k x.cl 2> x.json`, which creates it empty first)
// and how to write a starter instead. "" for any other text.
std::string redirected_spec(const std::string& text, const fs::path& spec) {
    const bool empty = text.find_first_not_of(" \t\r\n") == std::string::npos;
    if (!empty && text.rfind("error: ", 0) != 0) {
        return "";
    }
    auto cl = spec;
    cl.replace_extension(".cl");
    return "kernel spec '" + spec.string() + "' " +
           (empty ? "is empty" : "holds an error message of gpu-reduce-prof, not a spec") +
           ": did you redirect stderr into it (2>)? `" + print_spec_command(cl.string(), spec) +
           "` writes a starter spec for " + cl.string() + " there";
}

bool declares_any(const kernel_spec& k, const std::vector<data_layout>& layouts) {
    return std::any_of(layouts.begin(), layouts.end(), [&](data_layout l) {
        return std::find(k.layouts.begin(), k.layouts.end(), l) != k.layouts.end();
    });
}

bool ends_with(const std::string& s, const std::string& tail) {
    return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

bool looks_like_path(const std::string& s) {
    return s.find('/') != std::string::npos || ends_with(s, ".cl") || ends_with(s, ".json");
}

} // namespace

std::string builtin_source(const std::string& name) {
    for (const auto& f : builtin_kernel_files()) {
        if (f.name == name) {
            return std::string(f.text);
        }
    }
    throw usage_error("no built-in kernel file '" + name + "'");
}

std::vector<kernel_spec> builtin_kernels() {
    std::vector<kernel_spec> out;
    for (const auto& f : builtin_kernel_files()) {
        if (!ends_with(std::string(f.name), ".json")) {
            continue;
        }
        auto specs = parse_kernel_specs(std::string(f.text), "builtin:" + std::string(f.name),
                                        [](const std::string& src) { return builtin_source(src); });
        for (auto& s : specs) {
            s.source_path = "builtin:" + s.source_path;
            out.push_back(std::move(s));
        }
    }
    return out;
}

std::vector<kernel_spec> instantiate_kernels(const std::vector<kernel_spec>& kernels) {
    std::vector<kernel_spec> out;
    for (const auto& k : kernels) {
        for (auto& instance : instantiate_kernel(k)) {
            out.push_back(std::move(instance));
        }
    }
    return out;
}

std::vector<kernel_spec> load_spec_file(const std::string& path) {
    const fs::path spec_path(path);
    auto text = read_disk_file(spec_path, "kernel spec", spec_json_limits.max_bytes);
    if (const auto why = redirected_spec(text, spec_path); !why.empty()) {
        throw file_error(why);
    }
    auto dir = spec_path.parent_path();
    auto specs = parse_kernel_specs(text, path, [&](const std::string& src) {
        return read_disk_file(dir / src, "kernel source named by " + path + ",", max_source_bytes);
    });
    for (auto& s : specs) {
        s.source_path = (dir / s.source_path).lexically_normal().string();
    }
    return specs;
}

starter_text starter_for(const std::string& cl_path) {
    const auto text = read_disk_file(cl_path, "kernel file", max_source_bytes);
    auto spec = starter_spec(text, fs::path(cl_path).filename().string());
    if (spec.empty()) {
        throw usage_error("kernel file '" + cl_path +
                          "' has no __kernel function: no starter spec to print");
    }
    return {spec, starter_spec_notes(text)};
}

std::vector<std::string> source_outside_spec(const std::vector<kernel_spec>& kernels) {
    std::vector<std::string> out;
    for (const auto& k : kernels) {
        if (k.spec_path.rfind("builtin:", 0) == 0 || k.spec_path.empty()) {
            continue;
        }
        const auto dir = fs::path(k.spec_path).parent_path().lexically_normal();
        const auto rel = fs::path(k.source_path).lexically_relative(dir.empty() ? "." : dir);
        if (rel.empty() || *rel.begin() == "..") {
            auto line = terminal_escape(k.spec_path) + " reads its source from outside its " +
                        "folder: " + terminal_escape(k.source_path);
            if (std::find(out.begin(), out.end(), line) == out.end()) {
                out.push_back(std::move(line));
            }
        }
    }
    return out;
}

namespace {

/// True when `name` appears in `text` as an identifier of its own ("G" in "{G}*cu", not in "GX").
bool uses_name(const std::string& text, const std::string& name) {
    const auto ident = [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
    };
    for (auto at = text.find(name); at != std::string::npos; at = text.find(name, at + 1)) {
        const bool starts = at == 0 || !ident(text[at - 1]);
        const bool ends = at + name.size() == text.size() || !ident(text[at + name.size()]);
        if (starts && ends) {
            return true;
        }
    }
    return false;
}

bool param_used(const kernel_spec& k, const std::string& name) {
    if (k.build_options.find("{" + name + "}") != std::string::npos ||
        uses_name(k.grid.elems_per_item_expr, name) || uses_name(k.grid.cap.expr, name)) {
        return true;
    }
    return std::any_of(k.grid.by_class.begin(), k.grid.by_class.end(),
                       [&](const auto& c) { return uses_name(c.second.expr, name); });
}

} // namespace

std::vector<std::string> params_that_change_nothing(const std::vector<kernel_spec>& kernels) {
    std::vector<std::string> out;
    for (const auto& k : kernels) {
        for (const auto& p : k.tuning.params) {
            if (p.values.size() < 2 || param_used(k, p.name)) {
                continue;
            }
            auto line = terminal_escape(k.name) + ": tuning parameter " + terminal_escape(p.name) +
                        " is used nowhere (no {" + terminal_escape(p.name) +
                        "} in its build options, not in its grid): its " +
                        std::to_string(p.values.size()) +
                        " values build identical binaries, timed as different configurations";
            if (std::find(out.begin(), out.end(), line) == out.end()) {
                out.push_back(std::move(line));
            }
        }
    }
    return out;
}

namespace {

// Cases are keyed by kernel name: two specs giving one name for one layout would make two
// different kernels one case (0.1 wrote duplicate keys and compare paired them silently).
void check_unique_names(const std::vector<kernel_spec>& kernels) {
    for (std::size_t i = 0; i < kernels.size(); ++i) {
        for (std::size_t j = i + 1; j < kernels.size(); ++j) {
            const auto& a = kernels[i];
            const auto& b = kernels[j];
            const bool overlap = std::any_of(a.layouts.begin(), a.layouts.end(), [&](auto l) {
                return std::find(b.layouts.begin(), b.layouts.end(), l) != b.layouts.end();
            });
            if (a.name == b.name && overlap && a.spec_path != b.spec_path) {
                throw usage_error("two kernels are named '" + a.name + "': in " + a.spec_path +
                                  " and in " + b.spec_path +
                                  ". Cases are keyed by name, so one run can hold only one of "
                                  "them: rename one in its spec (\"name\"), or run them in "
                                  "separate runs and compare those");
            }
        }
    }
}

// The kernels chosen so far, each once. A kernel named explicitly runs on every device, even
// when the default sweep chose it too.
struct chosen_kernels {
    std::vector<kernel_spec> kernels;

    void add(const kernel_spec& k, bool by_default = false) {
        auto seen = std::find_if(kernels.begin(), kernels.end(), [&](const kernel_spec& o) {
            return o.name == k.name && o.layouts == k.layouts && o.spec_path == k.spec_path;
        });
        if (seen == kernels.end()) {
            kernels.push_back(k);
            kernels.back().chosen_by_default = by_default;
        } else if (!by_default) {
            seen->chosen_by_default = false;
        }
    }
};

// The spec file a --kernel path names: itself, or the .json beside a .cl.
std::string spec_path_of(const std::string& item) {
    fs::path p(item);
    if (p.extension() == ".cl") {
        if (!fs::exists(p)) {
            throw usage_error("kernel file '" + item + "' does not exist");
        }
        p.replace_extension(".json");
        if (!fs::exists(p)) {
            throw usage_error(no_spec_message(item, p));
        }
    }
    return p.string();
}

// Adds the built-in kernels whose name matches the glob `item` ("all": every one); false when
// none does.
bool add_matching(chosen_kernels& out, const std::vector<kernel_spec>& builtin,
                  const std::string& item) {
    bool matched = false;
    for (const auto& k : builtin) {
        if (item == "all" || fnmatch(item.c_str(), k.name.c_str(), 0) == 0) {
            out.add(k);
            matched = true;
        }
    }
    return matched;
}

usage_error no_such_kernel(const std::vector<kernel_spec>& builtin, const std::string& item) {
    std::string names;
    for (const auto& k : builtin) {
        if (names.find(" " + k.name + ",") == std::string::npos) {
            names += " " + k.name + ",";
        }
    }
    names.pop_back();
    return usage_error("--kernel '" + item +
                       "' matches no built-in kernel and is not a "
                       "path. Built-in:" +
                       names);
}

} // namespace

std::vector<kernel_spec> resolve_kernels(const std::vector<std::string>& items,
                                         const std::vector<data_layout>& layouts) {
    const auto builtin = builtin_kernels();
    const auto wanted = layouts.empty() ? std::vector<data_layout>{data_layout::flat} : layouts;
    chosen_kernels out;
    auto add_defaults = [&] {
        for (const auto& k : builtin) {
            if (k.in_default_sweep && declares_any(k, wanted)) {
                out.add(k, true);
            }
        }
    };
    if (items.empty()) {
        add_defaults();
        return out.kernels;
    }
    for (const auto& item : items) {
        if (item == "default") {
            add_defaults();
        } else if (looks_like_path(item)) {
            for (const auto& k : load_spec_file(spec_path_of(item))) {
                out.add(k);
            }
        } else if (!add_matching(out, builtin, item)) {
            throw no_such_kernel(builtin, item);
        }
    }
    check_unique_names(out.kernels);
    return out.kernels;
}

} // namespace grp
