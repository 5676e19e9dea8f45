// PTXParser.g4 - the PTX assembly language (PTX ISA up to 9.0).
//
// A file is a sequence of units. The parse driver (lib/Parse/Parser.cpp)
// calls `unit` once per statement and tracks function bodies and nested
// scopes itself ('{' and '}' are units), so it can hand each statement to
// the checker and free it at once: memory stays flat for any file size.
// `module` describes the whole file for documentation and tooling.
//
// Instructions are generic (opcode with its qualifiers, then operands);
// their meaning is checked on the AST against the spec tables.
parser grammar PTXParser;

options { tokenVocab = PTXLexer; }

module : unit* EOF;

unit
  : versionDirective
  | targetDirective
  | addressSizeDirective
  | fileDirective
  | locDirective
  | sectionDirective
  | functionHeader
  | varDecl
  | label
  | instruction
  | LBRACE
  | RBRACE
  | genericDirective
  ;

// ---- Module directives (no terminating ';') -------------------------------
versionDirective     : VERSION (DEC_FLOAT | INT);
targetDirective      : TARGET IDENT (COMMA IDENT)*;
addressSizeDirective : ADDRESS_SIZE INT;
fileDirective        : FILE INT STRING (COMMA INT)*;
locDirective         : LOC INT INT INT (COMMA locAttribute)*;
locAttribute         : IDENT (INT+ | name (PLUS INT)?);

// DWARF and other sections: data lines without ';', labels, label arithmetic.
// At module scope the driver parses a section piecewise, sectionBegin and then
// one sectionLine at a time, so a large DWARF section costs no more memory
// than one of its lines; sectionDirective is the whole construct.
sectionDirective : sectionBegin sectionEntry* RBRACE;
sectionBegin     : SECTION (DOTNAME | IDENT) LBRACE;
sectionLine      : sectionEntry | RBRACE;
// The dwarf-lines of PTX ISA 9.0 section 11.5.2 (debugging-directives-section),
// as ptxas 13.0 parses them: a list of integers, or one label, label+imm or
// label1-label2; no ';', no other expression (docs/spec-differences.md).
sectionEntry
  : DOTNAME sectionData
  | name COLON
  ;
sectionData
  : sectionInt (COMMA sectionInt)*
  | name MINUS name
  | (name | DOTNAME) (PLUS INT)?
  ;
sectionInt : MINUS? INT;

// Any other directive: .pragma "nounroll"; .alias a, b; .callprototype ...;
// .branchtargets L1, L2; .calltargets f, g; .maxnreg 16; (in a body)
genericDirective : DOTNAME directiveArg* SEMI;
directiveArg     : ~(SEMI | LBRACE | RBRACE);

// ---- Functions ------------------------------------------------------------
// `{` opens the body (the driver then expects statements up to the matching
// `}`); `;` ends a declaration-only prototype. ptxas 13.0 also takes a
// prototype without its `;` (CUDA 3.x-4.0 compilers wrote them so) when the
// next directive follows, even under .version 8.0.
functionHeader
  : linkage* (ENTRY | FUNC) attributeSpec? returnList=paramList? name paramList? functionAttribute*
    (LBRACE | SEMI)?
  ;
linkage          : EXTERN | VISIBLE | WEAK | COMMON;
paramList        : LPAREN (paramDecl (COMMA paramDecl)*)? RPAREN;
paramDecl        : stateSpace declAttribute* declarator;
functionAttribute: DOTNAME (number (COMMA number)*)? | DOTNAME STRING SEMI;

