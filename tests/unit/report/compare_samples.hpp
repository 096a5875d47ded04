// A comparison of a fixture of tests/data/compare against its base.json, for the tests of the
// compare printers (console, markdown, JSON, CSV and the closing lines).
#pragma once

#include "grp/model/compare/compare.hpp"
#include "grp/model/profile/io.hpp"

#include <string>

namespace grp::test {

inline comparison against_base(const std::string& name, compare_options opt = {}) {
    opt.one_run_gates = true; // single-run fixtures: these tests pin the rules on rounds
    auto path = [](const std::string& n) {
        return std::string(GRP_TEST_DATA) + "/compare/" + n + ".json";
    };
    return compare_profiles(load_profile(path("base")), load_profile(path(name)), opt, "base.json",
                            name + ".json");
}

} // namespace grp::test
