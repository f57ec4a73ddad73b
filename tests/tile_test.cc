// Tile notation (tiles/tile.h): parsing, formatting, errors, engine ids, dora indicators.
// Expected values are written out by hand from the notation's definition, never recomputed.

#include "tiles/tile.h"
#include "engine/wall.h"

#include <algorithm>
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace mj {
// This file's own names: a unity build (CMakeLists.txt) compiles several test files as one.
namespace tile_test {
namespace {

using ::testing::HasSubstr;

std::vector<TileSpec> Parse(std::string_view text) {
  auto r = ParseTiles(text);
  EXPECT_TRUE(r.ok()) << text << ": " << (r.ok() ? "" : r.error());
  return r.ok() ? r.value() : std::vector<TileSpec>{};
}

std::string ParseError(std::string_view text) {
  auto r = ParseTiles(text);
  EXPECT_FALSE(r.ok()) << "\"" << text << "\" should not parse";
  return r.ok() ? std::string() : r.error();
}

std::vector<int> Kinds(const std::vector<TileSpec>& tiles) {
  std::vector<int> out;
  for (const TileSpec& t : tiles) out.push_back(t.kind);
  return out;
}

// ---------------------------------------------------------------- parsing

TEST(TileParse, AllSuitsInOrder) {
  const auto tiles = Parse("123m456p789s1122z");
  EXPECT_EQ(Kinds(tiles), (std::vector<int>{0, 1, 2, 12, 13, 14, 24, 25, 26, 27, 27, 28, 28}));
  for (const TileSpec& t : tiles) EXPECT_FALSE(t.marked);
}

TEST(TileParse, HonorsAreEastSouthWestNorthWhiteGreenRed) {
  EXPECT_EQ(Kinds(Parse("1234567z")), (std::vector<int>{kEast, kSouth, kWest, kNorth, kWhite, kGreen, kRed}));
}

TEST(TileParse, OrderIsPreserved) {
  EXPECT_EQ(Kinds(Parse("9m1m5z1p")), (std::vector<int>{8, 0, 31, 9}));
  EXPECT_EQ(Kinds(Parse("3s1s2s")), (std::vector<int>{20, 18, 19}));
}

TEST(TileParse, EmptyStringIsNoTiles) { EXPECT_TRUE(Parse("").empty()); }

TEST(TileParse, SpacesBetweenGroupsAreAllowed) {
  EXPECT_EQ(Kinds(Parse("123m 456p")), (std::vector<int>{0, 1, 2, 12, 13, 14}));
}

TEST(TileParse, SpaceBeforeSuitLetterIsAnError) {
  EXPECT_THAT(ParseError("12 3m"), HasSubstr("before the suit letter"));
}

TEST(TileParse, RedFives) {
  const auto tiles = Parse("0m0p0s");
  ASSERT_EQ(tiles.size(), 3u);
  EXPECT_EQ(tiles[0], (TileSpec{4, true}));
  EXPECT_EQ(tiles[1], (TileSpec{13, true}));
  EXPECT_EQ(tiles[2], (TileSpec{22, true}));
  // A plain 5 is the same kind, unmarked.
  const auto plain = Parse("5m");
  ASSERT_EQ(plain.size(), 1u);
  EXPECT_EQ(plain[0], (TileSpec{4, false}));
}

TEST(TileParse, RedFiveBesidePlainFivesOfTheSameKind) {
  const auto tiles = Parse("0555m");
  EXPECT_EQ(Kinds(tiles), (std::vector<int>{4, 4, 4, 4}));
  EXPECT_TRUE(tiles[0].marked);
  EXPECT_FALSE(tiles[1].marked);
  EXPECT_FALSE(tiles[3].marked);
}

TEST(TileParse, PeachMarker) {
  const auto tiles = Parse("3*m7*s");
  ASSERT_EQ(tiles.size(), 2u);
  EXPECT_EQ(tiles[0], (TileSpec{2, true}));
  EXPECT_EQ(tiles[1], (TileSpec{24, true}));
  const auto mixed = Parse("33*7p");
  ASSERT_EQ(mixed.size(), 3u);
  EXPECT_EQ(mixed[0], (TileSpec{11, false}));
  EXPECT_EQ(mixed[1], (TileSpec{11, true}));
  EXPECT_EQ(mixed[2], (TileSpec{15, false}));
}

TEST(TileParse, ParseTileNeedsExactlyOne) {
  auto one = ParseTile("5p");
  ASSERT_TRUE(one.ok());
  EXPECT_EQ(one.value(), (TileSpec{13, false}));
  auto red = ParseTile("0s");
  ASSERT_TRUE(red.ok());
  EXPECT_EQ(red.value(), (TileSpec{22, true}));
  auto peach = ParseTile("7*m");
  ASSERT_TRUE(peach.ok());
  EXPECT_EQ(peach.value(), (TileSpec{6, true}));
  auto two = ParseTile("55p");
  ASSERT_FALSE(two.ok());
  EXPECT_EQ(two.error(), "expected one tile, got 2 in \"55p\"");
  EXPECT_FALSE(ParseTile("").ok());
}

// ---------------------------------------------------------------- errors

TEST(TileErrors, FiveCopies) { EXPECT_EQ(ParseError("11111m"), "\"1m\" appears 5 times"); }

TEST(TileErrors, FiveCopiesSpreadOverTheString) {
  EXPECT_EQ(ParseError("11m2p111m"), "\"1m\" appears 5 times");
  EXPECT_EQ(ParseError("7z7777z"), "\"7z\" appears 5 times");
}

TEST(TileErrors, FiveCopiesCountTheRedFive) { EXPECT_EQ(ParseError("05555m"), "\"5m\" appears 5 times"); }

TEST(TileErrors, FourCopiesAreFine) { EXPECT_EQ(Parse("1111m0555p").size(), 8u); }

TEST(TileErrors, UnknownSuit) { EXPECT_EQ(ParseError("123x"), "unknown suit 'x' at position 4"); }

// Positions are 1-based and point at the offending character (tile.h).
TEST(TileErrors, PositionsAreOneBased) {
  EXPECT_EQ(ParseError("x"), "unknown suit 'x' at position 1");
  EXPECT_EQ(ParseError("123"), "digits at position 1 have no suit letter after them");
  EXPECT_EQ(ParseError("123m45"), "digits at position 5 have no suit letter after them");
  EXPECT_EQ(ParseError("m"), "suit 'm' at position 1 has no digits before it");
  EXPECT_EQ(ParseError("8z"), "honor tile '8z' at position 1 does not exist (1z-7z)");
  EXPECT_EQ(ParseError("12m18z"), "honor tile '8z' at position 5 does not exist (1z-7z)");
  EXPECT_EQ(ParseError("5*m"), "'*' (peach) at position 2 is only for 3 and 7 of m, p, s");
  EXPECT_EQ(ParseError("*3m"), "'*' at position 1 does not follow a digit");
  EXPECT_EQ(ParseError("12 3m"), "space at position 3 before the suit letter");
}

TEST(TileErrors, UnknownSuitIsNamed) {
  EXPECT_THAT(ParseError("12m3q"), HasSubstr("unknown suit 'q'"));
  EXPECT_THAT(ParseError("1M"), HasSubstr("unknown suit 'M'"));
}

TEST(TileErrors, DigitsWithoutSuit) {
  EXPECT_THAT(ParseError("123"), HasSubstr("have no suit letter after them"));
  EXPECT_THAT(ParseError("123m45"), HasSubstr("have no suit letter after them"));
}

TEST(TileErrors, SuitWithoutDigits) {
  EXPECT_THAT(ParseError("m"), HasSubstr("has no digits before it"));
  EXPECT_THAT(ParseError("123mp"), HasSubstr("suit 'p'"));
}

TEST(TileErrors, HonorsOutOfRange) {
  EXPECT_THAT(ParseError("8z"), HasSubstr("does not exist (1z-7z)"));
  EXPECT_THAT(ParseError("0z"), HasSubstr("does not exist (1z-7z)"));
  EXPECT_THAT(ParseError("9z"), HasSubstr("'9z'"));
}

TEST(TileErrors, PeachOnlyOnThreeAndSeven) {
  EXPECT_THAT(ParseError("5*m"), HasSubstr("is only for 3 and 7 of m, p, s"));
  EXPECT_THAT(ParseError("1*p"), HasSubstr("is only for 3 and 7 of m, p, s"));
  EXPECT_THAT(ParseError("3*z"), HasSubstr("is only for 3 and 7 of m, p, s"));
  EXPECT_THAT(ParseError("0*s"), HasSubstr("is only for 3 and 7 of m, p, s"));
}

TEST(TileErrors, StarNotAfterDigit) {
  EXPECT_THAT(ParseError("*3m"), HasSubstr("does not follow a digit"));
  EXPECT_THAT(ParseError("3**m"), HasSubstr("does not follow a digit"));
}

TEST(TileErrors, TwoRedFivesOfOneSuit) {
  EXPECT_EQ(ParseError("00m"), "\"0m\" appears 2 times (there is one such tile)");
  EXPECT_EQ(ParseError("0m123p0m"), "\"0m\" appears 2 times (there is one such tile)");
  // Red fives of different suits are different tiles.
  EXPECT_EQ(Parse("0m0p0s").size(), 3u);
}

TEST(TileErrors, TwoPeachTilesOfOneKind) {
  EXPECT_THAT(ParseError("3*3*s"), HasSubstr("there is one such tile"));
}

// ---------------------------------------------------------------- formatting

TEST(TileFormat, Kinds) {
  EXPECT_EQ(FormatKind(0), "1m");
  EXPECT_EQ(FormatKind(13), "5p");
  EXPECT_EQ(FormatKind(26), "9s");
  EXPECT_EQ(FormatKind(kEast), "1z");
  EXPECT_EQ(FormatKind(kRed), "7z");
}

TEST(TileFormat, SingleTiles) {
  EXPECT_EQ(FormatTile({4, true}), "0m");
  EXPECT_EQ(FormatTile({4, false}), "5m");
  EXPECT_EQ(FormatTile({11, true}), "3*p");
  EXPECT_EQ(FormatTile({24, true}), "7*s");
  EXPECT_EQ(FormatTile({kWhite, false}), "5z");
}

TEST(TileFormat, RoundTrip) {
  for (std::string_view text : {"123m456p789s1122z", "123m0p5z", "0m0p0s", "3*m7*s", "19m19p19s1234567z",
                                "11123455678999m", "1m2p1m", "0555p", "33*7p"}) {
    EXPECT_EQ(FormatTiles(Parse(text)), text);
  }
}

TEST(TileFormat, GroupsConsecutiveTilesOfOneSuit) {
  const std::vector<TileSpec> tiles = {{0, false}, {1, false}, {13, true}, {13, false}, {31, false}};
  EXPECT_EQ(FormatTiles(tiles), "12m05p5z");
  EXPECT_EQ(FormatTiles({}), "");
}

TEST(TileFormat, EngineIds) {
  EXPECT_EQ(FormatTileId(16, true, false), "0m");   // copy 0 of 5m, red fives shown
  EXPECT_EQ(FormatTileId(16, false, false), "5m");  // same tile, no red fives
  EXPECT_EQ(FormatTileId(17, true, false), "5m");
  EXPECT_EQ(FormatTileId(52, true, false), "0p");
  EXPECT_EQ(FormatTileId(88, true, false), "0s");
  EXPECT_EQ(FormatTileId(8, false, true), "3*m");   // copy 0 of 3m, peach shown
  EXPECT_EQ(FormatTileId(8, true, false), "3m");
  EXPECT_EQ(FormatTileId(96, false, true), "7*s");  // kind 24 = 7s
  EXPECT_EQ(FormatTileId(135, true, true), "7z");
}

// ---------------------------------------------------------------- helpers

TEST(TileHelpers, KindPredicates) {
  EXPECT_TRUE(IsTerminal(0));
  EXPECT_TRUE(IsTerminal(26));
  EXPECT_FALSE(IsTerminal(kEast));
  EXPECT_TRUE(IsTerminalOrHonor(kEast));
  EXPECT_TRUE(IsSimple(1));
  EXPECT_FALSE(IsSimple(17));
  EXPECT_TRUE(IsWind(kNorth));
  EXPECT_FALSE(IsWind(kWhite));
  EXPECT_TRUE(IsDragon(kRed));
  EXPECT_EQ(NumberOf(13), 5);
  EXPECT_EQ(NumberOf(kRed), 7);
  EXPECT_EQ(SuitOf(26), Suit::kSou);
  EXPECT_EQ(SuitOf(27), Suit::kHonor);
  EXPECT_TRUE(IsRedFiveCopy(16));
  EXPECT_FALSE(IsRedFiveCopy(17));
  EXPECT_TRUE(IsPeachCopy(8));
  EXPECT_TRUE(IsPeachCopy(24));   // 7m copy 0
  EXPECT_FALSE(IsPeachCopy(16));
  EXPECT_FALSE(IsPeachCopy(TileOf(kWest, 0)));
  // Tenhou's red fives are ids 16, 52 and 88; the peaches are copy 0 of 3 and 7 in each suit.
  for (Tile t = 0; t < kNumTiles; ++t) {
    const bool red = t == 16 || t == 52 || t == 88;
    const bool peach = t == 8 || t == 24 || t == 44 || t == 60 || t == 80 || t == 96;
    EXPECT_EQ(IsRedFiveCopy(t), red) << int{t};
    EXPECT_EQ(IsPeachCopy(t), peach) << int{t};
  }
  EXPECT_FALSE(IsRedFiveCopy(255));  // no tile
  EXPECT_FALSE(IsPeachCopy(255));
}

TEST(TileHelpers, CountKinds) {
  const KindCounts c = CountKinds(Parse("1123m0555p7z"));
  EXPECT_EQ(c[0], 2);
  EXPECT_EQ(c[1], 1);
  EXPECT_EQ(c[2], 1);
  EXPECT_EQ(c[13], 4);
  EXPECT_EQ(c[kRed], 1);
  int total = 0;
  for (int n : c) total += n;
  EXPECT_EQ(total, 9);
}

TEST(TileHelpers, SortPutsMarkedCopyFirst) {
  auto tiles = Parse("5z9m505m1p");
  SortTiles(tiles);
  EXPECT_EQ(FormatTiles(tiles), "0559m1p5z");
  // FormatTiles does not sort: "5m" then "0m" keeps that order.
  EXPECT_EQ(FormatTiles(Parse("50m")), "50m");
}

// ---------------------------------------------------------------- engine ids

TEST(AssignTileIds, RedFivesTakeCopyZero) {
  auto ids = AssignTileIds(Parse("0m0p0s"), false);
  ASSERT_TRUE(ids.ok()) << ids.error();
  EXPECT_EQ(ids.value(), (std::vector<Tile>{16, 52, 88}));
}

TEST(AssignTileIds, PlainTilesTakeCopiesThreeTwoOne) {
  auto ids = AssignTileIds(Parse("555m"), false);
  ASSERT_TRUE(ids.ok()) << ids.error();
  EXPECT_EQ(ids.value(), (std::vector<Tile>{19, 18, 17}));
}

TEST(AssignTileIds, MarkedCopyIsReservedEvenWhenItComesLast) {
  // Plain tiles never take the red copy, whatever the order.
  auto ids = AssignTileIds(Parse("5550m"), false);
  ASSERT_TRUE(ids.ok()) << ids.error();
  EXPECT_EQ(ids.value(), (std::vector<Tile>{19, 18, 17, 16}));
}

TEST(AssignTileIds, FourPlainFivesNeedCopyZero) {
  auto refused = AssignTileIds(Parse("5555m"), false);
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error(), "too many plain \"5m\" tiles");
  auto allowed = AssignTileIds(Parse("5555m"), true);
  ASSERT_TRUE(allowed.ok()) << allowed.error();
  EXPECT_EQ(allowed.value(), (std::vector<Tile>{19, 18, 17, 16}));
}

TEST(AssignTileIds, PeachTilesTakeCopyZero) {
  // "3*m37*s" = 3m (peach), 3s (plain), 7s (peach).
  auto ids = AssignTileIds(Parse("3*m37*s"), false);
  ASSERT_TRUE(ids.ok()) << ids.error();
  EXPECT_EQ(ids.value(), (std::vector<Tile>{8, 83, 96}));
}

TEST(AssignTileIds, HonorsAndOtherSuits) {
  auto ids = AssignTileIds(Parse("1z7z9s1p"), true);
  ASSERT_TRUE(ids.ok()) << ids.error();
  EXPECT_EQ(ids.value(), (std::vector<Tile>{111, 135, 107, 39}));
}

TEST(AssignTileIds, MarkedTwiceFails) {
  // ParseTiles already refuses "00m"; AssignTileIds checks hand-built specs too.
  auto ids = AssignTileIds({TileSpec{4, true}, TileSpec{4, true}}, true);
  ASSERT_FALSE(ids.ok());
  EXPECT_EQ(ids.error(), "\"0m\" appears twice");
}

TEST(AssignTileIds, FivePlainCopiesFail) {
  std::vector<TileSpec> specs(5, TileSpec{kWhite, false});
  auto ids = AssignTileIds(specs, true);
  ASSERT_FALSE(ids.ok());
  EXPECT_EQ(ids.error(), "too many plain \"5z\" tiles");
}

// ---------------------------------------------------------------- dora

TEST(DoraFromIndicator, NextInSuitWithWrapAround) {
  EXPECT_EQ(DoraFromIndicator(0), 1);     // 1m -> 2m
  EXPECT_EQ(DoraFromIndicator(4), 5);     // 5m -> 6m
  EXPECT_EQ(DoraFromIndicator(8), 0);     // 9m -> 1m
  EXPECT_EQ(DoraFromIndicator(16), 17);   // 8p -> 9p
  EXPECT_EQ(DoraFromIndicator(17), 9);    // 9p -> 1p
  EXPECT_EQ(DoraFromIndicator(18), 19);   // 1s -> 2s
  EXPECT_EQ(DoraFromIndicator(26), 18);   // 9s -> 1s
}

TEST(DoraFromIndicator, WindsCycleEastSouthWestNorth) {
  EXPECT_EQ(DoraFromIndicator(kEast), kSouth);
  EXPECT_EQ(DoraFromIndicator(kSouth), kWest);
  EXPECT_EQ(DoraFromIndicator(kWest), kNorth);
  EXPECT_EQ(DoraFromIndicator(kNorth), kEast);
}

TEST(DoraFromIndicator, DragonsCycleWhiteGreenRed) {
  EXPECT_EQ(DoraFromIndicator(kWhite), kGreen);
  EXPECT_EQ(DoraFromIndicator(kGreen), kRed);
  EXPECT_EQ(DoraFromIndicator(kRed), kWhite);
}

TEST(DoraFromIndicator, EveryKindPointsInsideItsGroup) {
  for (int k = 0; k < kNumKinds; ++k) {
    const Kind d = DoraFromIndicator(static_cast<Kind>(k));
    EXPECT_NE(d, k);
    if (k < 27) EXPECT_EQ(SuitOf(d), SuitOf(static_cast<Kind>(k)));
    else if (IsWind(static_cast<Kind>(k))) EXPECT_TRUE(IsWind(d));
    else EXPECT_TRUE(IsDragon(d));
  }
}

// ---------------------------------------------------------------- wall

// Wall::Without by its contract (wall.h): the tiles left keep their relative order in
// tiles[0..size), the removed ones (and those already out) follow in their order, and removing
// again changes nothing.
TEST(WallWithout, KeepsOrderAndPutsTheRemovedAfter) {
  Wall w;
  for (int i = 0; i < kNumTiles; ++i) w.tiles[i] = static_cast<Tile>((i * 37 + 11) % kNumTiles);  // a permutation
  const std::vector<Tile> out = {w.tiles[0], w.tiles[5], w.tiles[135], 77};
  const Wall a = w.Without(out);
  ASSERT_EQ(a.size, kNumTiles - 4);
  ASSERT_TRUE(a.IsPermutation());
  std::vector<Tile> kept, removed;
  for (int i = 0; i < kNumTiles; ++i) {
    const bool gone = std::find(out.begin(), out.end(), w.tiles[i]) != out.end();
    (gone ? removed : kept).push_back(w.tiles[i]);
  }
  for (int i = 0; i < a.size; ++i) EXPECT_EQ(a.tiles[i], kept[static_cast<size_t>(i)]) << i;
  for (int i = a.size; i < kNumTiles; ++i) EXPECT_EQ(a.tiles[i], removed[static_cast<size_t>(i - a.size)]) << i;
  // Idempotent, and a second removal keeps the first one's tiles out, in front of the new ones.
  const Wall again = a.Without(out);
  EXPECT_EQ(again.size, a.size);
  EXPECT_EQ(again.tiles, a.tiles);
  const Wall more = a.Without({a.tiles[0]});
  EXPECT_EQ(more.size, a.size - 1);
  EXPECT_EQ(more.tiles[a.size - 1], a.tiles[0]);
  for (int i = a.size; i < kNumTiles; ++i) EXPECT_EQ(more.tiles[i], a.tiles[i]) << i;
  // Nothing removed: the same wall.
  EXPECT_EQ(w.Without({}).tiles, w.tiles);
  EXPECT_EQ(w.Without({}).size, kNumTiles);
}

}  // namespace
}  // namespace tile_test
}  // namespace mj
