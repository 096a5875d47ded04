// CSV of comparisons: one row per case and candidate, RFC 4180 quoting, stable columns
// (docs/compare.md lists them). The work gate has no CSV.
#pragma once

#include "grp/core/files/output_file.hpp"
#include "grp/model/compare/compare.hpp"
#include "grp/report/compare_printer.hpp"

#include <ostream>
#include <vector>

namespace grp {

/// One row per case and candidate, with a header.
void print_comparisons_csv(std::ostream& os, const std::vector<comparison>& all);

/// compare's --csv (compare_printer.hpp): the whole CSV written to `file` at once
/// (output_file::write, which throws as it says). prints_work() is false: compare refuses --csv
/// on check profiles, so print_work is never called and prints nothing.
class csv_compare_printer final : public compare_printer {
public:
    explicit csv_compare_printer(output_file file);

private:
    void do_print_comparisons(const std::vector<comparison>& all) override;
    [[nodiscard]] bool do_prints_work() const override;
    void do_print_work(const work_comparison& w) override;

    output_file m_file;
};

} // namespace grp
