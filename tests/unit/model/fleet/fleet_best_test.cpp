// The best across a fleet (fleet_best.hpp) on fabricated shards: two cards of one model, the
// second 20 % slower by the anchors; each card also times configurations of its own. The
// fastest raw median, on the fast card, is not the fleet's best once times are normalised; a
// configuration on another card within the cards' uncertainty is not separated from the winner,
// and one on the same card is judged by its rounds alone.
#include "grp/model/fleet/fleet_best.hpp"
#include "model/fleet/fleet_fixture.hpp"

#include <cmath>
#include <gtest/gtest.h>
#include <random>

namespace grp {
namespace {

const std::vector<std::string> anchor_keys{"a/float/flat/n=1024/local=8",
                                           "b/float/flat/n=4096/local=8"};

/// A case of `kernel` (float, n 1024) on `card`, 10 rounds at `ns` with `noise` (log sd).
case_result timed(const std::string& kernel, std::uint64_t local, int card, double ns, double noise,
                  std::mt19937_64& rng) {
    std::normal_distribution<double> z(0.0, noise);
    case_result c;
    c.key = make_case_key(kernel, "float", "flat", kernel == "b" ? 4096 : 1024, local);
    c.device = card;
    for (int r = 0; r < 10; ++r) {
        round_record rr;
        rr.run = static_cast<std::uint32_t>(card);
        rr.samples_ns = {static_cast<std::uint64_t>(ns * std::exp(z(rng)))};
        c.rounds.push_back(rr);
    }
    c.derive_from_rounds();
    return c;
}

/// Two cards; card 1 is `slow` times card 0 on the anchors. `own` adds (kernel, local, card,
/// ns) configurations, timed with `noise`.
profile fleet_with(double slow, const std::vector<std::tuple<std::string, int, int, double>>& own,
                   double noise) {
    std::mt19937_64 rng(7);
    profile p;
    for (int card = 0; card < 2; ++card) {
        test_support::add_card(p, static_cast<std::size_t>(card), 2, anchor_keys);
        const double level = card == 0 ? 1.0 : slow;
        p.cases.push_back(timed("a", 8, card, 2e4 * level, 0.003, rng));
        p.cases.push_back(timed("b", 8, card, 8e4 * level, 0.003, rng));
    }
    for (const auto& [kernel, local, card, ns] : own) {
        p.cases.push_back(timed(kernel, static_cast<std::uint64_t>(local), card, ns, noise, rng));
    }
    return p;
}

const fleet_best& float_1024(const std::vector<fleet_best>& bests) {
    for (const auto& b : bests) {
        if (b.type == "float" && b.n == 1024) {
            return b;
        }
    }
    throw std::runtime_error("no best for float n=1024");
}

TEST(fleet_best, the_fast_cards_raw_winner_is_not_the_fleets_best) {
    // x on the fast card reads 15 us; y on the card 20 % slower reads 16 us: 13.3 us on card 0.
    const auto p = fleet_with(1.2, {{"x", 64, 0, 15000}, {"y", 64, 1, 16000}}, 0.003);
    const auto f = fleet_levels_of(p);
    ASSERT_TRUE(f);
    const auto bests = fleet_bests(p, *f);
    const auto& b = float_1024(bests);
    ASSERT_NE(b.winner, nullptr);
    EXPECT_EQ(b.winner->key.kernel, "y");
    EXPECT_EQ(b.winner->device, 1);
    ASSERT_NE(b.runner_up, nullptr);
    EXPECT_EQ(b.runner_up->key.kernel, "x");
    ASSERT_TRUE(b.margin.estimable) << b.margin.why_not;
    // Levels are relative to the cards' geometric mean: x 15 us * sqrt(1.2), y 16 us / sqrt(1.2).
    EXPECT_NEAR(std::exp(b.margin.log_change), 15000.0 * 1.2 / 16000.0, 0.01);
    EXPECT_EQ(b.separated, 2U); // x, and the anchor a (20 us)
    const auto sentence = fleet_best_sentence(b);
    EXPECT_NE(sentence.find("y local 64 (card 1)"), std::string::npos) << sentence;
}

TEST(fleet_best, the_cards_uncertainty_widens_a_cross_card_interval) {
    // Two configurations 1 % apart after normalisation, on different cards: tied or not
    // separated, never slower; the same two on one card with the same rounds are tied.
    const auto cross =
        fleet_with(1.1, {{"x", 64, 0, 15000}, {"y", 64, 1, 15000 * 1.1 * 1.01}}, 0.003);
    const auto bc = float_1024(fleet_bests(cross, *fleet_levels_of(cross)));
    EXPECT_EQ(bc.winner->key.kernel, "x");
    EXPECT_EQ(bc.separated, 1U); // the anchor a, 33 % slower
    ASSERT_EQ(bc.tied.size() + bc.not_separated.size(), 1U);
    const auto same = fleet_with(1.1, {{"x", 64, 0, 15000}, {"y", 64, 0, 15000 * 1.01}}, 0.003);
    const auto bs = float_1024(fleet_bests(same, *fleet_levels_of(same)));
    ASSERT_TRUE(bc.margin.estimable && bs.margin.estimable);
    EXPECT_GT(bc.margin.ci_high - bc.margin.ci_low, bs.margin.ci_high - bs.margin.ci_low);
}

} // namespace
} // namespace grp
