// Bencher Metric Format (BMF) JSON of comparisons (compare --bmf FILE), for `bencher run
// --adapter json --file FILE`: one benchmark per case of each candidate (named by its key; with
// several candidates, "CANDIDATE: KEY"; a name met again gets " #2", " #3"), each with up to two
// measures: `latency`, the candidate's median time in ns (Bencher's built-in Latency measure),
// its lower_value and upper_value the confidence interval of the change carried onto that time;
// and `ratio`, the candidate ÷ base ratio with the interval itself as its bounds. A case without
// a candidate time has no entry; a duet's A/A controls are left out; a number that is not finite
// is never written. The work gate has no BMF (compare refuses --bmf on check profiles).
#pragma once

#include "grp/core/files/output_file.hpp"
#include "grp/model/compare/compare.hpp"
#include "grp/report/compare_printer.hpp"

#include <nlohmann/json.hpp>
#include <vector>

namespace grp {

/// The BMF document of the comparisons against one base (the controls left out).
nlohmann::ordered_json comparisons_bmf(const std::vector<comparison>& all);

/// compare's --bmf FILE (compare_printer.hpp): the document written to `file` at once
/// (output_file::write, which throws as it says). prints_work() is false.
class bmf_compare_printer final : public compare_printer {
public:
    explicit bmf_compare_printer(output_file file);

private:
    void do_print_comparisons(const std::vector<comparison>& all) override;
    [[nodiscard]] bool do_prints_work() const override;
    void do_print_work(const work_comparison& w) override;

    output_file m_file;
};

} // namespace grp
