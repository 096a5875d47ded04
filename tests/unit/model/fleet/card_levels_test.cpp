// Card levels on fabricated shards: four cards of one model time three anchors, ten rounds
// each with 0.5 % noise; a card slowed by a known factor is recovered within its interval and
// flagged (and it alone: levels are against the median card), an unslowed fleet flags none.
#include "grp/model/fleet/card_levels.hpp"
#include "model/fleet/fleet_fixture.hpp"

#include <cmath>
#include <gtest/gtest.h>
#include <random>

namespace grp {
namespace {

const std::vector<std::string> anchor_keys{
    "a/float/flat/n=1024/local=8", "b/float/flat/n=4096/local=8", "c/float/flat/n=65536/local=1"};

profile fleet_of(const std::vector<double>& slowdown, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::normal_distribution<double> noise(0.0, 0.005);
    profile p;
    const std::vector<double> base_ns{2e4, 8e4, 1e6};
    for (std::size_t card = 0; card < slowdown.size(); ++card) {
        test_support::add_card(p, card, slowdown.size(), anchor_keys);
        for (std::size_t a = 0; a < anchor_keys.size(); ++a) {
            case_result c;
            c.key = make_case_key(std::string(1, static_cast<char>('a' + a)), "float", "flat",
                                  a == 0   ? 1024
                                  : a == 1 ? 4096
                                           : 65536,
                                  a == 2 ? 1 : 8);
            c.device = static_cast<int>(card);
            for (int r = 0; r < 10; ++r) {
                round_record rr;
                rr.run = card;
                const double t = base_ns[a] * slowdown[card] * std::exp(noise(rng));
                rr.samples_ns = {static_cast<std::uint64_t>(t)};
                c.rounds.push_back(rr);
            }
            c.derive_from_rounds();
            p.cases.push_back(c);
        }
    }
    return p;
}

TEST(card_levels, a_slowed_card_is_recovered_and_flagged) {
    const auto p = fleet_of({1.0, 1.0, 1.06, 1.0}, 11);
    const auto f = fleet_levels_of(p);
    ASSERT_TRUE(f);
    ASSERT_EQ(f->models.size(), 1U);
    const auto& cards = f->models[0].cards;
    ASSERT_EQ(cards.size(), 4U);
    const double truth = 1.06; // against the median card, which is an unslowed one
    EXPECT_LE(cards[2].low, truth);
    EXPECT_GE(cards[2].high, truth);
    EXPECT_TRUE(cards[2].outlier);
    for (std::size_t i : {0U, 1U, 3U}) {
        EXPECT_FALSE(cards[i].outlier) << i;
    }
    EXPECT_EQ(cards[2].anchors, 3U);
    EXPECT_EQ(cards[2].rounds, 30U);
    const auto sentence = card_sentence(p, cards[2]);
    EXPECT_NE(sentence.find("card 2 (GPU X, uuid-2): 6."), std::string::npos) << sentence;
    EXPECT_NE(sentence.find("slower than the fleet's median card"), std::string::npos) << sentence;
}

// A card twice as slow among four (#69's over-decomposed fleet): against the cards' geometric
// mean it would read +68 % and pull the other three to -16 %, each flagged; against the median
// card it reads +100 % and the others stay within 2 % of 1, unflagged.
TEST(card_levels, a_card_twice_as_slow_is_the_only_one_named) {
    for (std::uint64_t seed = 1; seed <= 10; ++seed) {
        const auto f = fleet_levels_of(fleet_of({1.0, 1.0, 1.0, 2.0}, seed));
        ASSERT_TRUE(f);
        const auto& cards = f->models[0].cards;
        EXPECT_TRUE(cards[3].outlier) << seed;
        EXPECT_LE(cards[3].low, 2.0) << seed;
        EXPECT_GE(cards[3].high, 2.0) << seed;
        for (std::size_t i : {0U, 1U, 2U}) {
            EXPECT_FALSE(cards[i].outlier) << seed << " card " << i;
            EXPECT_NEAR(cards[i].level, 1.0, 0.02) << seed << " card " << i;
        }
    }
}

TEST(card_levels, an_unslowed_fleet_flags_none) {
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
        const auto f = fleet_levels_of(fleet_of({1.0, 1.0, 1.0, 1.0}, seed));
        ASSERT_TRUE(f);
        for (const auto& c : f->models[0].cards) {
            EXPECT_FALSE(c.outlier) << seed << " card " << c.device;
        }
    }
}

TEST(card_levels, cases_are_normalised_by_their_card) {
    const auto p = fleet_of({1.0, 1.1}, 5);
    const auto j = fleet_json(p);
    ASSERT_FALSE(j.is_null());
    ASSERT_EQ(j["cases"].size(), 6U);
    const auto f = fleet_levels_of(p);
    for (const auto& c : j["cases"]) {
        const double level = f->level_of(c["device"].get<int>());
        EXPECT_NEAR(c["normalized_median_ns"].get<double>(), c["median_ns"].get<double>() / level,
                    1e-6);
    }
    EXPECT_GT(f->models[0].spread(), 0.05);
}

TEST(card_levels, profiles_without_shards_have_no_fleet) {
    auto p = fleet_of({1.0, 1.0}, 3);
    for (auto& r : p.runs) {
        r.shard.reset();
    }
    EXPECT_FALSE(fleet_levels_of(p));
    EXPECT_TRUE(fleet_json(p).is_null());
}

} // namespace
} // namespace grp
