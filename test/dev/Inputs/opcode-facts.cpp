// Input of opcode-facts.test: five opcode facts and one section literal.
// if (I.Opcode == "add") in a comment is not counted
bool a(const Instruction &I) { return I.Opcode == "ld"; }
bool b(llvm::StringRef Op) { return "st" != Op; }
bool c(llvm::StringRef Op) { return Op.startswith("cp"); }
bool d(llvm::StringRef Op) { return opIn(Op, {"min", "max"}); }
bool e(const Instruction &I) { return Is({"sin", "cos"}); }
const char *f() { return "9.7.1.1"; }
bool g(llvm::StringRef Name) { return Name == ".loc"; } // a directive, not counted
