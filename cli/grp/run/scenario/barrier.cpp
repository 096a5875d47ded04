#include "grp/run/scenario/barrier.hpp"

#include "grp/model/host/host_data.hpp"
#include "grp/model/scenario/barrier.hpp"
#include "grp/model/scenario/knee.hpp"
#include "grp/model/scenario/summary.hpp"
#include "grp/model/spec/kernel_catalog.hpp"
#include "grp/model/stats/stats.hpp"
#include "grp/ocl/device_wait.hpp"
#include "grp/run/interrupt.hpp"

#include <algorithm>
#include <climits>
#include <cstring>

namespace grp::run {

namespace {

const char* const barrier_file = "scenario_barrier.cl";

// Work before the write: work-item lid runs lid * spin steps. spin = 4096 / local keeps the
// slowest work-item at about 4096 steps at every local size (microseconds on a GPU, where a
// missing barrier shows as long as the fast work-items read during that time), and the whole
// group's work at 2048 * local steps (a few ms for 1024 on one CPU core).
std::uint32_t spin_for(std::uint64_t local) {
    return static_cast<std::uint32_t>(std::max<std::uint64_t>(1, 4096 / local));
}

struct variant {
    const char* kernel; ///< case key
    const char* options;
    bool with_barrier;
};
const variant variants[] = {{"barrier/with", "-D WITH_BARRIER=1", true},
                            {"barrier/without", "-D WITH_BARRIER=0", false}};

// One launch of run `run`: poisons the output, launches, reads the sum back.
std::int32_t launch_once(ocl::session& s, cl::Kernel& k, cl::Buffer& out, std::uint64_t local,
                         std::uint64_t run, launch_stamps& st) {
    const std::int32_t poison[2] = {INT_MIN, 0};
    s.queue().enqueueWriteBuffer(out, CL_FALSE, 0, sizeof poison, poison);
    ocl::finish_queue(s.queue());
    k.setArg(4, static_cast<cl_int>(barrier_run_offset(run)));
    st = s.time_launch([&] {
        cl::Event e;
        s.queue().enqueueNDRangeKernel(k, cl::NullRange, cl::NDRange(local), cl::NDRange(local),
                                       nullptr, &e);
        return e;
    });
    std::int32_t got = 0;
    s.queue().enqueueReadBuffer(out, CL_FALSE, 0, sizeof got, &got);
    ocl::finish_queue(s.queue());
    return got;
}

case_result run_variant(const scenario_env& env, const variant& v, std::uint64_t local) {
    auto& s = env.session;
    auto r = scenario_case(env, "barrier", make_case_key(v.kernel, "int", "flat", local, local));
    r.build_options = v.options;
    r.passes = {{local, local, local, 1}};
    r.bytes = local * sizeof(std::int32_t);
    r.bytes_counted = "input read once: n x 4 B (int); one group, one launch per run";
    r.extra["spin_steps_per_id"] = spin_for(local);
    barrier_tally tally;
    try {
        cl::Kernel k = s.kernel(builtin_source(barrier_file), v.options, "barrier_reduce");
        auto data = make_host_data(element_type::int32, data_layout::flat, local,
                                   env.opt.sweep.seed, value_kind::random);
        cl::Buffer in(s.context(), CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, data.buffers[0].size(),
                      data.buffers[0].data());
        cl::Buffer out(s.context(), CL_MEM_READ_WRITE, 2 * sizeof(std::int32_t));
        k.setArg(0, in);
        k.setArg(1, out);
        k.setArg(2, cl::Local(local * sizeof(std::int32_t)));
        k.setArg(3, static_cast<cl_uint>(spin_for(local)));
        const auto exact = static_cast<std::int64_t>(data.exact_sum[0]);
        const auto resolution = s.info().timer_resolution_ns.value_or(0);
        for (std::uint64_t run = 0; run < env.opt.barrier_runs && !interrupted(); ++run) {
            launch_stamps st;
            const auto got = launch_once(s, k, out, local, run, st);
            tally.add(got, exact + static_cast<std::int64_t>(local) * barrier_run_offset(run));
            if (run > 0) { // the first launch's time includes one-off costs; its sum still counts
                add_sample(r, st, resolution);
            }
        }
        r.warmup = 1;
        apply_barrier_tally(r, tally, v.with_barrier);
    } catch (const cl::Error& e) {
        r.status = case_status::failed;
        r.reason = ocl::wrap("running " + r.key.to_string(), e).what();
    }
    summarize_samples(r);
    std::vector<double> times(r.samples_ns.begin(), r.samples_ns.end());
    r.noise_target_met = times.size() >= 2 && median_rse(times) <= env.opt.measure.max_noise;
    return r;
}

std::uint64_t max_barrier_local(ocl::session& s) {
    std::uint64_t limit = UINT64_MAX;
    for (const auto& v : variants) {
        cl::Kernel k = s.kernel(builtin_source(barrier_file), v.options, "barrier_reduce");
        limit = std::min<std::uint64_t>(limit,
                                        k.getWorkGroupInfo<CL_KERNEL_WORK_GROUP_SIZE>(s.device()));
    }
    const auto& d = s.info();
    limit = std::min<std::uint64_t>(limit, d.max_work_group_size.value_or(limit));
    if (!d.max_work_item_sizes.empty()) {
        limit = std::min<std::uint64_t>(limit, d.max_work_item_sizes[0]);
    }
    return limit;
}

nlohmann::ordered_json case_summary(const case_result& c) {
    nlohmann::ordered_json j = {{"kernel", c.key.kernel},
                                {"local_size", c.key.local_size},
                                {"status", to_string(c.status)}};
    for (const char* key : {"runs", "wrong_runs", "wrong_fraction", "example_wrong", "expected"}) {
        if (c.extra.contains(key)) {
            j[key] = c.extra[key];
        }
    }
    return j;
}

} // namespace

std::vector<std::uint64_t> barrier_local_sizes(std::uint64_t max_local) {
    std::vector<std::uint64_t> out;
    for (std::uint64_t l : {32, 64, 256, 1024}) {
        if (l <= max_local) {
            out.push_back(l);
        }
    }
    if (out.empty() && max_local > 0) { // a device whose groups hold fewer than 32
        out.push_back(pow2_local_sizes(max_local).back());
    }
    return out;
}

void run_barrier(const scenario_env& env) {
    nlohmann::ordered_json spec = {
        {"description", "one-group __local sum, with and without barriers"}};
    spec["build_options"] = {variants[0].options, variants[1].options};
    record_builtin_kernel(env.prof, "barrier", "barrier_reduce", barrier_file, spec);
    std::uint64_t max_local = 0;
    try {
        max_local = max_barrier_local(env.session);
    } catch (const cl::Error& e) {
        throw ocl::wrap("querying the barrier kernel's work-group limit", e);
    }
    const auto locals = barrier_local_sizes(max_local);
    scenario_progress progress(env.progress, 2 * locals.size());
    nlohmann::ordered_json summaries = nlohmann::ordered_json::array();
    for (auto local : locals) {
        for (const auto& v : variants) {
            if (interrupted()) {
                break;
            }
            progress.started(make_case_key(v.kernel, "int", "flat", local, local));
            auto r = run_variant(env, v, local);
            if (interrupted() && r.extra.value("runs", std::uint64_t{0}) < env.opt.barrier_runs) {
                break; // cut off mid-case: not a finished case
            }
            progress.finished(r);
            summaries.push_back(case_summary(r));
            env.prof.cases.push_back(std::move(r));
        }
    }
    auto& scenario = env.prof.scenarios["barrier"];
    add_device_summary(scenario, env.device_index,
                       {{"runs_per_case", env.opt.barrier_runs},
                        {"max_local_size", max_local},
                        {"cases", summaries}});
}

} // namespace grp::run
