#include "grp/run/launch/launch_floor.hpp"

#include "grp/core/error.hpp"
#include "grp/core/text_safe.hpp"
#include "grp/model/measure/timestamps.hpp"
#include "grp/model/spec/kernel_catalog.hpp"
#include "grp/model/stats/stats.hpp"
#include "grp/ocl/device_wait.hpp"
#include "grp/run/phase_clock.hpp"
#include "grp/run/run_options.hpp"

#include <iostream>
#include <vector>

namespace grp::run {

void measure_launch_floor(ocl::session& s, profile_device& dev) {
    const auto resolution = s.info().timer_resolution_ns.value_or(0);
    std::vector<std::uint64_t> spans;
    try {
        auto k = s.kernel(builtin_source("peak.cl"), "", "empty_kernel");
        for (std::uint64_t i = 0; i < floor_warmup_launches + floor_timed_launches; ++i) {
            const auto st = s.time_launch([&] {
                cl::Event e;
                s.queue().enqueueNDRangeKernel(k, cl::NullRange, cl::NDRange(1), cl::NDRange(1),
                                               nullptr, &e);
                return e;
            });
            if (i >= floor_warmup_launches && check_stamps(st, resolution).empty()) {
                spans.push_back(st.end - st.start);
            }
        }
    } catch (const cl::Error& e) {
        throw ocl::wrap("timing the empty kernel (the launch floor) on '" + s.info().name + "'", e);
    } catch (const kernel_build_error& e) {
        // A reference, not a case: a device that cannot build the empty kernel is measured
        // without a floor (launch_floor_ns null), as the peak goes without a roof.
        std::cerr << "note: no launch floor on '" << terminal_escape(s.info().name)
                  << "': the empty kernel did not build (" << terminal_escape(e.what()) << ")\n";
        return;
    }
    if (!spans.empty()) {
        dev.launch_floor_ns = summarize(spans).median_ns;
        dev.launch_floor_launches = spans.size();
    }
}

void device_launch_floor(const run_options& opt, ocl::session& s, phase_clock& phases,
                         profile_device& dev) {
    if (!opt.time_nothing && !opt.once) {
        auto t = phases.time("launch_floor");
        measure_launch_floor(s, dev);
    }
}

} // namespace grp::run
