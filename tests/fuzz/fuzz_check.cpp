// Fuzzes what `check` reads from the Oclgrind simulator: its log (diagnostics) and its
// instruction-count tables, split at the first NUL byte, recorded for a case of two passes as
// check does. A grp::error is the answer to output it cannot read (a count line it does not
// know, counts missing for a pass that ran); otherwise the record must be consistent: one count
// table per pass, a finding makes the case unsafe, no finding keeps it ok, the distinct findings
// within the cap, and the record survives the profile's JSON round trip.
#include "fuzz_common.hpp"
#include "grp/model/profile/case.hpp"
#include "grp/sim/case_check.hpp"
#include "grp/sim/inst_counts.hpp"
#include "grp/sim/oclgrind_log.hpp"

#include <cstdio>
#include <cstdlib>

namespace {

void fail(const char* what) {
    std::fprintf(stderr, "fuzz_check: %s\n", what);
    std::abort();
}

grp::case_result two_pass_case() {
    grp::case_result r;
    r.key = grp::make_case_key("no_bounds", "float", "flat", 200, 64);
    r.passes = {{200, 256, 64, 4}, {4, 64, 64, 1}};
    return r;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const auto [log, counts] = grp::fuzz::split_at_nul(grp::fuzz::text_of(data, size));
    try {
        (void)grp::sim::parse_inst_counts(counts);
    } catch (const grp::error&) {
    }
    grp::check_record loose;
    grp::sim::parse_log(log, {"user.cl", 3, {}}, loose);
    if (loose.diagnostics.size() > 3) {
        fail("more distinct findings kept than the cap");
    }
    auto r = two_pass_case();
    try {
        grp::sim::captured out;
        out.log = log;
        out.counts = counts;
        grp::sim::record_check(out, {"Oclgrind 21.10", "user.cl", 5}, r);
    } catch (const grp::error&) {
        return 0; // unreadable or missing evidence: an error, never a verdict
    }
    if (!r.check || r.check->passes.size() != r.passes.size()) {
        fail("a verdict without one count table per pass");
    }
    if (r.check->diagnostics.empty() != (r.status == grp::case_status::ok)) {
        fail("a finding did not make the case unsafe, or no finding did");
    }
    const nlohmann::ordered_json j = r;
    const auto back = j.get<grp::case_result>();
    if (!back.check || nlohmann::ordered_json(*back.check) != nlohmann::ordered_json(*r.check)) {
        fail("the check record does not survive the JSON round trip");
    }
    return 0;
}
