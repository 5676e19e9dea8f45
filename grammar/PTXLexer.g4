// PTXLexer.g4 - tokens of the PTX assembly language (PTX ISA up to 9.0).
//
// Opcodes are lexed with their dotted qualifiers as one IDENT token
// ("mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32",
// "ld.global.nc.L1::evict_last.v4.f32", "%tid.x"); the converter splits
// them. Whitespace and comments are skipped, never materialised as tokens.
// Structural directives are keywords (they precede DOTNAME so that the
// equal-length match picks them); every other directive or type is DOTNAME.
lexer grammar PTXLexer;

// A large brace initializer in a plain subset of the syntax, folded into one
// token by the parse driver (lib/Parse/InitScan.h); never lexed by a rule.
tokens { INIT_LIST }

VERSION      : '.version';
TARGET       : '.target';
ADDRESS_SIZE : '.address_size';
ENTRY        : '.entry';
FUNC         : '.func';
SECTION      : '.section';
FILE         : '.file';
LOC          : '.loc';

REG    : '.reg';
SREG   : '.sreg';
PARAM  : '.param';
SHARED : '.shared';
GLOBAL : '.global';
CONST  : '.const';
LOCAL  : '.local';
TEX    : '.tex';

EXTERN  : '.extern';
VISIBLE : '.visible';
WEAK    : '.weak';
COMMON  : '.common';

// ".b32", ".align", ".maxntid", ".debug_info", ".shared::cta", ...
DOTNAME : '.' [a-zA-Z_] [a-zA-Z0-9_$]* ('::' [a-zA-Z0-9_]+)*;

// Numbers. 0f/0d are IEEE bit patterns of exactly 8 and 16 hexadecimal
// digits (ptxas lexes 0f3F80000 as 0 and f3F80000); U marks unsigned
// integers; an integer with a leading 0 is octal, so 09 is 0 and then 9, as
// ptxas reads it (a syntax error). 09.5 and 08e1 are decimal floats.
FLOAT_HEX  : '0' [fF] HEX4 HEX4;
DOUBLE_HEX : '0' [dD] HEX4 HEX4 HEX4 HEX4;
INT
  : '0' [xX] HEXDIGIT+ 'U'?
  | '0' [bB] [01]+ 'U'?
  | '0' [0-7]* 'U'?
  | [1-9] [0-9]* 'U'?
  ;
DEC_FLOAT
  : [0-9]+ '.' [0-9]* EXPONENT?
  | '.' [0-9]+ EXPONENT?
  | [0-9]+ EXPONENT
  ;

// Identifiers, opcodes with qualifiers, registers (%r1, %tid.x), labels
// ($L__BB0_1). A lone '_' is the sink (UNDERSCORE).
IDENT
  : ([a-zA-Z] [a-zA-Z0-9_$]* | [_$%] [a-zA-Z0-9_$]+) ('.' [a-zA-Z0-9_]+ ('::' [a-zA-Z0-9_]+)*)*
  ;
UNDERSCORE : '_';

STRING : '"' (~["\\\r\n] | '\\' .)* '"';

SEMI     : ';';
COMMA    : ',';
COLON    : ':';
LBRACE   : '{';
RBRACE   : '}';
LBRACK   : '[';
RBRACK   : ']';
LPAREN   : '(';
RPAREN   : ')';
SHL      : '<<';
SHR      : '>>';
LE       : '<=';
GE       : '>=';
EQEQ     : '==';
NE       : '!=';
ANDAND   : '&&';
OROR     : '||';
LT       : '<';
GT       : '>';
PLUS     : '+';
MINUS    : '-';
STAR     : '*';
SLASH    : '/';
PERCENT  : '%';
AT       : '@';
BANG     : '!';
PIPE     : '|';
AMP      : '&';
CARET    : '^';
TILDE    : '~';
EQ       : '=';
QUESTION : '?';

WS            : [ \t\r\n\f]+ -> skip;
LINE_COMMENT  : '//' ~[\r\n]* -> skip;
BLOCK_COMMENT : '/*' .*? '*/' -> skip;
// nvopencc's DWARF lines (PTX ISA 1.x; ptxas 13.0 still takes them between
// module-scope statements): skipped like comments, as lib/Parse/Lexer.cpp does.
DWARF_LINE    : '@@DWARF' [ \t]+ ('.byte' | '.4byte' | '.quad' | '.b8' | '.b16' | '.b32' | '.b64'
                | '.section') ([ \t] ~[\r\n]*)? -> skip;

// Anything else becomes a token the parser rejects with a located error,
// so the lexer itself never fails.
ERROR_CHAR : .;

fragment HEXDIGIT : [0-9a-fA-F];
fragment HEX4 : HEXDIGIT HEXDIGIT HEXDIGIT HEXDIGIT;
fragment EXPONENT : [eE] [+-]? [0-9]+;
