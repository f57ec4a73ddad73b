// The verdict rule of docs/PLAYTEST.md ("Verdicts"): a part is supported when its 95% interval
// lies on the claimed side of 0, contradicted when on the other side, else undecided; the units a
// decision would need scale the interval's half-width as 1 / sqrt(n) until it is smaller than the
// estimate (worked by hand below).

#include <gtest/gtest.h>

#include <cmath>

#include "playtest/claim_statistics.h"

namespace mj {
// This file's own names: a unity build (CMakeLists.txt) compiles several test files as one.
namespace claim_verdict_test {
namespace {

using nlohmann::json;

json Figure(double e, double lo, double hi) { return {{"estimate", e}, {"ci95", {lo, hi}}}; }

TEST(ClaimVerdict, SideOfZero) {
  EXPECT_EQ(PartVerdict(Figure(-0.1, -0.2, -0.05), -1), "supported");
  EXPECT_EQ(PartVerdict(Figure(-0.1, -0.2, -0.05), 1), "contradicted");
  EXPECT_EQ(PartVerdict(Figure(0.1, 0.05, 0.2), 1), "supported");
  EXPECT_EQ(PartVerdict(Figure(0.05, -0.05, 0.15), 1), "undecided");
  EXPECT_EQ(PartVerdict(Figure(0.05, 0.0, 0.15), 1), "undecided");  // touching 0 does not exclude it
  EXPECT_EQ(PartVerdict(json{{"estimate", nullptr}, {"ci95", {nullptr, nullptr}}}, 1), "undecided");
}

TEST(ClaimVerdict, UnitsNeeded) {
  // Half-width 0.1 around 0.05 must shrink by 2: 4 times the 100 units.
  EXPECT_EQ(UnitsNeeded(Figure(0.05, -0.05, 0.15), 100), 400);
  // Half-width 0.03 around -0.02 (250 units): (0.03 / 0.02)^2 * 250 = 562.5 -> 563.
  EXPECT_EQ(UnitsNeeded(Figure(-0.02, -0.05, 0.01), 250), 563);
  EXPECT_TRUE(std::isnan(UnitsNeeded(Figure(0.0, -0.1, 0.1), 100)));
  EXPECT_TRUE(std::isnan(UnitsNeeded(Figure(0.0, 0.0, 0.0), 100)));
}

TEST(ClaimVerdict, EverySeedClaimHasItsWordsAndParts) {
  ASSERT_EQ(SeedClaims().size(), 7u);
  for (const Claim& c : SeedClaims()) {
    EXPECT_FALSE(c.seed.empty()) << c.id;
    EXPECT_FALSE(c.parts.empty()) << c.id;
    for (const ClaimPart& p : c.parts) EXPECT_TRUE(p.direction == 1 || p.direction == -1) << c.id;
  }
}

}  // namespace
}  // namespace claim_verdict_test
}  // namespace mj
