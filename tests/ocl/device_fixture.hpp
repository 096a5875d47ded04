// The OpenCL state the device tests share: a session on the default device (PoCL in CI), a
// profile holding that device, and run options that take one sample in one round, after no
// warm-up, so tests check results, not speed.
#pragma once

#include "grp/ocl/enumerate.hpp"
#include "grp/run/group_pipeline.hpp"
#include "grp/run/interrupt.hpp"

namespace grp::test_support {

struct device_fixture {
    explicit device_fixture(std::uint64_t seed, value_kind values = value_kind::random) {
        opt.sweep.seed = seed;
        opt.measure.rounds = 1;
        opt.measure.warmup = 0;
        opt.measure.min_samples = 1;
        opt.measure.max_samples = 1;
        opt.measure.round_spacing_s = 0;
        opt.measure.extra_rounds = 0; // a loaded CI runner must not add rounds
        data.kind = values;
        profile_device d;
        d.info = session.info();
        prof.devices.push_back(d);
    }

    /// Measures one point (build, verify, one round) and returns its case.
    case_result run(const kernel_spec& k, const sweep_point& pt) {
        prof.cases.clear();
        run::measure_points(session, 0, opt, {{&k, pt}}, data, prof, {});
        return prof.cases.at(0);
    }

    ocl::session session{ocl::select({}).front()};
    run::run_options opt;
    data_choice data;
    profile prof;
};

} // namespace grp::test_support
