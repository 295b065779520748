// Package doccheck holds no code: its tests check that the documents agree
// with the code, so that README.md's Go snippets keep compiling and running
// as the package examples they are copied from, and docs/ARCHITECTURE.md's
// table of imports and its rules for the text layer stay the packages' own.
package doccheck
