#include "grp/report/console/time_summary.hpp"

#include <gtest/gtest.h>

namespace grp {
namespace {

profile three_processes() {
    profile p;
    for (int i = 0; i < 3; ++i) {
        run_record r;
        r.id = "run" + std::to_string(i);
        r.host.cpu_cores = 2;
        r.phases.seconds = {{"sampling", 2.0}, {"verification", 0.5}, {"context", 0.01}};
        r.wall_s = 3.0;
        r.other_cpu_cores = 0.1;
        p.runs.push_back(r);
    }
    case_result c;
    round_record a, b;
    a.samples_ns = {1'000'000'000, 500'000'000};
    b.samples_ns = {1'500'000'000};
    c.rounds = {a, b};
    p.cases.push_back(c);
    return p;
}

TEST(TimeSummary, CountsEveryKeptSample) {
    EXPECT_DOUBLE_EQ(timed_kernel_s(three_processes()), 3.0);
}

TEST(TimeSummary, LargestPhasesFirstAndTheRestAsOther) {
    phase_times t;
    t.seconds = {{"build", 0.2}, {"sampling", 6.0}, {"verification", 1.5}, {"context", 0.1}};
    // build (2 %), context (1 %) and the 2.2 s no phase holds go into other.
    EXPECT_EQ(phases_text(t, 10.0), "sampling 6.0 s, verification 1.5 s, other 2.5 s");
}

TEST(TimeSummary, TheWholeInvocationInOneLine) {
    const auto line = time_summary(three_processes(), 10.0);
    EXPECT_EQ(line, "time: 10 s in 3 processes, 3.0 s of it timed kernels (wall 3.3x that); "
                    "sampling 6.0 s, verification 1.5 s, other 2.5 s");
}

TEST(TimeSummary, OneLinePerProcess) {
    const auto p = three_processes();
    EXPECT_EQ(process_time(p.runs[1], 2, 3),
              "process 2 of 3 took 3.0 s: sampling 2.0 s, verification 0.5 s, other 0.5 s");
    EXPECT_EQ(process_time(run_record{}, 1, 3), "process 1 of 3 finished");
}

TEST(TimeSummary, NoLoadWarningOnAQuietMachine) {
    EXPECT_EQ(load_warning(three_processes()), "");
}

TEST(TimeSummary, LoadWarningNamesTheBusiestProcess) {
    auto p = three_processes();
    p.runs[1].other_cpu_cores = 1.4;
    const auto w = load_warning(p);
    EXPECT_NE(w.find("other processes kept 1.4 of 2 cores busy on average during process 2"),
              std::string::npos)
        << w;
    EXPECT_NE(w.find("quiet machine"), std::string::npos);
}

} // namespace
} // namespace grp
