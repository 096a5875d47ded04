// How much a round samples, following the launch's length. The rounds carry the statistics
// (compare tests changes against the spread of round medians and run means, not against the
// samples inside a round), so a round needs enough launches to have a steady median, not five
// of a 185 ms launch: on PoCL the default sweep spent 31 s of its 72 s in reduce1's ~70
// launches (bench/results/default-wall.txt). A launch at least `long_launch_s` long has warmed
// its caches and clocks by itself; its round keeps one warm-up launch and needs two samples.
// Shorter launches keep the configured warm-up and minimum. The rule is off (0) when the user
// sets --warmup, --min-samples or --samples: what they ask for is what runs.
#pragma once

#include <cstdint>

namespace grp {

/// The default threshold of a long launch, in seconds.
inline constexpr double default_long_launch_s = 0.02;

/// The fewest samples a round of long launches keeps.
inline constexpr std::uint64_t long_launch_min_samples = 2;

/// Whether the warm-up of a round is over after `done` untimed launches, the last of which took
/// `last_s` seconds (wall time on the host, the launch waited for): at `warmup` launches, or
/// after one launch at least `long_launch_s` long (`long_launch_s` 0: never early).
bool warmup_done(std::uint64_t warmup, std::uint64_t done, double last_s, double long_launch_s);

/// The fewest samples a round keeps when its first sample took `first_s` seconds: `min_samples`,
/// or at most long_launch_min_samples for a long launch (`long_launch_s` 0: always
/// `min_samples`).
std::uint64_t min_samples_for(std::uint64_t min_samples, double first_s, double long_launch_s);

} // namespace grp
