// A checked case's record: what the simulator wrote while the case's first launch chain ran
// becomes its check_record, and a diagnostic in the case's own kernels makes the case unsafe.
#pragma once

#include "grp/model/profile/case.hpp"
#include "grp/sim/simulator.hpp"

#include <string>

namespace grp::sim {

struct case_check_options {
    std::string simulator;   ///< e.g. "Oclgrind 21.10"
    std::string source_file; ///< the kernel's source as its spec names it
    std::size_t max_distinct = 20;
};

/// Fills r.check. The first r.passes.size() count tables are the chain's passes (the tool's
/// own checks launch after them). A case with a diagnostic becomes `unsafe`; a wrong result
/// stays in the reason. Throws file_error when counts are missing (require_counts); calls
/// out.recorded with the finished record.
void record_check(const captured& out, const case_check_options& o, case_result& r);

/// Sets rec.access from the access plugin's blocks of the case's passes (rec.passes), when the
/// plugin was loaded and the case launched. Throws file_error naming the case when a block
/// cannot be read or fewer blocks than passes came (no verdict without the evidence).
void record_access(const captured& out, const case_result& r, check_record& rec);

/// Throws file_error naming the case when a launched case (ok or wrong) has fewer count tables
/// than passes: its evidence was lost, and no verdict is given without it.
void require_counts(const case_result& r, std::size_t tables);

/// "data-race at reduce.cl:226 (and 3 more)": the first diagnostic, for a reason line.
std::string summary_of(const check_record& c);

} // namespace grp::sim
