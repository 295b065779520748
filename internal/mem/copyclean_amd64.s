//go:build amd64 && !safejson_safe

#include "textflag.h"

// Constants of copyClean32, 32 bytes each (both 128-bit lanes alike).
#define B32(off, v) DATA cleanconst<>+off(SB)/8, $v; DATA cleanconst<>+(off+8)(SB)/8, $v; DATA cleanconst<>+(off+16)(SB)/8, $v; DATA cleanconst<>+(off+24)(SB)/8, $v

B32(0, 0x1f1f1f1f1f1f1f1f)   // control bytes are <= 0x1F
B32(32, 0x5c5c5c5c5c5c5c5c)  // '\\'
B32(64, 0x0f0f0f0f0f0f0f0f)  // nibble mask
B32(96, 0x6060606060606060) // third byte of a 3- or 4-byte sequence: prev2 >= 0xE0
B32(128, 0x7070707070707070) // fourth byte of a 4-byte sequence: prev3 >= 0xF0
B32(160, 0x8080808080808080)
B32(192, 0xfefefefefefefefe)
B32(224, 0xa8a8a8a8a8a8a8a8)
B32(256, 0xe2e2e2e2e2e2e2e2)
// Per mode (Plain, HTML, Script), 160 bytes: orA, eqA, orC, eqC, eqD, as
// in scan_amd64.s.
B32(288, 0x0000000000000000)
B32(320, 0x2222222222222222)
B32(352, 0x0000000000000000)
B32(384, 0x5c5c5c5c5c5c5c5c)
B32(416, 0x5c5c5c5c5c5c5c5c)
B32(448, 0x0404040404040404)
B32(480, 0x2626262626262626)
B32(512, 0x0202020202020202)
B32(544, 0x3e3e3e3e3e3e3e3e)
B32(576, 0x5c5c5c5c5c5c5c5c)
B32(608, 0x0404040404040404)
B32(640, 0x2626262626262626)
B32(672, 0x0202020202020202)
B32(704, 0x3e3e3e3e3e3e3e3e)
B32(736, 0x2f2f2f2f2f2f2f2f)
GLOBL cleanconst<>(SB), RODATA|NOPTR, $768

// CHECK sets Y1 to the bytes of the block Y0 to escape (0xFF each: control
// bytes, '"', '\\' and the mode's own) and Y2 to its UTF-8 problems
// (nonzero: invalid UTF-8, U+2028, U+2029), given the bytes one, two and
// three before each byte in Y4, Y5 and Y6. It uses Y3 and Y7.
#define CHECK \
	VPMINUB  Y8, Y0, Y1 \
	VPCMPEQB Y1, Y0, Y1 \
	VPOR     Y11, Y0, Y2 \
	VPCMPEQB Y12, Y2, Y2 \
	VPOR     Y2, Y1, Y1 \
	VPCMPEQB 32(R9), Y0, Y2 \
	VPOR     Y2, Y1, Y1 \
	VPOR     Y13, Y0, Y2 \
	VPCMPEQB Y14, Y2, Y2 \
	VPOR     Y2, Y1, Y1 \
	VPCMPEQB Y9, Y0, Y2 \
	VPOR     Y2, Y1, Y1 \
	/* UTF-8 errors between each byte and the one before it. */ \
	VPSRLW  $4, Y4, Y2 \
	VPAND   Y10, Y2, Y2 \
	VMOVDQU 0(R11), Y7 \
	VPSHUFB Y2, Y7, Y2 \
	VPAND   Y10, Y4, Y3 \
	VMOVDQU 32(R11), Y7 \
	VPSHUFB Y3, Y7, Y3 \
	VPAND   Y3, Y2, Y2 \
	VPSRLW  $4, Y0, Y3 \
	VPAND   Y10, Y3, Y3 \
	VMOVDQU 64(R11), Y7 \
	VPSHUFB Y3, Y7, Y3 \
	VPAND   Y3, Y2, Y2 \
	/* Continuations that a 3- or 4-byte lead asks for: expected where */ \
	/* the lookups flag two in a row, an error where they do not. */ \
	VPSUBUSB 96(R9), Y5, Y3 \
	VPSUBUSB 128(R9), Y6, Y7 \
	VPOR     Y7, Y3, Y3 \
	VPAND    160(R9), Y3, Y3 \
	VPXOR    Y3, Y2, Y2 \
	/* U+2028 and U+2029: E2 80 A8 and E2 80 A9. */ \
	VPAND    192(R9), Y0, Y3 \
	VPCMPEQB 224(R9), Y3, Y3 \
	VPCMPEQB 160(R9), Y4, Y7 \
	VPAND    Y7, Y3, Y3 \
	VPCMPEQB 256(R9), Y5, Y7 \
	VPAND    Y7, Y3, Y3 \
	VPOR     Y3, Y2, Y2

