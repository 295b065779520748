//go:build amd64 && !safejson_safe

#include "textflag.h"

// Constants of copyClean32, 32 bytes each (both 128-bit lanes alike).
#define B32(off, v) DATA cleanconst<>+off(SB)/8, $v; DATA cleanconst<>+(off+8)(SB)/8, $v; DATA cleanconst<>+(off+16)(SB)/8, $v; DATA cleanconst<>+(off+24)(SB)/8, $v

B32(0, 0x0f0f0f0f0f0f0f0f)   // nibble mask
B32(32, 0x6060606060606060)  // third byte of a 3- or 4-byte sequence: prev2 >= 0xE0
B32(64, 0x7070707070707070)  // fourth byte of a 4-byte sequence: prev3 >= 0xF0
B32(96, 0x8080808080808080)
B32(128, 0xfefefefefefefefe)
B32(160, 0xa8a8a8a8a8a8a8a8)
B32(192, 0xe2e2e2e2e2e2e2e2)
B32(224, 0x7f7f7f7f7f7f7f7f) // the escape bits of FLAGS
B32(256, 0x5c5c5c5c5c5c5c5c) // '\\'
GLOBL cleanconst<>(SB), RODATA|NOPTR, $288

// FLAGS sets Y1 to the flags of the block Y0 by the nibble lookups Y8 (low)
// and Y9 (high): 0x80 for a byte that is not ASCII, bits of 0x7F for one to
// escape, zero for the rest. It leaves the high nibbles in Y3, for UTF8.
#define FLAGS \
	VPSRLW  $4, Y0, Y3 \
	VPAND   Y10, Y3, Y3 \
	VPAND   Y10, Y0, Y2 \
	VPSHUFB Y3, Y9, Y1 \
	VPSHUFB Y2, Y8, Y2 \
	VPAND   Y2, Y1, Y1

// UTF8 sets Y2 to the UTF-8 errors of the block Y0 (nonzero bytes),
// given its high nibbles in Y3 and the bytes one, two and three before
// each byte in Y4, Y5 and Y6. It uses Y3 and Y7.
#define UTF8 \
	/* Errors between each byte and the one before it. */ \
	VPSRLW   $4, Y4, Y2 \
	VPAND    Y10, Y2, Y2 \
	VPSHUFB  Y2, Y11, Y2 \
	VPAND    Y10, Y4, Y7 \
	VPSHUFB  Y7, Y12, Y7 \
	VPAND    Y7, Y2, Y2 \
	VPSHUFB  Y3, Y13, Y7 \
	VPAND    Y7, Y2, Y2 \
	/* Continuations that a 3- or 4-byte lead asks for: expected where */ \
	/* the lookups flag two in a row, an error where they do not. */ \
	VPSUBUSB 32(R9), Y5, Y3 \
	VPSUBUSB 64(R9), Y6, Y7 \
	VPOR     Y7, Y3, Y3 \
	VPAND    96(R9), Y3, Y3 \
	VPXOR    Y3, Y2, Y2

// E2 sets Y3 to the bytes whose byte two before is E2, the lead of
// U+2028 and U+2029 (E2 80 A8, E2 80 A9), and ZF if there are none: few
// blocks have any, and only those need U2028.
#define E2 \
	VPCMPEQB 192(R9), Y5, Y3 \
	VPTEST   Y3, Y3

// U2028 adds U+2028 and U+2029 to the problems in Y2, given E2's Y3.
#define U2028 \
	VPCMPEQB 96(R9), Y4, Y7 \
	VPAND    Y7, Y3, Y3 \
	VPAND    128(R9), Y0, Y7 \
	VPCMPEQB 160(R9), Y7, Y7 \
	VPAND    Y7, Y3, Y3 \
	VPOR     Y3, Y2, Y2

// DOUBLED writes the 8 bytes of src at off(SI)(AX*1) to BX, each escape
// among them, flagged in R11 (8 bits), as a backslash and itself: by the
// shuffle for R11 at (DX), whose index 8 takes a backslash, put in the
// high half from X4. It uses R10 and X3.
#define DOUBLED(off) \
	POPCNTL     R11, R10 \
	SHLL        $4, R11 \
	VMOVQ       off(SI)(AX*1), X3 \
	VPUNPCKLQDQ X4, X3, X3 \
	VPSHUFB     (DX)(R11*1), X3, X3 \
	VMOVDQU     X3, (DI)(BX*1) \
	LEAQ        8(BX)(R10*1), BX

