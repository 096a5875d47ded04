// Whether a device's profiling timer can be believed, judged against the host's steady clock.
// Per-stamp checks (END before START, durations under the resolution) cannot see a clock that
// runs at the wrong rate or stands still; a probe that brackets two back-to-back launches of a
// kernel of known length with the host clock can. Drivers have been seen to do all of these:
// events ~42x off (Apple), zero stamps, END out of order, no profiling queue at all.
#pragma once

#include "grp/model/measure/timestamps.hpp"

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace grp {

/// trusted: the events agree with the host clock. scaled: they run at another rate (factor).
/// zero: they do not advance. out_of_order: END before START, or a launch STARTs before the
/// previous one of an in-order queue ENDs. host: the device gives no stamps (no profiling queue,
/// or none on its events). unchecked: not probed (profiles before 2.13, or the probe failed).
enum class timer_kind { trusted, scaled, zero, out_of_order, host, unchecked };

struct timer_verdict {
    timer_kind kind = timer_kind::unchecked;
    /// Event span / host bracket of the probe (timer_verdict's judge_timer says which sample's);
    /// empty for host and unchecked.
    std::optional<double> ratio;
    std::string cause; ///< one sentence: what was seen ("" for trusted)

    /// Timing comes from the host clock (each launch bracketed by a wait) instead of events.
    [[nodiscard]] bool host_timing() const {
        return kind != timer_kind::trusted && kind != timer_kind::unchecked;
    }
    /// Timing from this device may decide a comparison (trusted, or unchecked: older profiles).
    [[nodiscard]] bool gateable() const { return !host_timing(); }
};

/// "trusted", "scaled", "zero", "out-of-order", "host", "unchecked".
std::string timer_kind_name(timer_kind k);
/// The verdict in a sentence for consoles: "scaled (events 42.0x the host clock): ...".
std::string describe(const timer_verdict& v);

/// One probe: two launches back to back in an in-order queue, and the host's steady-clock ns
/// from before the first enqueue to after the second finished.
struct timer_probe_sample {
    launch_stamps first, second;
    std::uint64_t host_ns = 0;
};

/// The event span (first START to second END) may exceed the host bracket by at most this
/// factor (the host bracket contains the span; 20 % leaves room for a jittery clock), and may
/// fall below it by at most min_event_share (the probe lasts >= 5 ms, so enqueue and wake-up
/// costs are a small part of the bracket).
inline constexpr double max_event_share = 1.2;
inline constexpr double min_event_share = 0.5;

/// The verdict of a probe's samples (at least one), in the order: zero, out_of_order, scaled
/// (every sample's ratio above max_event_share, or every one below min_event_share: a busy
/// host stretches a bracket now and then, a wrong clock is wrong in all), trusted. The ratio
/// kept is the median, or for trusted the highest (the quietest pair).
timer_verdict judge_timer(const std::vector<timer_probe_sample>& samples);

/// A run's own cross-check: its timed launches' event spans (summed) against the host brackets
/// around them. "scaled" when the events claim more than max_event_share of the host's time
/// (plus 1 ms for the clocks' granularity); empty otherwise. A slow device clock cannot be told
/// from host overhead here: the probe judges that.
std::optional<timer_verdict> judge_rounds(std::uint64_t event_ns, std::uint64_t host_ns);

nlohmann::ordered_json to_json(const timer_verdict& v);
/// Unknown or missing fields read as unchecked.
timer_verdict timer_from_json(const nlohmann::ordered_json& j);

} // namespace grp
