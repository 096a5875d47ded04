#include "grp/run/scenario/wg_probe.hpp"

#include "grp/model/scenario/knee.hpp"
#include "grp/model/scenario/summary.hpp"
#include "grp/model/spec/kernel_catalog.hpp"
#include "grp/ocl/device_wait.hpp"
#include "grp/run/interrupt.hpp"

#include <algorithm>
#include <cmath>

namespace grp::run {

namespace {

const char* const wg_file = "scenario_wg_probe.cl";

// The largest local size every limit allows: device, kernel and first work-item dimension,
// rounded down to a power of two.
std::uint64_t max_probe_local(ocl::session& s, cl::Kernel& k) {
    std::uint64_t limit = k.getWorkGroupInfo<CL_KERNEL_WORK_GROUP_SIZE>(s.device());
    const auto& d = s.info();
    limit = std::min<std::uint64_t>(limit, d.max_work_group_size.value_or(limit));
    if (!d.max_work_item_sizes.empty()) {
        limit = std::min<std::uint64_t>(limit, d.max_work_item_sizes[0]);
    }
    auto sizes = pow2_local_sizes(limit);
    return sizes.empty() ? 1 : sizes.back();
}

// Every output must be a finite value in (-1, 3] (see the kernel's comment on bounds): a
// cheap check that each work-item ran its chain and wrote its slot.
std::string check_outputs(ocl::session& s, const cl::Buffer& out, std::uint64_t n) {
    std::vector<float> host(n);
    s.queue().enqueueReadBuffer(out, CL_FALSE, 0, n * sizeof(float), host.data());
    ocl::finish_queue(s.queue());
    for (std::uint64_t i = 0; i < n; ++i) {
        if (!std::isfinite(host[i]) || host[i] <= -1.0f || host[i] > 3.0f) {
            return "work-item " + std::to_string(i) + " wrote " + std::to_string(host[i]) +
                   ", outside (-1, 3]: the chain did not run as written";
        }
    }
    return "";
}

case_result probe_one(const scenario_env& env, cl::Kernel& k, cl::Buffer& out, std::uint64_t n,
                      std::uint64_t local) {
    auto r = scenario_case(env, "wg-probe", make_case_key("wg-probe", "float", "flat", n, local));
    r.passes = {{n, n, local, n / local}};
    r.bytes = n * sizeof(float);
    r.bytes_counted = "one float written per work-item; the chain itself touches no memory";
    auto launch = [&] {
        cl::Event e;
        env.session.queue().enqueueNDRangeKernel(k, cl::NullRange, cl::NDRange(n),
                                                 cl::NDRange(local), nullptr, &e);
        return e;
    };
    try {
        const float poison = -7.0f; // outside the kernel's range: an unwritten slot fails
        env.session.queue().enqueueFillBuffer(out, poison, 0, n * sizeof(float));
        launch();
        ocl::finish_queue(env.session.queue());
        if (auto why = check_outputs(env.session, out, n); !why.empty()) {
            r.status = case_status::wrong;
            r.reason = why;
        }
        sample_launches(env.session, env.opt.measure, launch, r);
    } catch (const cl::Error& e) {
        r.status = case_status::failed;
        r.reason = ocl::wrap("running " + r.key.to_string(), e).what();
    }
    summarize_samples(r);
    return r;
}

nlohmann::ordered_json probe_summary(const std::vector<case_result>& cases, const knee_result& knee,
                                     const device_info& d, std::uint64_t n, std::uint64_t chain,
                                     std::uint64_t max_local) {
    nlohmann::ordered_json table = nlohmann::ordered_json::array();
    for (std::size_t i = 0; i < cases.size(); ++i) {
        const auto& c = cases[i];
        table.push_back({{"local_size", c.key.local_size},
                         {"items_per_s",
                          c.elements_per_s ? nlohmann::ordered_json(*c.elements_per_s) : nullptr},
                         {"speedup_vs_previous",
                          knee.speedups[i] ? nlohmann::ordered_json(*knee.speedups[i]) : nullptr},
                         {"status", to_string(c.status)}});
    }
    auto opt = [](const auto& v) {
        return v ? nlohmann::ordered_json(*v) : nlohmann::ordered_json(nullptr);
    };
    return {{"knee", opt(knee.knee)},
            {"knee_is_lower_bound", knee.lower_bound},
            {"preferred_work_group_multiple", opt(d.preferred_work_group_multiple)},
            {"work_items", n},
            {"chain_length", chain},
            {"max_local_size", max_local},
            {"table", table}};
}

// Runs every local size in turn; `points` gets each one's throughput (0 when not ok).
std::vector<case_result> probe_sizes(const scenario_env& env, cl::Kernel& k, cl::Buffer& out,
                                     std::uint64_t n, const std::vector<std::uint64_t>& locals,
                                     std::vector<wg_point>& points) {
    scenario_progress progress(env.progress, locals.size());
    std::vector<case_result> cases;
    for (auto local : locals) {
        if (interrupted()) {
            break;
        }
        progress.started(make_case_key("wg-probe", "float", "flat", n, local));
        auto r = probe_one(env, k, out, n, local);
        if (interrupted() && r.samples_ns.empty()) {
            break; // cut off mid-case: not a finished case
        }
        const double rate = r.status == case_status::ok ? r.elements_per_s.value_or(0) : 0;
        points.push_back({local, rate});
        r.extra["items_per_s"] =
            r.elements_per_s ? nlohmann::ordered_json(*r.elements_per_s) : nullptr;
        const auto speedup = find_knee(points).speedups.back();
        r.extra["speedup_vs_previous"] = speedup ? nlohmann::ordered_json(*speedup) : nullptr;
        progress.finished(r);
        cases.push_back(std::move(r));
    }
    return cases;
}

} // namespace

void run_wg_probe(const scenario_env& env) {
    auto& s = env.session;
    const auto& d = s.info();
    const bool cpu = d.type.find("cpu") != std::string::npos;
    const wg_probe_size size = cpu ? wg_probe_cpu : wg_probe_gpu;
    record_builtin_kernel(env.prof, "wg-probe", "wg_probe", wg_file,
                          {{"description", "compute-bound chain (sin, division) per work-item"}});
    cl::Kernel k = s.kernel(builtin_source(wg_file), "", "wg_probe");
    const std::uint64_t max_local = max_probe_local(s, k);
    const std::uint64_t n =
        wg_probe_work_items(d.compute_units.value_or(1), size.items_per_cu, max_local);
    const auto locals = pow2_local_sizes(max_local);
    cl::Buffer out;
    try {
        out = cl::Buffer(s.context(), CL_MEM_WRITE_ONLY, n * sizeof(float));
        k.setArg(0, out);
        k.setArg(1, static_cast<cl_uint>(size.chain));
    } catch (const cl::Error& e) {
        throw ocl::wrap("preparing the wg-probe kernel on '" + d.name + "'", e);
    }
    std::vector<wg_point> points;
    auto cases = probe_sizes(env, k, out, n, locals, points);
    const auto knee = find_knee(points);
    auto& scenario = env.prof.scenarios["wg-probe"];
    add_device_summary(scenario, env.device_index,
                       probe_summary(cases, knee, d, n, size.chain, max_local));
    scenario["rule"] = knee_rule_text();
    if (knee.knee && !knee.lower_bound) {
        env.prof.devices.at(static_cast<std::size_t>(env.device_index)).simd_width_estimate =
            knee.knee;
    }
    for (auto& c : cases) {
        env.prof.cases.push_back(std::move(c));
    }
}

} // namespace grp::run
