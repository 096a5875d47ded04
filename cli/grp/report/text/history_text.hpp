// The words of `history`, shared by the console and markdown printers: a finding's headline
// ("FAIL step +10.2 % [+9.1 %, +11.3 %] reduce3 (float, n=2^20, local 256) on NVIDIA H100"), the
// commit range to bisect, the census ("judged 10 of 12 series; 1 too short; 1 too noisy to see
// ±5 %") and what the input lacked. Text only: each printer escapes for its output.
#pragma once

#include "grp/model/history/findings.hpp"

#include <string>
#include <vector>

namespace grp {

/// "+10.2 % [+9.1 %, +11.3 %]" (a status finding has no numbers: "").
std::string change_words(const history_finding& f);

/// "FAIL step +10.2 % [...] <case> on <device>"; "WAIVED " when a waiver covers it, "     " when
/// it does not fail.
std::string finding_headline(const history_result& r, const history_finding& f);

/// "last good 1a2b3c4d5e6f (a.json), first bad 9f8e7d6c5b4a (b.json): git bisect ..."; places
/// without commits are named by file and start time.
std::string finding_range(const history_result& r, const history_finding& f);

/// The `bisect` command that names the first bad commit of a step (or break) found between two
/// commits: --good, --bad, the case's -n, -l and -t, and --case with its key (quoted for a
/// POSIX shell); "-k SPEC" stands for the spec, whose path in the repository a profile does not
/// hold. Empty for a drift, or where either end has no commit.
std::string bisect_command(const history_result& r, const history_finding& f);

/// The `--waivers` entry that accepts a failing step or drift which later profiles inherit (its
/// first bad point is not its series' latest, so every later commit's history fails on it):
/// {"case": KEY, "device": "*MODEL*", "commit": FIRST-BAD, "reason": "WHY", "expires":
/// "YYYY-MM-DD"}, one JSON line whose reason and date the reviewer writes. Empty for a finding
/// that does not fail, one the latest point introduced, a status change (a wrong result is never
/// waived) or one without a commit (a waiver needs one).
std::string waiver_hint(const history_result& r, const history_finding& f);

/// The verdict in compare's vocabulary, matching history's exit status: "FAIL" (a failing
/// finding or an expired waiver, exit 1), "UNDECIDED" (no series judged, exit 8), else "PASS".
std::string history_verdict(const history_result& r);

/// "judged J of N series; K too short (fewer than M points); L too noisy to see ±T %".
std::string census_line(const history_result& r, const history_options& opt);

/// One line per kind of event, with how many and the first place it happened.
std::vector<std::string> event_lines(const history_result& r);

/// "12 profiles, 9 series, ordered by ...".
std::string input_line(const history_result& r, std::size_t skipped);

/// A commit shortened for reading (12 hex digits), or "" unchanged.
std::string short_commit(const std::string& commit);

} // namespace grp
