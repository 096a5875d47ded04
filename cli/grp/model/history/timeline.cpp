#include "grp/model/history/timeline.hpp"

#include "grp/core/strings.hpp"
#include "grp/model/compare/side.hpp"
#include "grp/model/stats/stats.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <set>
#include <unordered_map>

namespace grp {

namespace {

/// The order of the sources: by their commit's place on the first-parent line (oldest first;
/// several profiles of one commit by start time). Profiles whose commit is not on the line are
/// set aside, named: mixing them in by time would reorder the series (a backfilled old commit
/// measured last would read as a step back). Only when no profile is on the line does time
/// order them all.
std::vector<std::size_t> order_of(const std::vector<timeline_place>& places,
                                  const std::optional<std::vector<std::string>>& first_parent,
                                  const std::string& ref_name, timeline& t) {
    std::unordered_map<std::string, std::size_t> age; // 0 = oldest
    if (first_parent) {
        for (std::size_t i = 0; i < first_parent->size(); ++i) {
            age.emplace((*first_parent)[first_parent->size() - 1 - i], i);
        }
    }
    std::vector<std::size_t> on, off;
    for (std::size_t i = 0; i < places.size(); ++i) {
        (age.count(places[i].commit) != 0 ? on : off).push_back(i);
    }
    if (!on.empty()) {
        t.ordering = "by commit: the first-parent line of " + ref_name;
        for (const auto i : off) {
            t.set_aside.push_back(
                {places[i].source, places[i].commit.empty()
                                       ? "no commit recorded (or its processes measured several)"
                                       : "commit " + places[i].commit.substr(0, 12) +
                                             " is not on the first-parent line of " + ref_name});
        }
        std::stable_sort(on.begin(), on.end(), [&](std::size_t a, std::size_t b) {
            const auto ka = age.at(places[a].commit), kb = age.at(places[b].commit);
            return ka != kb ? ka < kb : places[a].started_at < places[b].started_at;
        });
        return on;
    }
    t.ordering = "by start time";
    if (first_parent && !places.empty()) {
        t.notes.push_back("no profile carries a commit on the first-parent line of " + ref_name +
                          ": profiles ordered by their start time instead");
    } else if (!first_parent) {
        t.notes.emplace_back("profiles ordered by start time (without a repository, or with "
                             "--by-time; give --repo DIR to order them by the commit graph)");
    }
    std::stable_sort(off.begin(), off.end(), [&](std::size_t a, std::size_t b) {
        return places[a].started_at < places[b].started_at;
    });
    return off;
}

/// The series of (device, key), created on first use.
history_series& series_for(timeline& t, std::map<std::string, std::size_t>& index,
                           const device_key& dev, const case_key& key) {
    const auto name = series_id(dev, key);
    auto [it, added] = index.emplace(name, t.series.size());
    if (added) {
        t.series.push_back({dev, key, {}, {}, std::nullopt});
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

/// A new level where the device's conditions differ from the series' latest: a "conditions"
/// event naming the facts, and the earlier points leave the series. Returns the facts.
std::vector<std::string> follow_conditions(const profile_device& d, std::size_t place,
                                           history_series& s) {
    if (!d.conditions) {
        return {}; // before 2.17: nothing to compare, the level goes on
    }
    std::vector<std::string> facts;
    if (s.conditions) {
        facts = differing_facts(*s.conditions, *d.conditions);
    }
    if (!facts.empty()) {
        s.events.push_back({place, "conditions",
                            joined(facts, "; ") + ": a new level starts here, not a step (" +
                                std::to_string(s.points.size()) +
                                " earlier point(s) of other conditions left out)"});
        s.points.clear();
    }
    s.conditions = d.conditions;
    return facts;
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

std::string series_id(const device_key& device, const case_key& key) {
    return device.text() + "\n" + key.to_string();
}

std::string history_series::name() const {
    return key.to_string() + " on " + device.model;
}

bool shares_runs(const profile& a, const profile& b) {
    return std::any_of(a.runs.begin(), a.runs.end(), [&b](const run_record& x) {
        return !x.id.empty() && std::any_of(b.runs.begin(), b.runs.end(),
                                            [&x](const run_record& y) { return y.id == x.id; });
    });
}

void drop_copies(std::vector<history_source>& sources, std::vector<skipped_source>& skipped) {
    std::unordered_map<std::string, std::string> first_of; // run id -> the source that has it
    std::vector<history_source> kept;
    for (auto& s : sources) {
        std::string copy_of;
        for (const auto& r : s.prof.runs) {
            const auto it = r.id.empty() ? first_of.end() : first_of.find(r.id);
            copy_of = it != first_of.end() ? it->second : copy_of;
        }
        if (!copy_of.empty()) {
            skipped.push_back({s.name, "a copy of " + copy_of + " (the same run ids)"});
            continue;
        }
        for (const auto& r : s.prof.runs) {
            first_of.emplace(r.id, s.name);
        }
        kept.push_back(std::move(s));
    }
    sources = std::move(kept);
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
        places.push_back({s.name, commit_of(s.prof), s.prof.host.started_at, dirty, s.prof.host});
    }
    const auto order = order_of(places, first_parent, ref_name, t);
    if (!t.set_aside.empty()) {
        t.notes.push_back(std::to_string(t.set_aside.size()) + " of " +
                          std::to_string(places.size()) +
                          " profiles are not on the first-parent line of " + ref_name +
                          ": set aside (listed), the others ordered by commit");
    }
    std::map<std::string, std::size_t> index;
    std::set<std::string> changed; // "FILE (DEVICE): facts", once each
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
            const auto& record = p.devices[static_cast<std::size_t>(c.device)];
            auto& s = series_for(t, index, device_key_of(record.info), c.key);
            if (const auto facts = follow_conditions(record, place, s); !facts.empty()) {
                changed.insert(places[i].source + " (" + record.info.name +
                               "): " + joined(facts, "; "));
            }
            add_case(p, c, place, places[i].dirty, s);
        }
    }
    for (const auto& where : changed) {
        t.notes.push_back("conditions changed at " + where +
                          ": its series start a new level there (an event, not a step)");
    }
    return t;
}

} // namespace grp
