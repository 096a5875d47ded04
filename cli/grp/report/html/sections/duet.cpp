#include "grp/report/html/sections/duet.hpp"

#include "grp/core/units.hpp"
#include "grp/model/compare/control.hpp"
#include "grp/model/compare/duet_judge.hpp"
#include "grp/report/html/elements.hpp"
#include "grp/report/html/sections/compare.hpp"
#include "grp/report/html/sections/context.hpp"
#include "grp/report/text/compare_tables.hpp"
#include "grp/report/text/escape.hpp"

namespace grp::html {

namespace {

/// One comparison of the duet: the control's or the candidate's table and its summary line.
std::string duet_block(const comparison& c) {
    std::string s = "<h3>" +
                    html_escape((c.control ? "A/A control: " : "candidate: ") + c.cand_label +
                                " against " + c.base_label) +
                    "</h3>" + verdict_chips(c) + para(summary_line(c), c.failed() ? "warn" : "");
    for (const auto& w : c.warnings) {
        s += para(w, "warn");
    }
    std::vector<row> rows;
    for (const auto& cc : c.cases) {
        rows.push_back(verdict_row(cc));
    }
    return s + render_table({{"case"},
                             {"verdict"},
                             {"base median", true},
                             {c.control ? "control median" : "candidate median", true},
                             {"change", true, "the median ratio within each round - 1"},
                             {"interval", true, "confidence interval of the change"},
                             {"note"}},
                            rows, "compact sortable verdicts");
}

/// Each input's duet judged as compare judges it (rounds kept as a duet keeps them); empty for
/// an input that records none.
std::vector<std::vector<comparison>> judged_duets(const std::vector<report_input>& inputs,
                                                  const compare_options& opt) {
    compare_options duet = opt;
    const auto kept = same_round_options();
    duet.max_cpu_wait = kept.max_cpu_wait;
    duet.set_aside_unsteady = kept.set_aside_unsteady;
    std::vector<std::vector<comparison>> out;
    for (const auto& in : inputs) {
        const auto pairs = recorded_pairs(in.prof);
        out.push_back(pairs.empty() ? std::vector<comparison>{}
                                    : judge_duet(in.prof, pairs, duet, in.path));
    }
    return out;
}

/// The word for judged duets, in the order of compare's exit status (exit_status,
/// commands/compare_output.cpp): FAIL, BIASED, UNDECIDED (timing judged nothing), PASS.
std::string verdict_word(const std::vector<std::vector<comparison>>& duets) {
    bool any = false, failed = false, biased = false, nothing = false;
    for (const auto& all : duets) {
        for (const auto& c : all) {
            any = true;
            failed = failed || c.failed();
            biased = biased || (!c.control && c.count(verdict::biased) > 0);
            nothing = nothing || (!c.control && c.judged_nothing());
        }
    }
    if (!any) {
        return "";
    }
    return failed ? "FAIL" : biased ? "BIASED" : nothing ? "UNDECIDED" : "PASS";
}

} // namespace

std::string duet_verdict(const std::vector<report_input>& inputs, const compare_options& opt) {
    return verdict_word(judged_duets(inputs, opt));
}

std::string section_duet(const std::vector<report_input>& inputs, const compare_options& opt) {
    const auto duets = judged_duets(inputs, opt);
    std::string s;
    for (std::size_t i = 0; i < inputs.size(); ++i) {
        const auto& judged = duets[i];
        if (judged.empty()) {
            continue;
        }
        for (const auto& c : judged) { // the verdict lines first, the tables after
            if (!c.control) {
                s += para((inputs.size() > 1 ? profile_tag(i) + ": " : "") + c.cand_label + ": " +
                              summary_line(c),
                          c.failed() ? "warn" : "");
            }
        }
        s += para((inputs.size() > 1 ? profile_tag(i) + ": " : "") + inputs[i].path +
                  ": a duet, judged as compare judges it: each A/A control (identical code "
                  "built again) first, then each candidate on the ratio within each round; a "
                  "candidate whose control is not the same is biased, not judged. Threshold " +
                  format_fixed(opt.threshold * 100, 1) + "%, " +
                  format_fixed((1 - opt.alpha) * 100, 0) + "% intervals.");
        for (const auto& c : judged) {
            s += duet_block(c);
        }
    }
    if (s.empty()) {
        return "";
    }
    const auto word = verdict_word(duets);
    return section_open("duet", "Duet: " + word) + "<p class=\"" +
           std::string(word == "PASS" ? "good" : "warn") + "\"><strong>" + word + "</strong></p>" +
           s + "</section>";
}

} // namespace grp::html
