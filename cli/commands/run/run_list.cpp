#include "commands/run/run_list.hpp"

#include "grp/model/spec/kernel_catalog.hpp"
#include "grp/report/console/run_legend.hpp"
#include "grp/report/text/table.hpp"

#include <algorithm>
#include <iostream>
#include <string>

namespace grp::cli {

namespace {

// Whether the default sweep runs the kernel: "yes", its device classes ("cpu"), or, for a
// kernel without a flat layout, the --layout that brings it in (the default sweep is flat).
std::string default_text(const kernel_spec& k, const std::string& layouts) {
    if (!k.safe) {
        return "no (UNSAFE)";
    }
    if (!k.in_default_sweep) {
        return "no";
    }
    std::string classes;
    for (const auto& c : k.default_classes) {
        classes += (classes.empty() ? "" : ",") + c;
    }
    const bool flat =
        std::find(k.layouts.begin(), k.layouts.end(), data_layout::flat) != k.layouts.end();
    if (!flat) {
        return "with --layout " + layouts + (classes.empty() ? "" : " (" + classes + ")");
    }
    return classes.empty() ? "yes" : classes;
}

} // namespace

void list_kernels() {
    text_table t;
    for (const char* c : {"name", "layouts", "types", "local size", "default", "description"}) {
        t.add_column(c);
    }
    for (const auto& k : builtin_kernels()) {
        std::string layouts, types;
        for (auto l : k.layouts) {
            layouts += (layouts.empty() ? "" : ",") + to_string(l);
        }
        for (auto ty : k.types) {
            types += (types.empty() ? "" : ",") + to_string(ty);
        }
        std::string local = k.local.fixed ? "=" + std::to_string(k.local.fixed)
                                          : (k.local.pow2_only ? "pow2" : "any");
        if (k.local.max) {
            local += " <=" + std::to_string(k.local.max);
        }
        t.add_row(
            {{k.name}, {layouts}, {types}, {local}, {default_text(k, layouts)}, {k.description}});
    }
    t.print(std::cout, false);
}

void print_starter_spec(const std::string& cl_path) {
    const auto starter = starter_for(cl_path);
    std::cout << starter.spec;
    std::cerr << starter.notes;
}

int list_or_describe(const run_cli_options& o) {
    if (!o.print_spec.empty()) {
        print_starter_spec(o.print_spec);
    } else if (o.list) {
        list_kernels();
    } else {
        print_run_legend(std::cout);
    }
    return 0;
}

} // namespace grp::cli
