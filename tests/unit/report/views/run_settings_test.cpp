// The report's Run box: settings as the user typed them, "default" where they did not, and the
// whole run's start and finish over every process (#33).
#include "grp/report/views/run_settings.hpp"

#include <gtest/gtest.h>

namespace grp::html {
namespace {

std::string value_of(const std::vector<run_setting>& rows, const std::string& name) {
    for (const auto& r : rows) {
        if (r.name == name) {
            return r.value;
        }
    }
    return "<missing " + name + ">";
}

profile run_profile(std::vector<std::string> argv) {
    profile p;
    p.tool.argv = std::move(argv);
    p.settings = {{"local_sizes", "64,256"},
                  {"sizes", {1048576, 4194304}},
                  {"types", nlohmann::ordered_json::array()},
                  {"rounds", 10},
                  {"rotate_cpus", false},
                  {"keep_going", true},
                  {"cl_options", ""},
                  {"round_order", "seeded permutation"},
                  {"duet", {{"base", "a.json"}}}};
    return p;
}

TEST(RunSettings, TypedOptionsReadAsTypedTheRestAsDefault) {
    const auto rows = run_settings(run_profile({"gpu-reduce-prof", "run", "-l", "64,256", "-n",
                                                "1M", "--size=4M", "--keep-going", "-o", "p"}));
    EXPECT_EQ(value_of(rows, "local_sizes"), "-l 64,256");
    EXPECT_EQ(value_of(rows, "sizes"), "-n 1M --size 4M");
    EXPECT_EQ(value_of(rows, "keep_going"), "--keep-going");
    EXPECT_EQ(value_of(rows, "types"), "default"); // not `[]`
    EXPECT_EQ(value_of(rows, "rounds"), "default (10)");
    EXPECT_EQ(value_of(rows, "rotate_cpus"), "default (no)");
    EXPECT_EQ(value_of(rows, "cl_options"), "default");
    EXPECT_EQ(value_of(rows, "round_order"), "seeded permutation"); // no option: as recorded
    EXPECT_EQ(value_of(rows, "duet.base"), "a.json");
}

TEST(RunSettings, AMergedProfileShowsTheRecordedValuesReadably) {
    const auto rows = run_settings(run_profile({"gpu-reduce-prof", "merge", "a.json", "-o", "b"}));
    EXPECT_EQ(value_of(rows, "sizes"), "1048576,4194304");
    EXPECT_EQ(value_of(rows, "types"), "default");
    EXPECT_EQ(value_of(rows, "keep_going"), "yes");
}

TEST(RunSettings, TheRunSpansEveryProcess) {
    profile p;
    p.host.started_at = "2026-11-23T14:07:48Z";
    p.host.finished_at = "2026-11-23T14:07:56Z"; // the first process only
    for (const auto& [s, f] : {std::pair{"2026-11-23T14:07:48Z", "2026-11-23T14:07:56Z"},
                               std::pair{"2026-11-23T14:08:10Z", "2026-11-23T14:08:40Z"},
                               std::pair{"2026-11-23T14:07:56Z", "2026-11-23T14:07:59Z"}}) {
        run_record r;
        r.host.started_at = s;
        r.host.finished_at = f;
        p.runs.push_back(r);
    }
    const auto span = whole_run_span(p);
    EXPECT_EQ(span.started_at, "2026-11-23T14:07:48Z");
    EXPECT_EQ(span.finished_at, "2026-11-23T14:08:40Z");
    EXPECT_EQ(span.processes, 3u);
    EXPECT_EQ(whole_run_span(profile{}).started_at, "");
}

} // namespace
} // namespace grp::html
