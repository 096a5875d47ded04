// `history`'s input laid out in time: each profile (one invocation of `run`) is a place on the
// timeline, ordered by the commit graph when the profiles carry commits of one repository's
// first-parent line, by their start time otherwise; and one series per (device key, case key,
// cache state) holds a point per place where that case was measured and verified, and an event
// where it was not (wrong, unsafe, failed, every round disturbed, a dirty tree): such results
// never enter a series silently. Where a device's conditions change (another power limit,
// governor, ...: device_conditions.hpp), its series start a new level, said in an event and a
// note.
#pragma once

#include "grp/model/history/device_key.hpp"
#include "grp/model/profile/case_key.hpp"
#include "grp/model/profile/profile.hpp"

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace grp {

/// One profile read for history, named as the user will recognise it (a path, or REF:PATH).
struct history_source {
    std::string name;
    profile prof;
};

/// A file that is not a usable profile: named and skipped, never fatal, never silent.
struct skipped_source {
    std::string name, why;
};

/// A place on the timeline: one invocation.
struct timeline_place {
    std::string source;     ///< the file
    std::string commit;     ///< the runs' common revision ("" when absent or mixed)
    std::string started_at; ///< ISO 8601 UTC
    bool dirty = false;     ///< measured on a tree with uncommitted changes
    host_info host;         ///< where it ran (compare --history tells machines apart by it)
};

struct history_point {
    std::size_t place = 0; ///< index into timeline::places
    double value = 0;      ///< ln of the case's time in ns: the mean over its processes
    double se = 0;         ///< its standard error (between processes; rounds when there is one)
    std::size_t processes = 0, rounds = 0;
};

struct history_event {
    std::size_t place = 0;
    /// "wrong", "unsafe", "implausible", "failed", "skipped", "disturbed", "dirty",
    /// "conditions" (a new level starts here: history_series::conditions)
    std::string what;
    std::string detail; ///< the case's reason, in its words
};

struct history_series {
    device_key device;
    case_key key;                      ///< its cache state is part of it
    std::vector<history_point> points; ///< in timeline order
    std::vector<history_event> events; ///< in timeline order
    /// 2.17: the device conditions of its latest level. Where a profile's conditions differ,
    /// the series starts a new level: a "conditions" event naming the facts, and the earlier
    /// points leave the series (a setting's change is not the code's step). Empty when no
    /// profile of the series recorded conditions.
    std::optional<device_conditions> conditions;
    [[nodiscard]] std::string name() const; ///< "KEY on DEVICE"
};

struct timeline {
    std::vector<timeline_place> places;
    std::vector<history_series> series;
    std::string ordering;           ///< how the places were ordered, in words
    std::vector<std::string> notes; ///< what was done where the input fell short
    /// Profiles left out of a commit-ordered timeline: their commit is not on the line.
    std::vector<skipped_source> set_aside;
};

/// True when `a` and `b` share a run id: one is (a copy of, or merged from) the other, so they
/// are not two invocations.
bool shares_runs(const profile& a, const profile& b);

/// Leaves out every source that shares a run with an earlier one (a copy, a backup folder, a
/// file given twice), naming it in `skipped`: a copy never poses as another invocation.
void drop_copies(std::vector<history_source>& sources, std::vector<skipped_source>& skipped);

/// The commit of `p`: its runs' common revision, "" when none or when they differ.
std::string commit_of(const profile& p);

/// What names a series: its device key and case key (the key of every index of series).
std::string series_id(const device_key& device, const case_key& key);

/// The point case `c` of `p` makes (place 0): the mean over its processes of their mean ln
/// round time (the rounds compare would judge) and its standard error; nullopt with `why`
/// ("disturbed: ..." or "unmeasured: ...") when no round is usable. Status and tree are the
/// caller's to check.
std::optional<history_point> point_of(const profile& p, const case_result& c, std::string& why);

/// Orders `sources` (stable) and builds the series. `first_parent` (newest first, as
/// first_parent_commits gives it) orders by the graph when every source's commit is on it;
/// otherwise by start time, with a note saying why. Check profiles hold no timing: callers skip
/// them. Never throws for a profile's content.
timeline build_timeline(const std::vector<history_source>& sources,
                        const std::optional<std::vector<std::string>>& first_parent,
                        const std::string& ref_name);

} // namespace grp
