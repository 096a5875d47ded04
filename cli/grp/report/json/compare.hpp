// JSON of comparisons, for scripts: every field of every case, null where a number is unknown
// (never NaN), with the tool, the base and whether the gate failed; and the work gate's cases
// with each count on both sides.
#pragma once

#include "grp/model/compare/compare.hpp"
#include "grp/model/compare/work_gate.hpp"
#include "grp/report/compare_printer.hpp"

#include <nlohmann/json.hpp>
#include <optional>
#include <ostream>
#include <vector>

namespace grp {

/// {"tool", "base", "failed", "failures", "comparisons": [...]}: every field of every case,
/// null where a number is unknown (never NaN).
nlohmann::ordered_json comparisons_to_json(const std::vector<comparison>& all);

/// {"gate": "work", "base", "candidate", "threshold", "fails", "headline", "cases": [...]}: one
/// candidate's work gate, each case's counts on both sides with their change.
nlohmann::ordered_json work_to_json(const work_comparison& w);

/// compare's --json on `os` (compare_printer.hpp): one document, written by finish(): the
/// comparisons', or {"comparisons": [...]} of every candidate's work gate.
class json_compare_printer final : public compare_printer {
public:
    explicit json_compare_printer(std::ostream& os);

private:
    void do_print_comparisons(const std::vector<comparison>& all) override;
    void do_print_work(const work_comparison& w) override;
    void do_finish() override;

    std::ostream& m_os;
    std::optional<nlohmann::ordered_json> m_document;
};

} // namespace grp