// func copyClean32(dst *byte, room int, src *byte, n int, mode int, tables *[3][32]byte, seqs *[128]uint64) (consumed, written int)
//
// Needs AVX2 and n >= 32. Copies src to dst 32 bytes at a time, writing
// each byte to escape as seqs gives it (its bytes, then its length in the
// top byte), and checking the UTF-8, with the bytes before each block as
// context. The last, partial block is checked as the 32 bytes ending at
// n, overlapping ones already done. It stops at the first UTF-8 problem,
// at n, or when fewer than 224 bytes of room are left before a block (32
// bytes may become 192), and returns how many bytes of src it consumed
// and of dst it wrote.
//
// The frame holds a copy of the block being escaped.
TEXT ·copyClean32(SB), NOSPLIT, $64-72
	MOVQ dst+0(FP), DI
	MOVQ room+8(FP), R12
	MOVQ src+16(FP), SI
	MOVQ n+24(FP), CX
	MOVQ mode+32(FP), R8
	MOVQ tables+40(FP), R11
	LEAQ cleanconst<>(SB), R9
	IMULQ $160, R8
	LEAQ 288(R9)(R8*1), R10
	VMOVDQU 0(R9), Y8       // 0x1F
	VMOVDQU 64(R9), Y10     // 0x0F
	VMOVDQU 0(R10), Y11     // orA
	VMOVDQU 32(R10), Y12    // eqA
	VMOVDQU 64(R10), Y13    // orC
	VMOVDQU 96(R10), Y14    // eqC
	VMOVDQU 128(R10), Y9    // eqD
	VPXOR   Y15, Y15, Y15   // the previous block: none, as if ASCII
	SUBQ $224, R12          // a block may start while BX <= R12
	XORQ AX, AX             // consumed
	XORQ BX, BX             // written

loop:
	CMPQ BX, R12
	JGT  done
	LEAQ 32(AX), DX
	CMPQ DX, CX
	JA   tail
	VMOVDQU (SI)(AX*1), Y0
	VPERM2I128 $0x21, Y0, Y15, Y3
	VPALIGNR   $15, Y3, Y0, Y4
	VPALIGNR   $14, Y3, Y0, Y5
	VPALIGNR   $13, Y3, Y0, Y6
	CHECK
	VPOR     Y1, Y2, Y3
	VPTEST   Y3, Y3
	JNZ      block
	VMOVDQU Y0, (DI)(BX*1)
	VMOVDQA Y0, Y15
	MOVQ    DX, AX
	ADDQ    $32, BX
	JMP     loop

block:
	XORQ R13, R13
	JMP  slow

tail:
	// The last 32 bytes, with their context loaded from memory: there
	// must be 3 bytes before them. R13 of them were done already.
	CMPQ AX, CX
	JEQ  done
	CMPQ CX, $35
	JB   done
	VMOVDQU -32(SI)(CX*1), Y0
	VMOVDQU -33(SI)(CX*1), Y4
	VMOVDQU -34(SI)(CX*1), Y5
	VMOVDQU -35(SI)(CX*1), Y6
	CHECK
	MOVQ AX, R13
	SUBQ CX, R13
	ADDQ $32, R13

slow:
	// The block in Y0, of which the first R13 bytes are done, has bytes
	// to escape in Y1 and UTF-8 problems in Y2. Write it up to its first
	// problem: stored whole, then from each byte to escape its sequence
	// and the 32 bytes after it, each store moving the rest further on.
	VMOVDQU   Y0, 0(SP)
	VPXOR     Y3, Y3, Y3
	VPCMPEQB  Y3, Y2, Y2
	VPMOVMSKB Y2, DX
	NOTL      DX            // UTF-8 problems: any nonzero byte
	VPMOVMSKB Y1, R8
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
	// it (a load from the frame's fresh copy would wait for the store),
	// else from the frame.
	LEAQ  33(AX)(CX*1), R9
	CMPQ  R9, n+24(FP)
	JA    fromframe
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
	MOVQ tables+40(FP), R11
	LEAQ cleanconst<>(SB), R9
	MOVL $32, R10
	SUBL R13, R10
	CMPL DX, R10
	JB   done               // stopped at a UTF-8 problem
	VMOVDQA Y0, Y15
	JMP  loop

done:
	VZEROUPPER
	MOVQ AX, consumed+56(FP)
	MOVQ BX, written+64(FP)
	RET
