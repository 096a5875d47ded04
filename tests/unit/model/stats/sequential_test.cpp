// Group-sequential boundaries: the critical values against published Lan-DeMets tables (five
// equally spaced looks, two-sided alpha = 0.05: Jennison & Turnbull table 7.6 and the R
// package ldbounds give 4.877, 3.357, 2.680, 2.290, 2.031 for O'Brien-Fleming-type spending
// and 2.438, 2.427, 2.410, 2.397, 2.386 for Pocock-type), the total error the boundary spends,
// and, by simulation, what matters to a gate: identical pairs (a null with estimated variance,
// looked at after every process from 3 to 10) cross no more often than alpha, looking at a
// fixed level after every process would cross far more often, and a real change stops early.
#include "grp/model/stats/sequential.hpp"

#include <cmath>
#include <gtest/gtest.h>
#include <random>
#include <stdexcept>

namespace grp {
namespace {

std::vector<double> equal_fractions(int k) {
    std::vector<double> f;
    for (int i = 1; i <= k; ++i) {
        f.push_back(static_cast<double>(i) / k);
    }
    return f;
}

TEST(SequentialBoundary, OBrienFlemingMatchesThePublishedTable) {
    const auto looks =
        sequential_boundary(equal_fractions(5), 0.05, alpha_spending::obrien_fleming);
    const double expected[] = {4.877, 3.357, 2.680, 2.290, 2.031};
    ASSERT_EQ(looks.size(), 5U);
    for (std::size_t k = 0; k < 5; ++k) {
        EXPECT_NEAR(looks[k].critical_z, expected[k], 2e-3) << "look " << k + 1;
    }
    EXPECT_NEAR(looks.back().spent, 0.05, 1e-12);
}

TEST(SequentialBoundary, PocockMatchesThePublishedTable) {
    const auto looks = sequential_boundary(equal_fractions(5), 0.05, alpha_spending::pocock);
    const double expected[] = {2.438, 2.427, 2.410, 2.397, 2.386};
    for (std::size_t k = 0; k < 5; ++k) {
        EXPECT_NEAR(looks[k].critical_z, expected[k], 2e-3) << "look " << k + 1;
    }
}

TEST(SequentialBoundary, OneLookIsTheFixedDesign) {
    const auto looks = sequential_boundary({1.0}, 0.01, alpha_spending::obrien_fleming);
    ASSERT_EQ(looks.size(), 1U);
    EXPECT_NEAR(looks[0].critical_z, 2.5758293, 1e-6);
    EXPECT_NEAR(look_level(looks[0].critical_z), 0.01, 1e-12);
}

TEST(SequentialBoundary, SpendsExactlyItsBudgetOverUnevenLooks) {
    // Looks after 3, 4, ..., 12 processes of a 12-process budget, as a duet would take them.
    std::vector<double> f;
    for (int p = 3; p <= 12; ++p) {
        f.push_back(p / 12.0);
    }
    for (auto s : {alpha_spending::obrien_fleming, alpha_spending::pocock}) {
        const auto looks = sequential_boundary(f, 0.01, s);
        EXPECT_NEAR(boundary_crossing_probability(looks), 0.01, 2e-5) << to_string(s);
        for (std::size_t k = 1; k < looks.size(); ++k) {
            EXPECT_GT(looks[k].spent, looks[k - 1].spent);
        }
        // Never below the fixed design's value at the last look: early looks cost something.
        EXPECT_GT(looks.back().critical_z, 2.5758);
    }
}

TEST(SequentialBoundary, RefusesLooksOutOfOrderOrRange) {
    EXPECT_THROW(sequential_boundary({0.5, 0.5}, 0.01, alpha_spending::pocock),
                 std::invalid_argument);
    EXPECT_THROW(sequential_boundary({0.0, 1.0}, 0.01, alpha_spending::pocock),
                 std::invalid_argument);
    EXPECT_THROW(sequential_boundary({0.5, 1.5}, 0.01, alpha_spending::pocock),
                 std::invalid_argument);
    EXPECT_THROW(sequential_boundary({1.0}, 0.0, alpha_spending::pocock), std::invalid_argument);
    EXPECT_THROW(parse_alpha_spending("fast"), std::invalid_argument);
    EXPECT_EQ(parse_alpha_spending(to_string(alpha_spending::pocock)), alpha_spending::pocock);
}

TEST(SequentialBoundary, TCriticalKeepsTheTailAndInfinity) {
    EXPECT_NEAR(sequential_t_critical(2.5758293, 1e300), 2.5758293, 1e-6);
    EXPECT_NEAR(sequential_t_critical(2.5758293, 2), 9.9248432, 1e-5); // t_{0.995, 2}
    EXPECT_TRUE(std::isinf(sequential_t_critical(INFINITY, 5)));
}

/// Simulated sequences of process means: looks after every process from `first` to `last`,
/// stopping at the first look whose t statistic crosses its boundary. Returns the share of
/// sequences that crossed and the mean number of processes used.
struct sim_result {
    double crossed = 0, processes = 0;
};

sim_result simulate(double effect, int first, int last, const std::vector<double>& t_crit,
                    int sequences, unsigned seed) {
    std::mt19937_64 rng(seed);
    std::normal_distribution<double> noise(effect, 1.0);
    sim_result r;
    for (int s = 0; s < sequences; ++s) {
        std::vector<double> x;
        int used = last;
        bool crossed = false;
        for (int p = 1; p <= last && !crossed; ++p) {
            x.push_back(noise(rng));
            if (p < first) {
                continue;
            }
            double mean = 0, ss = 0;
            for (double v : x) {
                mean += v / p;
            }
            for (double v : x) {
                ss += (v - mean) * (v - mean);
            }
            const double se = std::sqrt(ss / (p - 1) / p);
            if (std::fabs(mean / se) >= t_crit[static_cast<std::size_t>(p - first)]) {
                crossed = true;
                used = p;
            }
        }
        r.crossed += crossed ? 1.0 / sequences : 0;
        r.processes += static_cast<double>(used) / sequences;
    }
    return r;
}

/// The critical t of every look from `first` to `last` processes (the process as the unit:
/// df = processes - 1), for a budget of `last` processes.
std::vector<double> process_looks(int first, int last, alpha_spending s, double alpha = 0.01) {
    std::vector<double> f, crit;
    for (int p = first; p <= last; ++p) {
        f.push_back(static_cast<double>(p) / last);
    }
    const auto looks = sequential_boundary(f, alpha, s);
    for (int p = first; p <= last; ++p) {
        crit.push_back(look_t_critical(looks, static_cast<std::size_t>(p - first), p - 1));
    }
    return crit;
}

TEST(SequentialBoundary, IdenticalPairsCrossNoMoreOftenThanAlpha) {
    const int first = 3, last = 10, sequences = 40000;
    const double alpha = 0.01;
    // alpha plus two standard errors of a binomial share of 40000 (the rule's simulated rate
    // is 0.0065 for O'Brien-Fleming and 0.0075 for Pocock over 200000 sequences).
    const double bar = alpha + 2 * std::sqrt(alpha * (1 - alpha) / sequences);
    for (auto s : {alpha_spending::obrien_fleming, alpha_spending::pocock}) {
        for (unsigned seed : {46U, 47U}) {
            EXPECT_LE(
                simulate(0, first, last, process_looks(first, last, s), sequences, seed).crossed,
                bar)
                << to_string(s) << " seed " << seed;
        }
    }
    // The same looks, each at a fixed 99 %: the error the boundary exists to prevent.
    std::vector<double> naive;
    for (int p = first; p <= last; ++p) {
        naive.push_back(sequential_t_critical(2.5758293, p - 1));
    }
    EXPECT_GT(simulate(0, first, last, naive, sequences, 46).crossed, 2 * alpha);
}

TEST(SequentialBoundary, ManyDegreesOfFreedomUseTheBoundaryItself) {
    const auto looks = sequential_boundary({0.5, 1.0}, 0.01, alpha_spending::obrien_fleming);
    EXPECT_DOUBLE_EQ(look_t_critical(looks, 1, 1e300), looks[1].critical_z);
    EXPECT_NEAR(look_t_critical(looks, 1, 40), sequential_t_critical(looks[1].critical_z, 40),
                1e-12);
    // Few df: the look's own increment, a larger value than the boundary's.
    EXPECT_GT(look_t_critical(looks, 1, 9), sequential_t_critical(looks[1].critical_z, 9));
}

TEST(SequentialBoundary, ARealChangeStopsEarly) {
    const int first = 3, last = 10;
    // A change of 3 process standard deviations (+10 % where processes scatter by 3 %).
    const auto s = simulate(3.0, first, last,
                            process_looks(first, last, alpha_spending::obrien_fleming), 4000, 7);
    EXPECT_GT(s.crossed, 0.99);
    EXPECT_LT(s.processes, 0.8 * last);
}

} // namespace
} // namespace grp
