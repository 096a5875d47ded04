#include "grp/run/runner.hpp"

#include "grp/core/sha256.hpp"
#include "grp/core/version.hpp"
#include "grp/ocl/enumerate.hpp"
#include "grp/run/case_runner.hpp"
#include "grp/run/layout_check.hpp"
#include "grp/run/peak.hpp"
#include "grp/run/scenarios.hpp"

#include <algorithm>
#include <ctime>
#include <sys/utsname.h>
#include <unistd.h>

namespace grp::run {

namespace {

nlohmann::ordered_json settings_json(const run_options& o) {
    nlohmann::ordered_json types = nlohmann::ordered_json::array();
    for (auto t : o.sweep.types) {
        types.push_back(to_string(t));
    }
    nlohmann::ordered_json layouts = nlohmann::ordered_json::array();
    for (auto l : o.sweep.layouts) {
        layouts.push_back(to_string(l));
    }
    return {{"local_sizes", o.sweep.local_sizes},
            {"sizes", o.sweep.sizes},
            {"types", types},
            {"layouts", layouts},
            {"order", to_string(o.sweep.order)},
            {"seed", o.sweep.seed},
            {"warmup", o.measure.warmup},
            {"min_samples", o.measure.min_samples},
            {"max_samples", o.measure.max_samples},
            {"max_noise", o.measure.max_noise},
            {"max_time_s", o.measure.max_time_s},
            {"keep_going", o.keep_going},
            {"cl_options", o.cl_options},
            {"scenarios", o.scenarios}};
}

void record_kernels(profile& p, const std::vector<kernel_spec>& kernels) {
    for (const auto& k : kernels) {
        p.kernels.push_back({k.name, k.entry, k.source_path, sha256_hex(k.source_text), k.raw});
    }
}

// The peak is read at the size of the largest input of the sweep (at least the device's default
// size), unless --peak-bytes says otherwise: bandwidth depends on the transfer size.
std::uint64_t peak_bytes(const run_options& opt, const std::vector<sweep_point>& points,
                         const device_info& dev) {
    if (opt.peak_bytes != 0) {
        return opt.peak_bytes;
    }
    std::uint64_t bytes = default_size(dev, 4) * 4;
    for (const auto& pt : points) {
        bytes = std::max<std::uint64_t>(bytes, pt.n * record_bytes(pt.layout, pt.type));
    }
    return bytes;
}

void run_device(const run_options& opt, const ocl::device_handle& h, int device_index, profile& p,
                const progress_sink& progress) {
    ocl::session s(h);
    profile_device pd;
    pd.info = h.info;
    auto points = plan_sweep(opt.kernels, opt.sweep, h.info);
    if (progress.device_started) {
        progress.device_started(h.info, points.size());
    }
    if (opt.measure_peak) {
        pd.peak = measure_peak(s, opt.measure, peak_bytes(opt, points, h.info));
        if (progress.peak_measured) {
            progress.peak_measured(h.info, *pd.peak);
        }
    }
    p.devices.push_back(pd);
    bool any_layout = std::any_of(points.begin(), points.end(), [](const sweep_point& pt) {
        return pt.layout != data_layout::flat;
    });
    if (any_layout) {
        p.scenarios["layouts"]["record_sizes"][std::to_string(device_index)] =
            check_layout_sizes(s);
    }
    // Keep a quarter of the device's memory for cached inputs.
    device_data_cache data(s, opt.sweep.seed, h.info.global_mem_bytes.value_or(1ULL << 30) / 4);
    case_context ctx{s,
                     data,
                     opt.measure,
                     device_index,
                     pd.peak ? pd.peak->read_gbps : 0.0,
                     value_kind::random,
                     opt.cl_options};
    for (std::size_t i = 0; i < points.size() && !interrupted(); ++i) {
        const auto& pt = points[i];
        const auto& k = opt.kernels[pt.kernel];
        if (progress.case_started) {
            progress.case_started(
                i, points.size(),
                {k.name, to_string(pt.type), to_string(pt.layout), pt.n, pt.local_size});
        }
        case_result r;
        try {
            r = run_case(ctx, k, pt);
        } catch (const kernel_build_error& e) {
            // Ctrl-C during a build: LLVM's signal handler (inside PoCL) deletes the compiler's
            // temporary files, so the build fails. That is the interruption, not a bad kernel.
            if (interrupted()) {
                break;
            }
            if (!opt.keep_going) {
                throw;
            }
            r.key = {k.name, to_string(pt.type), to_string(pt.layout), pt.n, pt.local_size};
            r.device = device_index;
            r.status = case_status::failed;
            r.reason = std::string(e.what()) + "\n" + e.log();
            r.build_options = e.options();
        }
        // Cut off mid-case (no samples, or an OpenCL error the signal caused): not a finished
        // case, so it is not recorded.
        if (interrupted() && (r.status == case_status::failed ||
                              (r.status == case_status::ok && r.samples_ns.empty()))) {
            break;
        }
        if (progress.case_finished) {
            progress.case_finished(i, points.size(), r);
        }
        p.cases.push_back(std::move(r));
    }
    for (const auto& name : opt.scenarios) {
        if (!interrupted()) {
            run_scenario(name, s, device_index, opt, p, progress);
        }
    }
}

} // namespace

std::string utc_now() {
    std::time_t t = std::time(nullptr);
    std::tm tm{};
    gmtime_r(&t, &tm);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return buf;
}

void stamp_profile(profile& p, const std::vector<std::string>& argv) {
    p.tool = {tool_name, tool_version, tool_git_sha, argv};
    char host[256] = {};
    gethostname(host, sizeof host - 1);
    p.host.hostname = host;
    utsname u{};
    if (uname(&u) == 0) {
        p.host.os = std::string(u.sysname) + " " + u.release + " " + u.machine;
    }
    p.host.started_at = utc_now();
}

profile run_sweep(const run_options& opt, const progress_sink& progress) {
    profile p;
    p.settings = settings_json(opt);
    record_kernels(p, opt.kernels);
    auto devices = ocl::select(opt.devices);
    for (std::size_t d = 0; d < devices.size() && !interrupted(); ++d) {
        run_device(opt, devices[d], static_cast<int>(d), p, progress);
    }
    p.complete = !interrupted();
    p.host.finished_at = utc_now();
    return p;
}

} // namespace grp::run
