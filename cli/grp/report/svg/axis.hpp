// Axis arithmetic for the SVG charts: "nice" linear ticks (1, 2, 2.5, 5 × 10^k), power-of-two
// ticks for a log2 axis of work-group sizes, the mapping of data values to pixels, and compact
// tick labels. Pure functions, so they are tested without drawing anything.
#pragma once

#include <string>
#include <vector>

namespace grp::svg {

/// Ticks for a linear axis from 0 (or `lo` when negative) up to at least `hi`, about `target`
/// of them, at a nice step. The last tick is >= hi, so it can serve as the axis maximum.
/// Precondition: target >= 2. A degenerate range (hi <= lo) gets the ticks of [lo, lo + 1].
std::vector<double> nice_ticks(double lo, double hi, int target = 5);

/// Powers of two from the largest one <= lo to the smallest one >= hi, thinned to every second,
/// fourth … one so that at most `max_ticks` remain. Precondition: 0 < lo <= hi.
std::vector<double> log2_ticks(double lo, double hi, int max_ticks = 12);

/// Ticks for a log10 axis covering [lo, hi]: the powers of ten, with 2 and 5 times each added
/// when the range spans fewer than three decades (so a narrow range still gets several ticks),
/// then the ones inside the smallest tick interval that holds [lo, hi]. Precondition:
/// 0 < lo <= hi.
std::vector<double> log10_ticks(double lo, double hi);

/// "2¹⁰" for 1024: a power of two written with a superscript exponent (Unicode digits), for
/// axes of problem sizes. Values that are not powers of two are written as integers.
std::string pow2_label(double v);

/// Maps a data interval onto a pixel interval, linearly or logarithmically (`log2`: the base
/// does not change the mapping, so log10 axes use it too). Pixel intervals may run
/// backwards (SVG y grows downwards: map [0, max] onto [bottom, top]).
class scale {
public:
    scale(double d0, double d1, double p0, double p1, bool log2 = false);
    /// Pixel position of `v`; values outside the domain map outside the pixel range.
    [[nodiscard]] double operator()(double v) const;
    [[nodiscard]] double d0() const { return m_d0; }
    [[nodiscard]] double d1() const { return m_d1; }

private:
    double m_d0, m_d1, m_p0, m_p1;
    bool m_log2;
};

/// A short tick label: "0", "2.5", "750", "1.5k", "12M", "3G"; `step` is the tick spacing and
/// decides how many decimals are needed to tell neighbouring ticks apart.
std::string format_tick(double v, double step);

/// A value with about three significant digits and an SI suffix where large: "312", "1.23k",
/// "45.6G", "0.00123". For tooltips and bar labels.
std::string format_value(double v);

/// A pixel coordinate as SVG text: one decimal, no trailing ".0".
std::string px(double v);

} // namespace grp::svg
