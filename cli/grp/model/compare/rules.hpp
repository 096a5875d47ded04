// The rules every kind of comparison shares, whatever produced the interval: how statuses
// decide a case before timing does, how an interval becomes slower/faster/same/inconclusive,
// which outcomes fail under --fail-on, the order of the table, and what a side shows. Used by
// compare_profiles (two profiles) and compare_pair (two kernels of one profile).
#pragma once

#include "grp/model/compare/compare.hpp"
#include "grp/model/compare/side.hpp"

#include <optional>
#include <string>
#include <vector>

namespace grp {

/// "+1.23%" / "-12.3%": two decimals below 10 %, one above.
std::string percent_text(double fraction);

/// A p-value (or any small number) to two significant digits: "0.0031", "99".
std::string p_text(double p);

/// "+4.49% [+1.73%, +9.31%] (99% interval)", or "(99% interval, UNIT)" with a `unit`.
/// Precondition: cc has a ratio and an interval.
std::string interval_text(const case_comparison& cc, double confidence,
                          const std::string& unit = "");

/// What a table shows of one side: status, device, host, source hash, runs, rounds, center.
case_side side_of(const profile& p, const case_result& c, const side_rounds& r);

/// The verdict from the statuses alone (added, not run, missing, wrong, fixed, still wrong),
/// with `note` saying why; empty when both sides have a result and timing decides.
std::optional<verdict> status_verdict(const case_result* b, const case_result* c,
                                      std::string& note);

/// The verdict from cc.ratio and its interval: slower/faster beyond the threshold with the
/// whole interval on one side of 1; same with the whole interval within +-threshold; else
/// inconclusive, with a note giving the interval's width.
void classify(case_comparison& cc, const compare_options& opt);

/// Whether cc counts towards exit 1 under opt.fail_on (raw times of other devices or machines
/// never fail as slower unless allowed).
bool decide_fails(const case_comparison& cc, const compare_options& opt);

/// Worst outcome first, then the largest ratio, then the key.
void sort_worst_first(std::vector<case_comparison>& cases);

/// With opt.correction == holm: two families, the slower claims and the faster claims, each
/// held at family-wise level alpha over the m cases with an interval test, on one-sided
/// p-values (half the two-sided p towards the claim). So an unchanged build fails (slower) at
/// most alpha of the time. With m = 1 nothing changes: the 1 - alpha interval already needs
/// one-sided p < alpha / 2. A slower/faster verdict Holm does not keep becomes inconclusive,
/// with a note giving p and its bar; its fails is recomputed (only --fail-on inconclusive).
void correct_for_multiplicity(std::vector<case_comparison>& cases, const compare_options& opt);

} // namespace grp
