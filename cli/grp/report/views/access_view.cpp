#include "grp/report/views/access_view.hpp"

#include "grp/core/units.hpp"
#include "grp/report/views/case_matrix.hpp"

namespace grp {

const std::vector<std::string>& access_columns() {
    static const std::vector<std::string> cols{
        "kernel",        "type",         "n",           "local",     "sectors/req32",
        "new/req32",     "misses",       "lines/req64", "bank ways", "SIMD eff",
        "instr/barrier", "global lines", "line entropy"};
    return cols;
}

std::vector<std::vector<std::string>> access_rows(const profile& p) {
    std::vector<std::vector<std::string>> rows;
    for (const auto& c : p.cases) {
        if (!c.check || !c.check->access) {
            continue;
        }
        const auto& a = *c.check->access;
        // 2.19's counts: every first request of a warp fetches, so 0 means not counted.
        const bool fetched = a.global_requests > 0 && a.new_sectors_per_request > 0;
        // The kernel cell names the configuration: a tuned kernel's rows differ only there.
        const auto params = params_text(c.key, " ");
        rows.push_back(
            {params.empty() ? c.key.kernel : c.key.kernel + " " + params, type_label(c.key),
             std::to_string(c.key.n), std::to_string(c.key.local_size),
             a.global_requests > 0 ? format_fixed(a.segments[0][0], 2) : "-",
             fetched ? format_fixed(a.new_sectors_per_request, 2) : "-",
             fetched ? format_fixed(100.0 * a.miss_request_share, 1) + "%" : "-",
             a.global_requests > 0 ? format_fixed(a.segments[1][2], 2) : "-",
             a.local_requests > 0 ? format_fixed(a.bank_conflict_ways, 2) : "-",
             format_fixed(100.0 * a.simd_efficiency, 1) + "%",
             format_fixed(a.instructions_per_barrier, 1), std::to_string(a.distinct_lines),
             a.line_entropy_bits ? format_fixed(*a.line_entropy_bits, 2) : "-"});
    }
    return rows;
}

} // namespace grp
