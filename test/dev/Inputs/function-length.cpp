// Inputs of function-length.test, laid out as the checker must read them:
// clang-format off
#include <string>
#define BRACES { {
namespace ns {
struct S {
  int inlineMember() const {
    return 1;
    // }
  }
  bool operator<(const S &O) const {
    return false;
  }
};
static const int Table[] = {
  1, 2, 3,
};
extern "C" {
int cFunction(int A) {
  const char *Str = "}}} { \" }";
  const char *Raw = R"x(} } ")x";
  char C = '}';
  auto L = [&](int X) {
    return X + 1;
  };
  /* } */
  return L(A) + C + Str[0] + Raw[0];
}
}
S::S() : A(1), B{2} {
  int X = 0;
  X++;
  X++;
}
} // namespace ns
