//go:build amd64 && !safejson_safe

#include "textflag.h"

// Constants for the scan, 16 bytes each. Shared: 0x20 (signed compare
// catches control bytes and every byte >= 0x80) and '\\'. Then per mode,
// 80 bytes: orA, eqA, orC, eqC, eqD, where the scan flags a byte x when
// x|orA == eqA, x|orC == eqC or x == eqD. In the HTML modes 0x04|'"' ==
// 0x04|'&' and 0x02|'<' == 0x02|'>', so two compares cover four bytes.
// Comparisons a mode does not need repeat '\\' and never add a byte.
#define BCAST(off, v) DATA scanconst<>+off(SB)/8, $v; DATA scanconst<>+(off+8)(SB)/8, $v

BCAST(0, 0x2020202020202020)
BCAST(16, 0x5c5c5c5c5c5c5c5c)
// Plain
BCAST(32, 0x0000000000000000)
BCAST(48, 0x2222222222222222)
BCAST(64, 0x0000000000000000)
BCAST(80, 0x5c5c5c5c5c5c5c5c)
BCAST(96, 0x5c5c5c5c5c5c5c5c)
// HTML
BCAST(112, 0x0404040404040404)
BCAST(128, 0x2626262626262626)
BCAST(144, 0x0202020202020202)
BCAST(160, 0x3e3e3e3e3e3e3e3e)
BCAST(176, 0x5c5c5c5c5c5c5c5c)
// Script
BCAST(192, 0x0404040404040404)
BCAST(208, 0x2626262626262626)
BCAST(224, 0x0202020202020202)
BCAST(240, 0x3e3e3e3e3e3e3e3e)
BCAST(256, 0x2f2f2f2f2f2f2f2f)
GLOBL scanconst<>(SB), RODATA|NOPTR, $272

// CHECK sets DX to the mask of bytes in X0 the mode must look at.
#define CHECK \
	MOVO     X1, X8 \
	PCMPGTB  X0, X8 \
	MOVO     X0, X9 \
	PCMPEQB  X2, X9 \
	POR      X9, X8 \
	MOVO     X0, X9 \
	POR      X3, X9 \
	PCMPEQB  X4, X9 \
	POR      X9, X8 \
	MOVO     X0, X9 \
	POR      X5, X9 \
	PCMPEQB  X6, X9 \
	POR      X9, X8 \
	MOVO     X0, X9 \
	PCMPEQB  X7, X9 \
	POR      X9, X8 \
	PMOVMSKB X8, DX

// func indexDirty16(p *byte, n int, mode int) int
//
// n >= 16. Scans 16 bytes at a time with SSE2 (always present on amd64)
// and returns the index of the first byte mode must look at, or n. The
// last block is loaded so that it ends at n, overlapping bytes already
// found clean, whose bits are shifted out.
TEXT ·indexDirty16(SB), NOSPLIT, $0-32
	MOVQ p+0(FP), SI
	MOVQ n+8(FP), CX
	MOVQ mode+16(FP), R8
	LEAQ scanconst<>(SB), R9
	MOVOU 0(R9), X1
	MOVOU 16(R9), X2
	IMULQ $80, R8
	ADDQ  R8, R9
	MOVOU 32(R9), X3
	MOVOU 48(R9), X4
	MOVOU 64(R9), X5
	MOVOU 80(R9), X6
	MOVOU 96(R9), X7
	XORQ AX, AX

loop:
	LEAQ 16(AX), DI
	CMPQ DI, CX
	JA   tail
	MOVOU (SI)(AX*1), X0
	CHECK
	TESTL DX, DX
	JNZ   found
	MOVQ  DI, AX
	JMP   loop

tail:
	CMPQ AX, CX
	JEQ  done
	// The last 16 bytes start at n-16; the first 16-(n-AX) of them are
	// already known clean.
	MOVOU -16(SI)(CX*1), X0
	CHECK
	MOVQ CX, DI
	SUBQ AX, DI
	MOVQ CX, R10
	MOVQ $16, CX
	SUBQ DI, CX
	SHRL CX, DX
	MOVQ R10, CX
	TESTL DX, DX
	JZ    whole

found:
	BSFL DX, DX
	ADDQ DX, AX

done:
	MOVQ AX, ret+24(FP)
	RET

whole:
	MOVQ CX, ret+24(FP)
	RET
