#include "grp/report/text/cause_text.hpp"

#include "grp/report/views/compare_cells.hpp"

namespace grp {

std::string cause_sources_line(const comparison& c) {
    if (!c.work) {
        return "";
    }
    const auto file = [](const std::string& f) {
        return f.empty() ? std::string("none") : f;
    };
    return "causes from check profiles " + file(c.work->base) + " (base) and " +
           file(c.work->cand) + " (candidate)" +
           (c.work->found_beside ? ", found beside the timed profiles" : ", given by --work");
}

std::vector<std::string> cause_lines(const comparison& c) {
    std::vector<std::string> out;
    for (const auto& cc : c.cases) {
        if (cc.cause) {
            out.push_back(row_label(c, cc) + ": " + cause_text(*cc.cause));
        }
    }
    return out;
}

} // namespace grp
