// The parent's side of `run --runs` once a process has ended: its part (the profile it wrote
// into the part folder) read and merged with the finished ones into one profile of several
// runs (model/baseline/merge.cpp), and the sentences the parent says about them: the time the
// processes left should take, and what the run keeps when it stops.
#pragma once

#include "grp/model/profile/profile.hpp"
#include "grp/parts/part_folder.hpp"

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

namespace grp::parts {

/// A finished part and its label ("process 2").
using labelled_part = std::pair<profile, std::string>;

/// One profile of the finished `parts` of `count`: every case keeps the rounds of every
/// process, tagged with its run; settings.rounds and settings.runs say how many there were,
/// tool.argv is `argv` (the invocation's), and fewer parts than `count` mark it incomplete.
/// `warnings` gets merge_profiles' warnings. Throws what merge_profiles throws.
profile merge_parts(const std::vector<labelled_part>& parts, std::size_t count,
                    const std::vector<std::string>& argv, std::vector<std::string>& warnings);

/// Reads process `i`'s part from `folder` and merges it into `p` (merge_parts); returns "" (also
/// when it wrote none) or, when the file is there but cannot be read or merged, a sentence
/// saying why and where it stays (it is never removed). A refused part is not in `parts`.
std::string take_part(const part_folder& folder, std::size_t i, std::size_t count,
                      const std::vector<std::string>& argv, std::vector<labelled_part>& parts,
                      std::vector<std::string>& warnings, profile& p);

/// ", about 9 s to go": `left` processes at the mean wall time of the finished ones (the first
/// also measured the peak and the host baseline, so this errs long); "" before any has one.
std::string time_left(const std::vector<labelled_part>& parts, std::size_t left);

/// What is kept when the run stops after `finished` processes, and the `refused` part's
/// sentence (take_part) when there is one: said in every message that stops the run, so that
/// it is true when nothing finished and when a part was refused.
std::string kept_note(std::size_t finished, const std::string& refused);

} // namespace grp::parts
