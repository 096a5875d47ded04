#include "grp/model/history/timeline.hpp"

#include "grp/model/compare/side.hpp"
#include "grp/model/stats/stats.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <unordered_map>

namespace grp {

namespace {

/// The order of the sources: by their commit's place on the first-parent line (oldest first;
/// several profiles of one commit by start time), when every source's commit is on it.
std::vector<std::size_t> order_of(const std::vector<timeline_place>& places,
                                  const std::optional<std::vector<std::string>>& first_parent,
                                  const std::string& ref_name, timeline& t) {
    std::vector<std::size_t> idx(places.size());
    std::iota(idx.begin(), idx.end(), 0);
    std::unordered_map<std::string, std::size_t> age; // 0 = oldest
    if (first_parent) {
        for (std::size_t i = 0; i < first_parent->size(); ++i) {
            age.emplace((*first_parent)[first_parent->size() - 1 - i], i);
        }
    }
    const auto off_line =
        static_cast<std::size_t>(std::count_if(places.begin(), places.end(), [&](const auto& p) {
            return p.commit.empty() || !age.count(p.commit);
        }));
    const bool by_graph = first_parent && off_line == 0 && !places.empty();
    if (by_graph) {
        t.ordering = "by commit: the first-parent line of " + ref_name;
        std::stable_sort(idx.begin(), idx.end(), [&](std::size_t a, std::size_t b) {
            const auto ka = age.at(places[a].commit), kb = age.at(places[b].commit);
            return ka != kb ? ka < kb : places[a].started_at < places[b].started_at;
        });
        return idx;
    }
    t.ordering = "by start time";
    if (first_parent && off_line > 0) {
        t.notes.push_back(std::to_string(off_line) + " of " + std::to_string(places.size()) +
                          " profiles carry no commit on the first-parent line of " + ref_name +
                          ": every profile is ordered by its start time instead");
    } else if (!first_parent) {
        t.notes.emplace_back("no repository to order commits by: profiles ordered by start time "
                             "(give --repo DIR to order them by the commit graph)");
    }
    std::stable_sort(idx.begin(), idx.end(), [&](std::size_t a, std::size_t b) {
        return places[a].started_at < places[b].started_at;
    });
    return idx;
}

/// The series of (device, key), created on first use.
history_series& series_for(timeline& t, std::map<std::string, std::size_t>& index,
                           const device_key& dev, const case_key& key) {
    const auto name = dev.text() + "\n" + key.to_string();
    auto [it, added] = index.emplace(name, t.series.size());
    if (added) {
        t.series.push_back({dev, key, {}, {}});
    }
    return t.series[it->second];
}

/// The point of case `c`, or the event that keeps it out of its series.
void add_case(const profile& p, const case_result& c, std::size_t place, bool dirty,
              history_series& s) {
    if (c.status != case_status::ok) {
        s.events.push_back({place, to_string(c.status), c.reason});
        return;
    }
    if (dirty) {
        s.events.push_back({place, "dirty", "measured with uncommitted changes"});
        return;
    }
    std::string why;
    if (auto pt = point_of(p, c, why)) {
        pt->place = place;
        s.points.push_back(*pt);
    } else {
        s.events.push_back({place, why.substr(0, why.find(':')), why.substr(why.find(':') + 2)});
    }
}

} // namespace

std::optional<history_point> point_of(const profile& p, const case_result& c, std::string& why) {
    const auto side = rounds_of(p, c, compare_options{});
    if (side.rounds == 0) {
        why = std::string(side.disturbed > 0 ? "disturbed" : "unmeasured") + ": " +
              (side.problem.empty() ? std::string("no usable rounds") : side.problem);
        return std::nullopt;
    }
    std::vector<double> means, all;
    for (const auto& run : side.runs) {
        means.push_back(mean_of(run));
        all.insert(all.end(), run.begin(), run.end());
    }
    history_point pt{0, mean_of(means), 0, side.runs.size(), side.rounds};
    if (means.size() >= 2) {
        pt.se = stddev(means) / std::sqrt(static_cast<double>(means.size()));
    } else if (all.size() >= 2) {
        pt.se = stddev(all) / std::sqrt(static_cast<double>(all.size()));
    }
    return pt;
}

std::string history_series::name() const {
    return key.to_string() + " on " + device.model;
}

std::string commit_of(const profile& p) {
    std::string commit;
    for (const auto& r : p.runs) {
        if (!r.revision || (!commit.empty() && commit != r.revision->commit)) {
            return "";
        }
        commit = r.revision->commit;
    }
    return commit;
}

timeline build_timeline(const std::vector<history_source>& sources,
                        const std::optional<std::vector<std::string>>& first_parent,
                        const std::string& ref_name) {
    timeline t;
    std::vector<timeline_place> places;
    for (const auto& s : sources) {
        const bool dirty = std::any_of(s.prof.runs.begin(), s.prof.runs.end(), [](const auto& r) {
            return r.revision && r.revision->dirty;
        });
        places.push_back({s.name, commit_of(s.prof), s.prof.host.started_at, dirty});
    }
    const auto order = order_of(places, first_parent, ref_name, t);
    std::map<std::string, std::size_t> index;
    for (const auto i : order) {
        const auto place = t.places.size();
        t.places.push_back(places[i]);
        const auto& p = sources[i].prof;
        for (const auto& c : p.cases) {
            if (!c.scenario.empty() || c.device < 0 ||
                static_cast<std::size_t>(c.device) >= p.devices.size()) {
                continue; // scenarios are not timed series
            }
            if (c.status == case_status::skipped) {
                continue; // the device cannot run it: not a result, so no event either
            }
            const auto dev = device_key_of(p.devices[static_cast<std::size_t>(c.device)].info);
            add_case(p, c, place, places[i].dirty, series_for(t, index, dev, c.key));
        }
    }
    return t;
}

} // namespace grp
