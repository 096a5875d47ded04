// Fuzzes a sequential duet's record of its looks (settings.sequential, model/compare/
// sequential_design.hpp), the one part of a profile that changes the level compare judges at.
// The input is the record's JSON, then a NUL and the run's --budget as its argv gave it; both go
// into a duet profile of 5 processes that measured and a sixth cut short as it started (a run
// without rounds, issue #70), written out and read back through the loader. Oracles besides the
// sanitizers: validate's checker and the reader accept the same files; an accepted record's last
// look is at most the processes that measured and its alpha within compare's --alpha range; and
// a case the record judges decided (slower, faster, same) is decided alike by the fixed design:
// a record, forged or not, can only withhold a verdict, never make one.
#include "fuzz_common.hpp"
#include "grp/model/compare/pair.hpp"
#include "grp/model/compare/sequential_design.hpp"
#include "grp/model/profile/schema_check.hpp"
#include "grp/model/spec/duet.hpp"

#include <cstdio>
#include <cstdlib>

namespace {

// A duet of old and new at two sizes: 5 processes of 6 rounds whose candidate runs at slightly
// different levels (some cases decide at 99 %, some do not), then a run without rounds.
const grp::profile& base_profile() {
    static const grp::profile p = [] {
        grp::profile d;
        d.devices.emplace_back();
        d.runs.resize(6);
        for (std::size_t r = 0; r < d.runs.size(); ++r) {
            d.runs[r].id = "run" + std::to_string(r);
        }
        d.settings["duet"] = grp::duet_to_json("base.json", {{"old", "new", ""}});
        const double ratios[2][5] = {{1.04, 1.16, 1.10, 1.07, 1.13}, {1.0, 1.01, 0.99, 1.0, 1.0}};
        for (int size = 0; size < 2; ++size) {
            for (const std::string kernel : {"old", "new"}) {
                grp::case_result c;
                c.key = grp::make_case_key(kernel, "float", "flat", 1024U << size, 64);
                for (std::uint32_t run = 0; run < 5; ++run) {
                    for (int i = 0; i < 6; ++i) {
                        grp::round_record r;
                        r.run = run;
                        const double level = 10000.0 * (kernel == "new" ? ratios[size][run] : 1.0) *
                                             (1.0 + (i % 3 - 1) / 500.0);
                        r.samples_ns = {static_cast<std::uint64_t>(level)};
                        c.rounds.push_back(r);
                    }
                }
                c.derive_from_rounds();
                c.status = grp::case_status::ok;
                d.cases.push_back(c);
            }
        }
        return d;
    }();
    return p;
}

[[noreturn]] void fail(const char* what) {
    std::fprintf(stderr, "fuzz_sequential: %s\n", what);
    std::abort();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const auto [record, budget] = grp::fuzz::split_at_nul(grp::fuzz::text_of(data, size));
    const auto doc = nlohmann::ordered_json::parse(record, nullptr, false);
    if (doc.is_discarded()) {
        return 0;
    }
    grp::profile p = base_profile();
    p.settings["sequential"] = doc;
    p.tool.argv = {"gpu-reduce-prof", "run",       "-k",       "new",
                   "--duet",          "base.json", "--budget", budget};
    const std::string text = grp::profile_text(p);
    const bool valid = grp::check_profile_text(text, "p.json").ok();
    const auto loaded = grp::fuzz::load(text, "p.json");
    if (valid != loaded.has_value()) {
        fail("validate and the reader disagree on a sequential record");
    }
    if (!loaded) {
        return 0;
    }
    const auto d = grp::checked_sequential_design(*loaded); // accepted: must not throw now
    if (!d || d->looks.back() > grp::measured_processes(*loaded) || !(d->alpha < 0.5)) {
        fail("an accepted record looks past the processes that measured, or its alpha is wild");
    }
    try {
        grp::profile fixed_profile = *loaded;
        fixed_profile.settings.erase("sequential");
        const auto fixed = grp::compare_pair(fixed_profile, {"old", "new"}, {}, "p.json");
        const auto looked = grp::compare_pair(*loaded, {"old", "new"}, {}, "p.json");
        for (const auto& c : looked.cases) { // sorted worst first: matched by key
            const bool decided = c.outcome == grp::verdict::slower ||
                                 c.outcome == grp::verdict::faster ||
                                 c.outcome == grp::verdict::same;
            for (const auto& f : fixed.cases) {
                if (decided && f.key == c.key && f.outcome != c.outcome) {
                    fail("a sequential record made a verdict the fixed design does not");
                }
            }
        }
    } catch (const grp::error&) {
    }
    return 0;
}
