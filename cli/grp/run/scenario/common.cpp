
#include "grp/run/scenario/common.hpp"

#include "grp/core/sha256.hpp"
#include "grp/model/spec/kernel_catalog.hpp"
#include "grp/model/stats/stats.hpp"
#include "grp/ocl/device_wait.hpp"
#include "grp/run/group_pipeline.hpp"

#include <algorithm>
#include <chrono>

namespace grp::run {

case_result scenario_case(const scenario_env& env, const std::string& scenario, case_key key) {
    case_result r;
    r.key = std::move(key);
    r.device = env.device_index;
    r.scenario = scenario;
    return r;
}

case_result measure_one(const scenario_env& env, const kernel_spec& spec, const sweep_point& pt,
                        const data_choice& data) {
    const std::size_t before = env.prof.cases.size();
    measure_points(env.session, env.device_index, env.opt, {{&spec, pt}}, data, env.prof, {});
    case_result r = env.prof.cases.at(before);
    env.prof.cases.resize(before);
    return r;
}

void record_builtin_kernel(profile& p, const std::string& name, const std::string& entry,
                           const std::string& file, nlohmann::ordered_json spec) {
    for (const auto& k : p.kernels) {
        if (k.name == name) {
            return;
        }
    }
    p.kernels.push_back(
        {name, entry, "builtin:" + file, sha256_hex(builtin_source(file)), std::move(spec)});
}

void scenario_progress::started(const case_key& k) const {
    if (m_sink.case_started) {
        m_sink.case_started(m_index, m_total, k);
    }
}

void scenario_progress::finished(const case_result& r) {
    if (m_sink.case_finished) {
        m_sink.case_finished(m_index, m_total, r);
    }
    ++m_index;
}

void add_sample(case_result& r, const launch_stamps& st, std::uint64_t timer_resolution_ns) {
    if (r.rounds.empty()) {
        r.rounds.emplace_back();
        r.rounds_planned = 1;
    }
    auto& round = r.rounds.back();
    if (auto flag = check_stamps(st, timer_resolution_ns); !flag.empty()) {
        ++round.flagged;
        if (std::find(r.flags.begin(), r.flags.end(), flag) == r.flags.end()) {
            r.flags.push_back(flag);
        }
        return;
    }
    round.samples_ns.push_back(st.end - st.start);
    round.overhead_ns.push_back(st.start - st.queued);
    r.samples_ns.push_back(st.end - st.start);
}

void sample_launches(ocl::session& s, const measure_options& per_round,
                     const std::function<cl::Event()>& launch, case_result& r) {
    // One burst stands for the case: the sweep's samples of all rounds, at least 10.
    measure_options m = per_round;
    m.min_samples = std::max<std::uint64_t>(10, per_round.min_samples * per_round.rounds);
    m.max_samples = std::max(m.min_samples, per_round.max_samples * per_round.rounds);
    const auto resolution = s.info().timer_resolution_ns.value_or(0);
    for (std::uint64_t i = 0; i < m.warmup && !interrupted(); ++i) {
        const auto e = launch();
        s.queue().flush();
        ocl::wait_for(e);
    }
    r.warmup = m.warmup;
    if (r.rounds.empty()) {
        r.rounds.emplace_back();
        r.rounds_planned = 1;
    }
    r.rounds.back().warmup = m.warmup;
    r.timing = "kernel";
    const auto start = std::chrono::steady_clock::now();
    std::vector<double> samples;
    while (!interrupted()) {
        const auto st = s.time_launch(launch);
        const auto before = r.samples_ns.size();
        add_sample(r, st, resolution);
        if (r.samples_ns.size() > before) {
            samples.push_back(static_cast<double>(r.samples_ns.back()));
        }
        const double elapsed =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        if (r.samples_ns.size() + r.rounds.back().flagged >= m.max_samples) {
            break;
        }
        if (samples.size() >= m.min_samples &&
            (median_rse(samples) <= m.max_noise || elapsed >= m.max_time_s)) {
            break;
        }
    }
    r.noise_target_met = samples.size() >= 2 && median_rse(samples) <= m.max_noise;
}

void summarize_samples(case_result& r) {
    r.derive_from_rounds();
    if (!r.summary) {
        return;
    }
    if (r.summary->median_ns > 0) {
        r.elements_per_s = static_cast<double>(r.key.n) / r.summary->median_ns * 1e9;
    }
}

} // namespace grp::run
