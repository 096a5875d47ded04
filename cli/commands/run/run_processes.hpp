// How many processes a `run` is split over and how far apart its rounds are: a quick look in
// one process by default, three processes with rounds spaced for a timing gate (run --gate).
// The measurement behind the split: identical single-process pairs failed the gate 14 of 90
// times on the H100 and 31 of 90 on a quiet 2-core PoCL VM, 3 processes 0-2 of 90
// (bench/results/h100-gate-power-runs.txt, pocl-gate-power-runs.txt), while the 3 processes
// and the spacing cost the default H100 sweep about 3 s of its 6 (h100-default-wall.txt).
#pragma once

#include "commands/run/run_options.hpp"
#include "grp/parts/partition.hpp"
#include "grp/run/run_options.hpp"

#include <cstddef>
#include <string>

namespace grp::cli {

/// A count of processes or parts, 1 to 100, for `what` (e.g. "--runs"). Throws usage_error.
std::size_t parse_small_count(const std::string& text, const std::string& what);

/// Parses --part "I/K" (1 <= I <= K <= 100), as the parent of --runs passes it to a child.
/// Throws usage_error.
parts::run_part parse_part(const std::string& text);

/// The number of processes: --runs N, or for 'auto' 1 (a quick look) and 3 with --gate or a
/// duet (a process lands at its own level on a GPU and on PoCL alike: identical single-process
/// pairs failed 14 of 90 on the H100 and 31 of 90 on a quiet 2-core PoCL VM, 3 processes 0-2
/// of 90: bench/results/h100-gate-power-runs.txt, pocl-gate-power-runs.txt); 1 for a
/// scenario-only run and for --search halving (usage_error with another explicit count or
/// --gate). Never more than the rounds; --gate with fewer than 2 is a usage_error.
std::size_t planned_runs(const run_cli_options& o, const run::run_options& r);

/// Unless --round-spacing was given: run::gate_round_spacing_s when the rounds are split over
/// several processes (what the gate benchmarks measured), 0 in one (a quick look idles for
/// nothing). A part of --runs passes its K, so every process spaces as its parent planned.
void resolve_round_spacing(const run_cli_options& o, run::run_options& r, std::size_t processes);

} // namespace grp::cli
