// The text the Oclgrind access plugin (cli/oclgrind/access_plugin.cpp) writes after each kernel
// launch, on standard output beside Oclgrind's own instruction-count tables, and its reader:
// one block per launch, one integer sum per line, so `check` receives exact sums and does the
// division itself. Writer and reader live together so the format has one home.
#pragma once

#include "grp/model/access/access_metrics.hpp"

#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace grp {

/// One launch's block as read back: its sums (no histogram) and its locality. Blocks carry no
/// kernel name (Oclgrind's Kernel.h needs LLVM's headers): they pair with the instruction-count
/// tables by launch order, one of each per launch.
struct access_launch {
    access_totals totals; ///< line_touches empty: the block carries distinct_lines instead
    std::uint64_t distinct_lines = 0;
    std::optional<double> line_entropy_bits;
};

/// Writes one launch's block (a blank line first, so that a table before it has ended).
void write_access_block(std::ostream& os, const access_totals& t);

/// The blocks in `text`, in launch order; lines of other tables are skipped. Sets `error` (and
/// returns what was read before) when a block's line cannot be read.
std::vector<access_launch> parse_access_blocks(const std::string& text, std::string& error);

/// The summary of a case made of `launches` (sums added; entropy the mean over launches
/// weighted by their global accesses, absent when any launch lacks it).
access_summary summarise_launches(const std::vector<access_launch>& launches);

} // namespace grp
