// Input of opcode-facts.test: five opcode facts, one section literal, three name lists.
// if (I.Opcode == "add") in a comment is not counted
bool a(const Instruction &I) { return I.Opcode == "ld"; }
bool b(llvm::StringRef Op) { return "st" != Op; }
bool c(llvm::StringRef Op) { return Op.startswith("cp"); }
bool d(llvm::StringRef Op) { return opIn(Op, {"min", "max"}); }
bool e(const Instruction &I) { return Is({"sin", "cos"}); }
const char *f() { return "9.7.1.1"; }
bool g(llvm::StringRef Name) { return Name == ".loc"; } // a directive, not counted
// Three lists of names (a brace list of dotted names, rows that start with
// one, a StringSwitch .Cases of two); a single name and plain words are not.
const char *const Ops[] = {".load", ".store", ".mma"};
const struct {
  const char *N;
  unsigned B;
} Ts[] = {{".f16", 16}, {".f32", 32}};
unsigned h(llvm::StringRef T) {
  return llvm::StringSwitch<unsigned>(T).Cases(".b8", ".u8", 8).Case(".b16", 16).Default(0);
}
const char *const One[] = {".d"};
const char *const Fields[] = {"width", "height"};
