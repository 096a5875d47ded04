// Tests of Student's t distribution against SciPy.
//
// How the expected values were obtained: tests/data/compare/inference_reference.py with SciPy
// 1.10.1 and numpy 1.24.2 (Debian python3-scipy), which shares no code with student_t.cpp. The
// cdf values are `scipy.stats.t.cdf(t, df)`. The quantiles are the roots of
// `scipy.stats.t.cdf(x, df) == p` (of `scipy.stats.t.sf(x, df) == 1 - p` for p > 1/2) found by
// `scipy.optimize.brentq(..., xtol=1e-300, rtol=4*eps)`, because `scipy.stats.t.ppf` itself
// (cephes stdtri) is off by up to ~2e-9 relative in that version; the script prints both.
// df = inf uses `scipy.stats.norm.cdf` and `scipy.stats.norm.ppf`.
#include "grp/model/stats/student_t.hpp"

#include <algorithm>
#include <cmath>
#include <gtest/gtest.h>
#include <limits>
#include <stdexcept>

namespace grp {
namespace {

constexpr double inf = std::numeric_limits<double>::infinity();

struct point {
    double x, df, want;
};

// scipy.stats.t.cdf(t, df) for t in {-1000, -40, -3, -0.5, 1.5, 1000}.
const point cdf_table[] = {
    {-1000.0, 0.5, 0.010141454540857096},
    {-40.0, 0.5, 0.05070489996474719},
    {-3.0, 0.5, 0.18365407799297176},
    {-0.5, 0.5, 0.3786590364647183},
    {1.5, 0.5, 0.7460491046759459},
    {1000.0, 0.5, 0.9898585454591429},
    {-1000.0, 1, 0.00031830978008055887},
    {-40.0, 1, 0.007956089912025812},
    {-3.0, 1, 0.10241638234956672},
    {-0.5, 1, 0.3524163823495668},
    {1.5, 1, 0.8128329581890013},
    {1000.0, 1, 0.9996816902199194},
    {-1000.0, 2, 4.9999925000125e-07},
    {-40.0, 2, 0.0003122073360923703},
    {-3.0, 2, 0.047732983133354556},
    {-0.5, 2, 0.33333333333333337},
    {1.5, 2, 0.8638034375544996},
    {1000.0, 2, 0.99999950000075},
    {-1000.0, 2.5, 2.2747463948307502e-08},
    {-40.0, 2.5, 7.097817145246693e-05},
    {-3.0, 2.5, 0.036288047774515914},
    {-0.5, 2.5, 0.3288489599348574},
    {1.5, 2.5, 0.876081773456852},
    {1000.0, 2.5, 0.9999999772525361},
    {-1000.0, 4, 2.9999800001050074e-12},
    {-40.0, 4, 1.1670081613006347e-06},
    {-3.0, 4, 0.019970984035859413},
    {-0.5, 4, 0.32166498159093165},
    {1.5, 4, 0.896},
    {1000.0, 4, 0.999999999997},
    {-1000.0, 9.3, 5.110281167709584e-25},
    {-40.0, 9.3, 4.9961465496926046e-12},
    {-3.0, 9.3, 0.007214089885619332},
    {-0.5, 9.3, 0.31434598208610376},
    {1.5, 9.3, 0.9166128944582173},
    {1000.0, 9.3, 1.0},
    {-1000.0, 30, 1.0360017415558858e-69},
    {-40.0, 30, 6.863022597203181e-28},
    {-3.0, 30, 0.002694982032825972},
    {-0.5, 30, 0.31036150244256366},
    {1.5, 30, 0.927967035435677},
    {1000.0, 30, 1.0},
    {-1000.0, 1000, 0.0},
    {-40.0, 1000, 5.239426077586736e-210},
    {-3.0, 1000, 0.0013833545221190939},
    {-0.5, 1000, 0.3085925404169375},
    {1.5, 1000, 0.933034980588957},
    {1000.0, 1000, 1.0},
    {-1000.0, 1e7, 0.0},
    {-40.0, 1e7, 0.0},
    {-3.0, 1e7, 0.0013499013555185806},
    {-0.5, 1e7, 0.3085375442270075},
    {1.5, 1e7, 0.9331927829461852},
    {1000.0, 1e7, 1.0},
};

// Roots of scipy.stats.t.cdf(x, df) == p by scipy.optimize.brentq (see the file comment).
const point quantile_table[] = {
    {1e-06, 0.5, -102849115631.63403}, {0.025, 0.5, -164.55767348048852},
    {0.3, 0.5, -1.0095258786071657},   {0.995, 0.5, 4113.964588804174},
    {1e-06, 1, -318309.8861827434},    {0.025, 1, -12.706204736174707},
    {0.3, 1, -0.7265425280053612},     {0.995, 1, 63.656741162871526},
    {1e-06, 2, -707.1057205259339},    {0.025, 2, -4.302652729749464},
    {0.3, 2, -0.6172133998483678},     {0.995, 2, 9.92484320091829},
    {1e-06, 2.5, -220.17342917823677}, {0.025, 2.5, -3.574654842003682},
    {0.3, 2.5, -0.5973077382523172},   {0.995, 2.5, 7.163728138948781},
    {1e-06, 4, -41.57785415045096},    {0.025, 4, -2.776445105197794},
    {0.3, 4, -0.5686490630497054},     {0.995, 4, 4.604094871349992},
    {1e-06, 9.3, -10.394812812511642}, {0.025, 9.3, -2.25108222468444},
    {0.3, 9.3, -0.5428494618524615},   {0.995, 9.3, 3.2234796594331345},
    {1e-06, 30, -5.871117120418882},   {0.025, 30, -2.0422724563012378},
    {0.3, 30, -0.5300190039065047},    {0.995, 30, 2.749995653567225},
    {1e-06, 1000, -4.78160862045835},  {0.025, 1000, -1.9623390808264085},
    {0.3, 1000, -0.5245677073092271},  {0.995, 1000, 2.5807546980659506},
    {1e-06, 1e7, -4.753427112755577},  {0.025, 1e7, -1.9599642217672055},
    {0.3, 1e7, -0.5244005294232539},   {0.995, 1e7, 2.5758297952037483},
};

TEST(student_t, cdf_matches_scipy_to_1e12_relative_in_both_tails) {
    for (const auto& c : cdf_table) {
        // 1e-300 absolute only for the values that underflow to 0 in SciPy too.
        EXPECT_NEAR(student_t_cdf(c.x, c.df), c.want, std::max(1e-12 * c.want, 1e-300))
            << "t=" << c.x << " df=" << c.df;
    }
}

TEST(student_t, cdf_is_symmetric) {
    for (double df : {0.5, 2.5, 30.0, 1e7}) {
        for (double t : {0.1, 1.7, 12.0}) {
            EXPECT_NEAR(student_t_cdf(-t, df) + student_t_cdf(t, df), 1.0, 1e-15);
        }
    }
}

TEST(student_t, infinite_df_is_the_standard_normal) {
    // scipy.stats.norm.cdf(x) for x = -1.96, -8, -30, 2.5; scipy.stats.norm.ppf(p).
    EXPECT_NEAR(student_t_cdf(-1.96, inf), 0.024997895148220435, 1e-15);
    EXPECT_NEAR(student_t_cdf(-8.0, inf), 6.22096057427174e-16, 1e-12 * 6.2e-16);
    EXPECT_NEAR(student_t_cdf(-30.0, inf), 4.906713927147908e-198, 1e-12 * 4.9e-198);
    EXPECT_NEAR(student_t_cdf(2.5, inf), 0.9937903346742238, 1e-15);
    EXPECT_NEAR(student_t_quantile(1e-6, inf), -4.753424308822899, 1e-13);
    EXPECT_NEAR(student_t_quantile(0.975, inf), 1.959963984540054, 1e-14);
    // Beyond 1e30 df the normal is used outright.
    EXPECT_DOUBLE_EQ(student_t_cdf(-1.96, 1e31), student_t_cdf(-1.96, inf));
}

TEST(student_t, cdf_edges_and_invalid_df) {
    EXPECT_EQ(student_t_cdf(-inf, 3.0), 0.0);
    EXPECT_EQ(student_t_cdf(inf, 3.0), 1.0);
    EXPECT_EQ(student_t_cdf(0.0, 0.7), 0.5);
    EXPECT_TRUE(std::isnan(student_t_cdf(std::nan(""), 3.0)));
    EXPECT_THROW(student_t_cdf(1.0, 0.0), std::invalid_argument);
    EXPECT_THROW(student_t_cdf(1.0, -2.0), std::invalid_argument);
    EXPECT_THROW(student_t_cdf(1.0, std::nan("")), std::invalid_argument);
}

TEST(student_t, quantile_matches_scipy_roots_to_1e12_relative) {
    for (const auto& c : quantile_table) {
        EXPECT_NEAR(student_t_quantile(c.x, c.df), c.want, 1e-12 * std::fabs(c.want))
            << "p=" << c.x << " df=" << c.df;
    }
}

TEST(student_t, quantile_inverts_the_cdf_from_1e_300_to_near_one_half) {
    for (double df : {0.5, 1.0, 2.5, 9.3, 1000.0, 1e7}) {
        for (double p : {1e-300, 1e-30, 1e-6, 0.1, 0.4999999, 0.5 - 1e-12}) {
            const double t = student_t_quantile(p, df);
            if (std::isinf(t)) {
                continue; // 1e-300 at df 0.5: checked below
            }
            EXPECT_NEAR(student_t_cdf(t, df), p, 1e-12 * p) << "p=" << p << " df=" << df;
            const double upper = 1.0 - p; // 1 - upper is exact; 1 - 1e-30 rounds to 1
            if (upper < 1.0) {
                const double lower_t = student_t_quantile(1.0 - upper, df);
                EXPECT_NEAR(student_t_quantile(upper, df), -lower_t, 1e-12 * std::fabs(lower_t));
            }
        }
    }
    EXPECT_EQ(student_t_quantile(0.5, 4.0), 0.0);
}

TEST(student_t, quantile_beyond_the_double_range_is_infinite) {
    // For df = 0.5 the tail is ~ c |t|^(-1/2), so p = 1e-300 needs |t| ~ 1e600.
    EXPECT_EQ(student_t_quantile(1e-300, 0.5), -inf);
}

TEST(student_t, quantile_rejects_p_outside_the_open_unit_interval) {
    for (double p : {0.0, 1.0, -0.1, 1.5, std::nan("")}) {
        EXPECT_THROW(student_t_quantile(p, 5.0), std::invalid_argument) << p;
    }
    EXPECT_THROW(student_t_quantile(0.3, 0.0), std::invalid_argument);
}

} // namespace
} // namespace grp