// DOUBLED32 writes the 32 bytes of src from AX to BX by DOUBLED, given
// their escapes in R8 (32 bits) and cleanconst in R9. It uses DX, R8 and
// R10-R11, X3 and X4.
#define DOUBLED32 \
	VMOVDQU   256(R9), X4 \
	LEAQ      ·doubledShuffles(SB), DX \
	MOVBLZX   R8B, R11 \
	DOUBLED(0) \
	MOVL      R8, R11 \
	SHRL      $8, R11 \
	ANDL      $0xff, R11 \
	DOUBLED(8) \
	MOVL      R8, R11 \
	SHRL      $16, R11 \
	ANDL      $0xff, R11 \
	DOUBLED(16) \
	SHRL      $24, R8 \
	MOVL      R8, R11 \
	DOUBLED(24)

// ESCAPES sets R8 to the mask of the bytes Y1 flags, with Y4.
#define ESCAPES \
	VPCMPEQB  Y14, Y1, Y4 \
	VPMOVMSKB Y4, R8 \
	NOTL      R8

// PASTEND sets the flags for JA to jump where a read of 32 bytes starting
// at most at the end of src, and running past it, may cross into a page
// that cannot be read: unless src's last byte is 32 or more before the end
// of its page. Bytes read past src are never kept, and reading them from
// src saves a load from a copy just stored, which stalls. It uses r.
#define PASTEND(r) \
	MOVQ n+24(FP), r \
	LEAQ -1(SI)(r*1), r \
	ANDL $4095, r \
	CMPL r, $4063

// NEXT loads the next block into Y0 and sets its FLAGS, going to done
// when fewer than 224 bytes of room are left and to tail when fewer than
// 32 bytes of src are; DX is the end of the block.
#define NEXT \
	CMPQ    BX, R12 \
	JGT     done \
	LEAQ    32(AX), DX \
	CMPQ    DX, CX \
	JA      tail \
	VMOVDQU (SI)(AX*1), Y0 \
	FLAGS

// SKIP32 is the body of skipPlain32 and skipText32, below, with seps
// the check of U+2028 and U+2029 or nothing.
#define SKIP32(seps) \
	MOVQ src+0(FP), SI \
	MOVQ n+8(FP), CX \
	MOVQ nibbles+16(FP), R8 \
	MOVQ tables+24(FP), R11 \
	LEAQ cleanconst<>(SB), R9 \
	VMOVDQU 0(R8), Y8 \
	VMOVDQU 32(R8), Y9 \
	VMOVDQU 0(R9), Y10 \
	VMOVDQU 0(R11), Y11 \
	VMOVDQU 32(R11), Y12 \
	VMOVDQU 64(R11), Y13 \
	VPXOR   Y14, Y14, Y14 \
	VPXOR   Y15, Y15, Y15 /* the block before: none, as if ASCII */ \
	XORQ    AX, AX \
plainloop: \
	/* The bytes before AX end on a character boundary. */ \
	LEAQ    32(AX), DX \
	CMPQ    DX, CX \
	JA      plaindone \
	VMOVDQU (SI)(AX*1), Y0 \
	FLAGS \
	VPTEST  Y1, Y1 \
	JNZ     plainfull \
	MOVQ    DX, AX \
	JMP     plainloop \
plainloopfull: \
	/* The block before was not all ASCII: a character may go on into */ \
	/* this one, so it is checked whole. */ \
	LEAQ    32(AX), DX \
	CMPQ    DX, CX \
	JA      plaindone \
	VMOVDQU (SI)(AX*1), Y0 \
	FLAGS \
plainfull: \
	VPERM2I128 $0x21, Y0, Y15, Y7 \
	VPALIGNR   $15, Y7, Y0, Y4 \
	VPALIGNR   $14, Y7, Y0, Y5 \
	VPALIGNR   $13, Y7, Y0, Y6 \
	UTF8 \
	seps \
	VPAND      224(R9), Y1, Y1 /* the bytes flagged */ \
	VPOR       Y1, Y2, Y3 \
	VPTEST     Y3, Y3 \
	JNZ        plainpart \
	VMOVDQA    Y0, Y15 \
	MOVQ       DX, AX \
	VPMOVMSKB  Y0, R13 \
	TESTL      R13, R13 \
	JZ         plainloop \
	JMP        plainloopfull \
