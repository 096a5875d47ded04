#include "grp/report/markdown/findings.hpp"

#include "grp/model/profile/check_plan.hpp"
#include "grp/report/text/escape.hpp"
#include "grp/report/views/access_view.hpp"
#include "grp/report/views/estimate_view.hpp"
#include "grp/report/views/findings.hpp"

#include <cstdint>

namespace grp {

namespace {

std::string where_text(const sim_diagnostic& d) {
    std::string where;
    for (const auto& l : d.at) {
        where +=
            (where.empty() ? "" : "; ") + l.file + ":" + std::to_string(l.line) + ": " + l.text;
    }
    return where;
}

/// A table's header and rule lines: the first `keys` columns and the one at `text` (if any)
/// hold words (left), the others numbers (right).
std::string table_head(const std::vector<std::string>& cols, std::size_t keys,
                       std::size_t text = SIZE_MAX) {
    std::string head = "|", rule = "|";
    for (std::size_t c = 0; c < cols.size(); ++c) {
        head += " " + cols[c] + " |";
        rule += c < keys || c == text ? " --- |" : " ---: |";
    }
    return head + "\n" + rule + "\n";
}

} // namespace

std::string markdown_findings(const std::vector<html::report_input>& inputs) {
    std::string rows;
    for (std::size_t i = 0; i < inputs.size(); ++i) {
        const std::string tag = inputs.size() > 1 ? "P" + std::to_string(i + 1) + " " : "";
        for (const auto& f : merged_findings(inputs[i].prof)) {
            rows += markdown_row({tag + f.kernel, f.first->kind, f.first->message,
                                  locals_text(f.local_sizes), std::to_string(f.count),
                                  where_text(*f.first)});
        }
    }
    if (rows.empty()) {
        return "";
    }
    return "### Simulator findings (check)\n\n"
           "| kernel | kind | finding | local sizes | occurrences | where |\n"
           "| --- | --- | --- | --- | ---: | --- |\n" +
           rows + "\n";
}

std::string markdown_estimate(const std::vector<html::report_input>& inputs,
                              const estimate_device& d, const std::string& source) {
    std::string out;
    for (std::size_t i = 0; i < inputs.size(); ++i) {
        const auto table = estimate_table_of(inputs[i].prof, d);
        std::string rows;
        for (const auto& r : table.rows) {
            rows += markdown_row(r);
        }
        if (!is_check_profile(inputs[i].prof)) {
            continue; // a timed profile: nothing counted to estimate
        }
        std::string notes;
        for (const auto& n : table.notes) {
            notes += markdown_escape(n) + ".\n\n";
        }
        out += "### " + std::string(inputs.size() > 1 ? "P" + std::to_string(i + 1) + " " : "") +
               markdown_escape(estimate_caption(d, source)) + "\n\n" +
               (rows.empty() ? "" : table_head(estimate_columns(), 2, 6) + rows + "\n") + notes;
    }
    return out;
}

std::string markdown_access(const std::vector<html::report_input>& inputs) {
    std::string rows;
    for (std::size_t i = 0; i < inputs.size(); ++i) {
        const std::string tag = inputs.size() > 1 ? "P" + std::to_string(i + 1) + " " : "";
        for (auto r : access_rows(inputs[i].prof)) {
            r.front() = tag + r.front();
            rows += markdown_row(r);
        }
    }
    if (rows.empty()) {
        return "";
    }
    return "### Memory access (check)\n\nPer warp request of consecutive work-items; what each "
           "column means: docs/check.md, \"Access metrics\".\n\n" +
           table_head(access_columns(), 2) + rows + "\n";
}

} // namespace grp
