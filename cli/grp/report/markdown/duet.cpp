#include "grp/report/markdown/duet.hpp"

#include "grp/model/compare/control.hpp"
#include "grp/model/compare/duet_judge.hpp"
#include "grp/report/markdown/compare.hpp"

#include <sstream>

namespace grp {

std::string markdown_duet(const std::vector<html::report_input>& inputs,
                          const compare_options& opt) {
    compare_options duet = opt;
    const auto kept = same_round_options();
    duet.max_cpu_wait = kept.max_cpu_wait;
    duet.set_aside_unsteady = kept.set_aside_unsteady;
    std::string s;
    for (const auto& in : inputs) {
        const auto pairs = recorded_pairs(in.prof);
        if (pairs.empty()) {
            continue;
        }
        std::ostringstream os;
        print_comparisons_markdown(os, judge_duet(in.prof, pairs, duet, in.path));
        auto text = os.str();
        const std::string heading = "### gpu-reduce-prof compare: ";
        if (text.rfind(heading, 0) == 0) {
            text = "### Duet: " + text.substr(heading.size());
        }
        s += text + "\n";
    }
    return s;
}

} // namespace grp