namespace grp {
namespace {

TEST(fisher_f, matches_its_closed_forms_and_student_t) {
    // d1 = 1: F = T^2, so P(F > t^2) = 2 P(T > t). d1 = 2: P(F > f) = (1 + 2 f / d2)^(-d2 / 2).
    for (double d2 : {3.0, 10.0, 17.0, 89.0}) {
        for (double t : {0.3, 1.0, 2.5, 6.0}) {
            EXPECT_NEAR(fisher_f_sf(t * t, 1, d2), 2 * (1 - student_t_cdf(t, d2)), 1e-12);
        }
        for (double f : {0.1, 1.0, 3.5, 20.0}) {
            EXPECT_NEAR(fisher_f_sf(f, 2, d2), std::pow(1 + 2 * f / d2, -d2 / 2), 1e-12);
        }
    }
    // The two tails swap with the degrees of freedom: P(F(a, b) > f) = 1 - P(F(b, a) > 1 / f).
    EXPECT_NEAR(fisher_f_sf(2.0, 7, 16), 1 - fisher_f_sf(0.5, 16, 7), 1e-12);
    EXPECT_EQ(fisher_f_sf(0, 5, 12), 1.0);
    EXPECT_EQ(fisher_f_sf(std::numeric_limits<double>::infinity(), 5, 12), 0.0);
    EXPECT_THROW(fisher_f_sf(1, 0, 12), std::invalid_argument);
}

} // namespace
} // namespace grp
