//go:build amd64 && !safejson_safe

#include "textflag.h"

// func indexDirty16(p *byte, n int, html, slash bool) int
//
// Scans 16 bytes at a time with SSE2 (always present on amd64) and returns
// the index of the first byte that is a control byte, non-ASCII, '"' or
// '\\' (and '<', '>', '&' if html, '/' if slash), or the index at which
// fewer than 16 bytes remain.
TEXT ·indexDirty16(SB), NOSPLIT, $0-32
	MOVQ p+0(FP), SI
	MOVQ n+8(FP), CX
	MOVBQZX html+16(FP), R8
	MOVBQZX slash+17(FP), R9
	XORQ AX, AX

	MOVQ $0x2020202020202020, DX
	MOVQ DX, X1
	PUNPCKLQDQ X1, X1
	MOVQ $0x2222222222222222, DX
	MOVQ DX, X2
	PUNPCKLQDQ X2, X2
	MOVQ $0x5c5c5c5c5c5c5c5c, DX
	MOVQ DX, X3
	PUNPCKLQDQ X3, X3
	MOVQ $0x3c3c3c3c3c3c3c3c, DX
	MOVQ DX, X4
	PUNPCKLQDQ X4, X4
	MOVQ $0x3e3e3e3e3e3e3e3e, DX
	MOVQ DX, X5
	PUNPCKLQDQ X5, X5
	MOVQ $0x2626262626262626, DX
	MOVQ DX, X6
	PUNPCKLQDQ X6, X6
	MOVQ $0x2f2f2f2f2f2f2f2f, DX
	MOVQ DX, X7
	PUNPCKLQDQ X7, X7

loop:
	LEAQ 16(AX), DX
	CMPQ DX, CX
	JA   done
	MOVOU (SI)(AX*1), X0
	// Signed 0x20 > x: control bytes, and every byte >= 0x80.
	MOVO    X1, X8
	PCMPGTB X0, X8
	MOVO    X0, X9
	PCMPEQB X2, X9
	POR     X9, X8
	MOVO    X0, X9
	PCMPEQB X3, X9
	POR     X9, X8
	TESTQ   R8, R8
	JZ      mask
	MOVO    X0, X9
	PCMPEQB X4, X9
	POR     X9, X8
	MOVO    X0, X9
	PCMPEQB X5, X9
	POR     X9, X8
	MOVO    X0, X9
	PCMPEQB X6, X9
	POR     X9, X8
	TESTQ   R9, R9
	JZ      mask
	MOVO    X0, X9
	PCMPEQB X7, X9
	POR     X9, X8

mask:
	PMOVMSKB X8, DX
	TESTL    DX, DX
	JNZ      found
	ADDQ     $16, AX
	JMP      loop

found:
	BSFL DX, DX
	ADDQ DX, AX

done:
	MOVQ AX, ret+24(FP)
	RET
