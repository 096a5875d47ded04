// The cause of a timed `slower` verdict (#68), from check profiles of the same kernels: the work
// gate's own verdict on the two sides' counts and access (work_gate.hpp: compare_work_case) says
// more-work or worse-access; with neither, what made the candidate slower is on the device's side
// (the compiled code, occupancy, caches, clocks: what the simulator does not see), and the facts
// recorded beside the timing that differ between the two sides (device conditions, device,
// driver, host, an outlier card of a fleet) are named. A timed case that no check case covers is
// `unknown`, never a guess. An explanation only: no verdict or exit status depends on it. Pure.
#pragma once

#include "grp/model/compare/work_gate.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace grp {

enum class cause_class {
    more_work,    ///< the candidate's counts grew past the work threshold
    worse_access, ///< counts within it (or fewer), an access metric worse past its threshold
    device_side,  ///< neither: same work and access as far as the simulator can tell
    unknown,      ///< no check case covers the timed case, or the check case did not run clean
};
/// "more-work", "worse-access", "device-side", "unknown".
std::string to_string(cause_class c);

struct slow_cause {
    cause_class kind = cause_class::unknown;
    /// more-work: the counts that grew; worse-access: the metrics that worsened; device-side: the
    /// work gate's verdict (same-work, less-work, better-access); unknown: why.
    std::string detail;
    /// device-side: each recorded fact that differs between the timed sides, "name: A -> B".
    std::vector<std::string> facts;
    /// device-side in a duet: both kernels were timed in the same rounds of one invocation, so
    /// no condition can differ between them.
    bool same_rounds = false;
    /// The size the check cases counted at when it is not the timed case's (0: the same).
    std::uint64_t counted_n = 0;
};

/// Which check profiles the causes came from, for the output to name.
struct cause_sources {
    std::string base, cand;    ///< the files ("" for a side without one)
    bool found_beside = false; ///< found by the naming convention, not given with --work
};

/// The cause of one slower case from the work gate's verdict `w` on its check cases, judged at
/// `threshold` (a fraction: the counts past it are named); `facts` are kept for device-side only.
slow_cause classify_slow_cause(const work_case& w, double threshold,
                               std::vector<std::string> facts);

/// One line: "more-work: instructions +12.5%", "worse-access: global 32 B sectors 523 -> 4184
/// (+700.0%)", "same work and access: device-side; differs: ...", "cause unknown: ...".
std::string cause_text(const slow_cause& c);

} // namespace grp