// ---- Declarations ---------------------------------------------------------
// ptxas 13.0 takes a typed declaration without names (`.reg .u64 ;`, sample F);
// CheckDecls reports one without a type either.
varDecl       : linkage* stateSpace declAttribute* (declarator (COMMA declarator)*)? SEMI;
stateSpace    : REG | SREG | PARAM | SHARED | GLOBAL | CONST | LOCAL | TEX;
declAttribute : DOTNAME | INT | GLOBAL | SHARED | CONST | LOCAL | PARAM | attributeList;
// `.attribute(.managed)`, `.attribute(.unified(19, 95))` (PTX ISA 5.4.8): on a
// variable among its attributes, on a .func before its return list. ptxas 13.0
// takes only these two items; the checks judge the names and where they go.
attributeSpec : DOTNAME attributeList;
attributeList : LPAREN attributeItem (COMMA attributeItem)* RPAREN;
attributeItem : DOTNAME (LPAREN number (COMMA number)* RPAREN)?;
declarator    : name (LT INT GT)? arraySpec* (EQ initializer)?;
arraySpec     : LBRACK expr? RBRACK;
initializer   : INIT_LIST | LBRACE (initElement (COMMA initElement)*)? RBRACE | expr;
// A field of a .texref/.samplerref/.surfref variable (PTX ISA 5.3, Tables 10
// and 11): `.global .samplerref s = { filter_mode = nearest, addr_mode_0 = wrap };`
// CheckDecls judges where fields go and their names.
initElement   : name EQ expr | initializer;

// ---- Statements -----------------------------------------------------------
label       : name COLON;
// ptxas takes whitespace and comments between an opcode's dotted parts
// (`mma .sync.aligned`, `ld/**/.shared .b32`), not inside one of them.
instruction : guard? IDENT opcodePart* (operand (COMMA operand)*)? SEMI;
opcodePart  : DOTNAME | SHARED | GLOBAL | CONST | LOCAL | PARAM;
guard       : AT BANG? IDENT;

operand
  : LBRACE operand (COMMA operand)* RBRACE       # vectorOperand
  | LBRACK operand (COMMA operand)* RBRACK       # addressOperand
  | LPAREN (operand (COMMA operand)*)? RPAREN    # listOperand
  // an array element, PTX ISA 6.4.2: a[0], a[N-1], a[%r1], a[%r1+4], p[+0]
  | name LBRACK expr RBRACK                      # arrayOperand
  | pairName PIPE pairName                       # predPairOperand
  // tex and tld4 with a predicate output: `{%f1, %f2, %f3, %f4}|%p1`
  | LBRACE operand (COMMA operand)* RBRACE PIPE pairName   # vectorPredOperand
  | BANG IDENT                                   # negatedOperand
  | expr                                         # exprOperand
  ;
pairName : IDENT | UNDERSCORE;

// Constant expressions: operands (foo+8, %rd1+-4), initializers, array sizes.
expr
  : primary                                           # primaryExpr
  | (MINUS | PLUS | TILDE | BANG) expr                # unaryExpr
  // (.u64) and (.s64) casts, PTX ISA 4.5.4; other types are checked after
  // parsing (ptxas: "Unsupported cast operation")
  | LPAREN DOTNAME RPAREN expr                        # castExpr
  | expr (STAR | SLASH | PERCENT) expr                # mulExpr
  | expr (PLUS | MINUS) expr                          # addExpr
  | expr (SHL | SHR) expr                             # shiftExpr
  | expr (LT | GT | LE | GE | EQEQ | NE) expr         # compareExpr
  | expr AMP expr                                     # bitAndExpr
  | expr CARET expr                                   # bitXorExpr
  // `%p|%q` as an operand is a predicate pair (predPairOperand comes first)
  | expr PIPE expr                                    # bitOrExpr
  | expr ANDAND expr                                  # andExpr
  | expr OROR expr                                    # orExpr
  | <assoc = right> expr QUESTION expr COLON expr     # condExpr
  ;
primary
  : name LPAREN expr (COMMA expr)* RPAREN   // generic(foo), mask(...)
  | name
  | number
  | LPAREN expr RPAREN
  ;
name   : IDENT | UNDERSCORE;
number : INT | DEC_FLOAT | FLOAT_HEX | DOUBLE_HEX;