plainpart: \
	/* Up to the first problem of the block. */ \
	VPCMPEQB  Y14, Y3, Y3 \
	VPMOVMSKB Y3, R13 \
	NOTL      R13 \
	BSFL      R13, R13 \
	ADDQ      R13, AX \
plaindone: \
	VZEROUPPER \
	MOVQ AX, ret+32(FP) \
	RET

// NOSEPS leaves U+2028 and U+2029 alone; SEPS flags them.
#define NOSEPS
#define SEPS E2; JZ plainchecked; U2028; plainchecked:

// func copyClean32(dst *byte, room int, src *byte, n int, nibbles *[3][32]byte, tables *[3][32]byte, seqs *[128]uint64) (consumed, written int)
//
// Needs AVX2 and n >= 32. Copies src to dst 32 bytes at a time, writing
// each byte to escape as seqs gives it (its bytes, then its length in the
// top byte), and checking the UTF-8, with the bytes before each block as
// context. A block of ASCII with nothing to escape, after one that ended
// on a character boundary, needs only FLAGS: it is stored at once. The
// last, partial block is checked as the 32 bytes ending at n, overlapping
// ones already done. It stops at the first UTF-8 problem, at n, or when
// fewer than 224 bytes of room are left before a block (32 bytes may
// become 192), and returns how many bytes of src it consumed and of dst it
// wrote. A block with no UTF-8 problem whose escapes are all '/', '"' or
// '\\' (each written as a backslash and itself: seqs must agree) is
// written 8 bytes at a time by the shuffles of doubledShuffles, with no
// branch per escape: paths and URLs in Script mode.
//
// The frame holds a copy of the block being escaped.
TEXT ·copyClean32(SB), NOSPLIT, $64-72
	MOVQ dst+0(FP), DI
	MOVQ room+8(FP), R12
	MOVQ src+16(FP), SI
	MOVQ n+24(FP), CX
	MOVQ nibbles+32(FP), R8
	MOVQ tables+40(FP), R11
	LEAQ cleanconst<>(SB), R9
	VMOVDQU 0(R8), Y8       // flags by low nibble
	VMOVDQU 32(R8), Y9      // flags by high nibble
	VMOVDQU 0(R9), Y10      // 0x0F
	VMOVDQU 0(R11), Y11     // UTF-8 errors by the previous byte's high nibble
	VMOVDQU 32(R11), Y12    // by its low nibble
	VMOVDQU 64(R11), Y13    // by this byte's high nibble
	VPXOR   Y14, Y14, Y14   // zero
	VPXOR   Y15, Y15, Y15   // the previous block: none, as if ASCII
	SUBQ $224, R12          // a block may start while BX <= R12
	XORQ AX, AX             // consumed
	XORQ BX, BX             // written

loop:
	// The bytes before AX end on a character boundary, and are ASCII.
	NEXT
	VPTEST  Y1, Y1
	JNZ     dirty
	VMOVDQU Y0, (DI)(BX*1)
	VMOVDQA Y0, Y15
	MOVQ    DX, AX
	ADDQ    $32, BX
	JMP     loop

dirty:
	// ASCII after ASCII has no UTF-8 to check, and its flags are all
	// escapes: the common case of URLs in Script mode. R13 is left 0,
	// the bytes of the block already done, for slow.
	VPMOVMSKB Y0, R13
	TESTL     R13, R13
	JNZ       full
	VPXOR     Y2, Y2, Y2

whole:
	// A whole block with no UTF-8 problem whose escapes Y1 flags (only),
	// and R13 0. Unless one of them is not a backslash and itself, the
	// block goes through DOUBLED32.
	MOVQ      nibbles+32(FP), R11
	VPTEST    64(R11), Y1   // the groups of escapes not written doubled
	JNZ       slow
	ESCAPES
	DOUBLED32
	ADDQ      $32, AX
	VMOVDQA   Y0, Y15
	VPMOVMSKB Y0, R13
	TESTL     R13, R13
	JZ        loop
	JMP       loopfull

