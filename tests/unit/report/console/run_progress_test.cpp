// run's progress lines: what a case that was verified but never timed says (after Ctrl-C it
// read "[12/13] ... local=2048: ok", as if it had a time), and the measured peak's copy figure
// with what it measures (#50).
#include "grp/report/console/run.hpp"

#include <gtest/gtest.h>
#include <sstream>

namespace grp {
namespace {

TEST(run_progress, a_verified_case_without_a_time_says_it_was_not_timed) {
    std::ostringstream os;
    run_progress progress(os, false, false);
    case_result c;
    c.key = make_case_key("reduce2", "float", "flat", 1u << 18, 2048);
    c.rounds.emplace_back(); // its round was cut short before a sample
    progress.case_finished(11, 13, c);
    EXPECT_EQ(os.str(),
              "  [12/13] reduce2 float n=2^18 local=2048: verified, not timed: stopped before its "
              "first timed sample\n");
    std::ostringstream checked; // check never times: "ok" is its whole result
    run_progress check_progress(checked, false, false);
    c.check = check_record{};
    check_progress.case_finished(11, 13, c);
    EXPECT_EQ(checked.str(), "  [12/13] reduce2 float n=2^18 local=2048: ok\n");
}

TEST(run_progress, the_peak_copy_says_what_it_counts) {
    std::ostringstream os;
    run_progress progress(os, false, false);
    peak_bandwidth p;
    p.read_gbps = 20.1;
    p.copy_gbps = 2.3;
    p.read_shape = "chunk_read";
    p.bytes = 256u << 20;
    progress.peak_measured(p);
    EXPECT_NE(os.str().find("copy 2.3 GB/s"), std::string::npos) << os.str();
    EXPECT_NE(os.str().find("(copy: kernels/peak.cl's stream_copy, bytes read + bytes written"),
              std::string::npos)
        << os.str();
}

} // namespace
} // namespace grp
