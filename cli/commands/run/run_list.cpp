#include "commands/run/run_list.hpp"

#include "grp/model/spec/kernel_catalog.hpp"
#include "grp/report/text/table.hpp"

#include <iostream>
#include <string>

namespace grp::cli {

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
        std::string dflt = !k.safe ? "no (UNSAFE)" : (k.in_default_sweep ? "yes" : "no");
        if (k.safe && k.in_default_sweep && !k.default_classes.empty()) {
            dflt.clear();
            for (const auto& c : k.default_classes) {
                dflt += (dflt.empty() ? "" : ",") + c;
            }
        }
        t.add_row({{k.name}, {layouts}, {types}, {local}, {dflt}, {k.description}});
    }
    t.print(std::cout, false);
}

void print_starter_spec(const std::string& cl_path) {
    const auto starter = starter_for(cl_path);
    std::cout << starter.spec;
    std::cerr << starter.notes;
}

} // namespace grp::cli