loopfull:
	// The block before was not all ASCII: a character may go on into
	// this one, so it is checked whole.
	NEXT

full:
	VPERM2I128 $0x21, Y0, Y15, Y7
	VPALIGNR   $15, Y7, Y0, Y4
	VPALIGNR   $14, Y7, Y0, Y5
	VPALIGNR   $13, Y7, Y0, Y6
	UTF8
	E2
	JZ        fullchecked
	U2028

fullchecked:
	VPAND     224(R9), Y1, Y1 // the bytes to escape
	VPOR      Y1, Y2, Y3
	VPTEST    Y3, Y3
	JNZ       block
	VMOVDQU   Y0, (DI)(BX*1)
	VMOVDQA   Y0, Y15
	MOVQ      DX, AX
	ADDQ      $32, BX
	VPMOVMSKB Y0, R13
	TESTL     R13, R13
	JZ        loop
	JMP       loopfull

block:
	XORQ   R13, R13
	VPTEST Y2, Y2
	JZ     whole
	JMP    slow

backslashed:
	// The last block, in Y0, of which the first R13 bytes are done, has no
	// UTF-8 problem, and Y1 flags its escapes (only). Unless one of them
	// is not a backslash and itself, or the reads from src would pass its
	// end where PASTEND forbids, the 32 bytes from AX on go through
	// DOUBLED32.
	MOVQ      nibbles+32(FP), R11
	VPTEST    64(R11), Y1
	JNZ       slow
	PASTEND(R11)
	JA        slow
	ESCAPES
	MOVQ      R13, CX
	SHRL      CL, R8        // the escapes from AX on
	DOUBLED32
	// The 32 bytes written count the R13 done and the bytes past src.
	SUBQ      R13, BX
	ADDQ      $32, AX
	SUBQ      R13, AX
	MOVQ      n+24(FP), CX
	VMOVDQA   Y0, Y15
	VPMOVMSKB Y0, R13
	TESTL     R13, R13
	JZ        loop
	JMP       loopfull

tail:
	// The last 32 bytes. If they are ASCII with nothing to escape, they
	// are stored whole, over the bytes already written for their start:
	// those are the same. (Their byte before AX is ASCII, so no character
	// is left open there.) Otherwise they are checked with their context
	// loaded from memory, for which there must be 3 bytes before them.
	// R13 of them were done already.
	CMPQ AX, CX
	JEQ  done
	VMOVDQU -32(SI)(CX*1), Y0
	FLAGS
	VPTEST  Y1, Y1
	JNZ     taildirty
	SUBQ    AX, BX
	ADDQ    CX, BX
	VMOVDQU Y0, -32(DI)(BX*1)
	MOVQ    CX, AX
	JMP     done

taildirty:
	// As at dirty: all ASCII, which includes the bytes before AX, has
	// only escapes.
	VPMOVMSKB Y0, R13
	TESTL     R13, R13
	JNZ       tailfull
	VPXOR     Y2, Y2, Y2
	MOVQ      AX, R13
	SUBQ      CX, R13
	ADDQ      $32, R13
	JMP       backslashed

tailfull:
	CMPQ CX, $35
	JB   done
	VMOVDQU -33(SI)(CX*1), Y4
	VMOVDQU -34(SI)(CX*1), Y5
	VMOVDQU -35(SI)(CX*1), Y6
	UTF8
	E2
	JZ    tailchecked
	U2028

tailchecked:
	VPAND  224(R9), Y1, Y1
	MOVQ   AX, R13
	SUBQ   CX, R13
	ADDQ   $32, R13
	VPTEST Y2, Y2
	JZ     backslashed

