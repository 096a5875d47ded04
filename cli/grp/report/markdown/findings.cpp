#include "grp/report/markdown/findings.hpp"

#include "grp/report/text/escape.hpp"
#include "grp/report/views/access_view.hpp"
#include "grp/report/views/estimate_view.hpp"
#include "grp/report/views/findings.hpp"

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
        if (rows.empty() && table.notes.empty()) {
            continue; // not a check profile
        }
        std::string head = "|", rule = "|";
        for (std::size_t c = 0; c < estimate_columns().size(); ++c) {
            head += " " + estimate_columns()[c] + " |";
            rule += c < 2 || c == 6 ? " --- |" : " ---: |";
        }
        std::string notes;
        for (const auto& n : table.notes) {
            notes += markdown_escape(n) + ".\n\n";
        }
        out += "### " + std::string(inputs.size() > 1 ? "P" + std::to_string(i + 1) + " " : "") +
               markdown_escape(estimate_caption(d, source)) + "\n\n" +
               (rows.empty() ? "" : head + "\n" + rule + "\n" + rows + "\n") + notes;
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
    std::string head = "|", rule = "|";
    for (std::size_t i = 0; i < access_columns().size(); ++i) {
        head += " " + access_columns()[i] + " |";
        rule += i < 2 ? " --- |" : " ---: |";
    }
    return "### Memory access (check)\n\nPer warp request of consecutive work-items; what each "
           "column means: docs/check.md, \"Access metrics\".\n\n" +
           head + "\n" + rule + "\n" + rows + "\n";
}

} // namespace grp
