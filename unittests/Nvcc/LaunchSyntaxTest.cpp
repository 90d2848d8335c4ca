//===- LaunchSyntaxTest.cpp - Spaced kernel launches ----------------------===//

#include "LaunchSyntax.h"

#include "gtest/gtest.h"

using namespace mm::nvcc;

namespace {

std::string respell(const char *Source) {
  return respellSpacedLaunches(Source).value_or("(unchanged)");
}

TEST(LaunchSyntaxTest, RespellsTheChevronsInPlace) {
  EXPECT_EQ(respell("k << < g, b >> > (p);"), "k <<<  g, b >>>  (p);");
  // A tab is one byte, as a space: columns stay.
  EXPECT_EQ(respell("k<<\t<g, b>>\t>(p);"), "k<<< g, b>>> (p);");
  EXPECT_EQ(respell("k <<  <g, b>>>(p);"), "k <<<  g, b>>>(p);");
}

TEST(LaunchSyntaxTest, LeavesWhatIsNoSpacedLaunch) {
  EXPECT_EQ(respellSpacedLaunches("k<<<g, b>>>(p); x = y << 2 >> 1;"),
            std::nullopt);
  // A nested template's closing chevrons, outside any launch.
  EXPECT_EQ(respellSpacedLaunches("std::vector<box<box<int>> > v;"),
            std::nullopt);
  // `<<` then a line break is not respelled: lines would move.
  EXPECT_EQ(respellSpacedLaunches("k <<\n< g, b >>>(p);"), std::nullopt);
  // Nor a shift then a comparison.
  EXPECT_EQ(respellSpacedLaunches("a << <= b;"), std::nullopt);
}

TEST(LaunchSyntaxTest, SkipsCommentsAndLiterals) {
  EXPECT_EQ(respellSpacedLaunches("// k << < g, b >> > (p);\n"
                                  "/* k << < g, b >> > */\n"
                                  "const char *s = \"<< < \\\" >> >\";\n"
                                  "char c = '<'; int n = 1'000;\n"
                                  "auto r = R\"x(<< < )\" >> >)x\";\n"),
            std::nullopt);
}

TEST(LaunchSyntaxTest, ClosesAtTheOpenersDepth) {
  // Closing chevrons inside parentheses belong to a template.
  EXPECT_EQ(respell("k << < dim3(f<g<int>> >(1)), b >> > (p);"),
            "k <<<  dim3(f<g<int>> >(1)), b >>>  (p);");
  // A launch whose closing chevrons are unspaced, then another.
  EXPECT_EQ(respell("k << < g, b>>>(p); m << < 1, 2 >> >();"),
            "k <<<  g, b>>>(p); m <<<  1, 2 >>> ();");
}

TEST(LaunchSyntaxTest, FindsTheIncludedHeaders) {
  std::vector<IncludedHeader> Headers =
      getIncludedHeaders("#include \"a.cuh\"\n"
                         "  #  include <dir/b.h>  // angled\n"
                         "#if 0\n#include \"c.h\"\n#endif\n"
                         "#include MACRO\n#define X 1\n"
                         "#include \"\"\nint include;\n#include \"d.h");
  ASSERT_EQ(Headers.size(), 3u);
  EXPECT_EQ(Headers[0].Name, "a.cuh");
  EXPECT_FALSE(Headers[0].Angled);
  EXPECT_EQ(Headers[1].Name, "dir/b.h");
  EXPECT_TRUE(Headers[1].Angled);
  // Whatever the conditions: a header that might be read is respelled.
  EXPECT_EQ(Headers[2].Name, "c.h");
}

} // namespace
