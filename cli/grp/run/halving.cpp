#include "grp/run/halving.hpp"

#include "grp/run/interrupt.hpp"

#include <algorithm>
#include <limits>
#include <map>
#include <tuple>

namespace grp::run {

measure_options rung_measure(const measure_options& full, std::size_t rung, std::size_t rungs,
                             std::uint64_t eta) {
    measure_options m = full;
    for (std::size_t r = rung + 1; r < rungs; ++r) {
        m.rounds = std::max<std::uint64_t>(1, m.rounds / eta);
        m.max_time_s /= static_cast<double>(eta);
        m.extra_rounds = 0;
    }
    return m;
}

std::size_t halving_rungs(std::size_t configs, std::uint64_t eta) {
    std::size_t rungs = 1;
    for (std::size_t n = configs; n > 1; n = (n + eta - 1) / eta) {
        ++rungs;
    }
    return rungs;
}

namespace {

// A verified, timed case of a rung that is not the last: if successive halving drops it here,
// this is how the profile keeps it (a later rung's case replaces it when it goes on).
void mark_screened(case_result& c, std::size_t rung, std::size_t rungs, std::uint64_t rounds) {
    if (c.status != case_status::ok) {
        return; // wrong, failed, skipped: its status says why it went no further
    }
    c.extra["halving_rung"] = rung + 1;
    c.extra["halving_rungs"] = rungs;
    c.notes.push_back("successive halving: measured at rung " + std::to_string(rung + 1) + " of " +
                      std::to_string(rungs) + " (" + std::to_string(rounds) +
                      (rounds == 1 ? " round" : " rounds") +
                      "), slower than the configurations kept for the next");
}

// The runner as successive halving's cost: a rung measures its configurations as one group
// (built, verified, timed in interleaved rounds); the last rung into the profile itself.
class runner_cost : public config_cost {
public:
    runner_cost(ocl::session& s, int device, const run_options& opt,
                const std::vector<measure_point>& space, profile& p, const progress_sink& progress)
        : m_session(s), m_device(device), m_opt(opt), m_space(space), m_profile(p),
          m_progress(progress), m_rungs(halving_rungs(space.size(), opt.search.eta)) {}

    std::vector<double> measure(const std::vector<std::size_t>& configs,
                                std::size_t rung) override {
        const bool last = configs.size() <= 1;
        if (last) {
            m_final = configs;
        }
        run_options o = m_opt;
        o.measure =
            rung_measure(m_opt.measure, last ? m_rungs - 1 : rung, m_rungs, m_opt.search.eta);
        std::vector<measure_point> pts;
        pts.reserve(configs.size());
        for (auto c : configs) {
            pts.push_back(m_space[c]);
        }
        profile scratch = m_profile;
        scratch.cases.clear();
        profile& target = last ? m_profile : scratch;
        const std::size_t first = target.cases.size();
        progress_sink quiet;
        quiet.phase = m_progress.phase;
        if (!interrupted()) {
            measure_points(m_session, m_device, o, pts, o.data, target, last ? m_progress : quiet);
        }
        std::vector<double> costs(configs.size(), std::numeric_limits<double>::infinity());
        for (std::size_t i = 0; i < configs.size() && first + i < target.cases.size(); ++i) {
            auto& c = target.cases[first + i];
            if (c.status == case_status::ok && c.summary) {
                costs[i] = c.summary->median_ns;
            }
            if (!last) {
                mark_screened(c, rung, m_rungs, o.measure.rounds);
                m_left[configs[i]] = c;
            }
        }
        if (!last) {
            add_phases(scratch);
        }
        return costs;
    }

    /// The cases of configurations that did not reach the last rung, appended to the profile.
    void publish_left() {
        for (auto& [config, c] : m_left) {
            if (std::find(m_final.begin(), m_final.end(), config) == m_final.end()) {
                m_profile.cases.push_back(std::move(c));
            }
        }
    }

private:
    void add_phases(const profile& scratch) {
        const auto d = static_cast<std::size_t>(m_device);
        for (const auto& [name, s] : scratch.devices.at(d).phases.seconds) {
            m_profile.devices.at(d).phases.seconds[name] = s;
        }
    }

    ocl::session& m_session;
    int m_device;
    const run_options& m_opt;
    const std::vector<measure_point>& m_space;
    profile& m_profile;
    const progress_sink& m_progress;
    std::size_t m_rungs;
    std::map<std::size_t, case_result> m_left; ///< latest rung's case per configuration
    std::vector<std::size_t> m_final;          ///< measured at the last rung, in the profile
};

} // namespace

void measure_halving(ocl::session& s, int device_index, const run_options& opt,
                     const std::vector<measure_point>& points, profile& p,
                     const progress_sink& progress) {
    using space_key = std::tuple<std::string, element_type, data_layout, std::uint64_t>;
    std::map<space_key, std::vector<measure_point>> spaces;
    for (const auto& pt : points) {
        spaces[{pt.spec->name, pt.point.type, pt.point.layout, pt.point.n}].push_back(pt);
    }
    for (const auto& [key, space] : spaces) {
        if (interrupted()) {
            return;
        }
        runner_cost cost(s, device_index, opt, space, p, progress);
        (void)successive_halving(space.size(), cost, opt.search.eta);
        cost.publish_left();
    }
}

} // namespace grp::run