slow:
	// The block in Y0, of which the first R13 bytes are done, has bytes
	// to escape in Y1 and UTF-8 problems in Y2 (nonzero bytes). Write it
	// up to its first problem: stored whole, then from each byte to
	// escape its sequence and the 32 bytes after it, each store moving
	// the rest further on.
	VMOVDQU   Y0, 0(SP)
	VPCMPEQB  Y14, Y2, Y2
	VPMOVMSKB Y2, DX
	NOTL      DX            // UTF-8 problems
	VPCMPEQB  Y14, Y1, Y1
	VPMOVMSKB Y1, R8
	NOTL      R8            // bytes to escape
	MOVQ      R13, CX
	SHRL      CL, DX
	SHRL      CL, R8
	MOVL      $32, R10
	SUBL      R13, R10      // bytes left in the block
	BSFL      DX, R11
	CMOVLNE   R11, R10
	MOVL      R10, DX       // DX: bytes to write, up to the first problem
	CMPL      DX, $32
	JAE       masked
	MOVL      DX, CX
	MOVL      $1, R11
	SHLL      CL, R11
	DECL      R11
	ANDL      R11, R8       // R8: the bytes to escape among them
masked:
	TESTQ   R13, R13
	JNZ     partstore
	VMOVDQU Y0, (DI)(BX*1)
	JMP     stored
partstore:
	PASTEND(R11)
	JA      partframe
	VMOVDQU (SI)(AX*1), Y3
	VMOVDQU Y3, (DI)(BX*1)
	JMP     stored
partframe:
	VMOVDQU (SP)(R13*1), Y3
	VMOVDQU Y3, (DI)(BX*1)
stored:
	XORQ    R10, R10        // bytes added by escapes so far
escape:
	TESTL R8, R8
	JZ    escaped
	BSFL  R8, CX
	LEAL  -1(R8), R11
	ANDL  R11, R8
	LEAQ  (AX)(CX*1), R9
	MOVBQZX (SI)(R9*1), R9
	SHLQ  $3, R9
	ADDQ  seqs+48(FP), R9
	MOVQ  (R9), R9          // the sequence
	LEAQ  (BX)(CX*1), R11
	ADDQ  R10, R11
	MOVQ  R9, (DI)(R11*1)
	SHRQ  $56, R9           // its length
	ADDQ  R9, R11
	LEAQ  -1(R10)(R9*1), R10
	// The 32 bytes after the escaped one: from src while they are inside
	// it or PASTEND allows, else from the frame.
	LEAQ  33(AX)(CX*1), R9
	CMPQ  R9, n+24(FP)
	JA    pastend
	VMOVDQU -32(SI)(R9*1), Y3
	JMP   escstore
pastend:
	PASTEND(R9)
	JA    fromframe
	LEAQ  33(AX)(CX*1), R9
	VMOVDQU -32(SI)(R9*1), Y3
	JMP   escstore
fromframe:
	ADDQ  R13, CX
	VMOVDQU 1(SP)(CX*1), Y3
escstore:
	VMOVDQU Y3, (DI)(R11*1)
	JMP   escape
escaped:
	ADDQ DX, AX
	ADDQ DX, BX
	ADDQ R10, BX
	MOVQ n+24(FP), CX
	LEAQ cleanconst<>(SB), R9
	MOVL $32, R10
	SUBL R13, R10
	CMPL DX, R10
	JB   done               // stopped at a UTF-8 problem
	VMOVDQA   Y0, Y15
	VPMOVMSKB Y0, R13
	TESTL     R13, R13
	JZ        loop
	JMP       loopfull

done:
	VZEROUPPER
	MOVQ AX, consumed+56(FP)
	MOVQ BX, written+64(FP)
	RET

// func skipPlain32(src *byte, n int, nibbles *[3][32]byte, tables *[3][32]byte) int
// func skipText32(src *byte, n int, nibbles *[3][32]byte, tables *[3][32]byte) int
//
// Needs AVX2 and n >= 32. Returns how many bytes from src on are valid
// UTF-8 with no byte that the nibble lookups flag (for a string literal's
// body, '"', '\\' and control bytes, as mode 0 has them). It reads
// whole blocks of 32 with the bytes before each as context, src[0] being
// the start of a character, and counts the first block with a problem up
// to that problem; it stops short of the last, partial block. The last
// bytes counted may begin a character that the bytes after them were to
// complete: the caller gives those back. skipText32 also stops at U+2028
// and U+2029; skipPlain32 passes them, and so checks less in each block
// that is not all ASCII.
TEXT ·skipPlain32(SB), NOSPLIT, $0-40
	SKIP32(NOSEPS)

TEXT ·skipText32(SB), NOSPLIT, $0-40
	SKIP32(SEPS)
