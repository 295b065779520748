// Package doccheck holds no code: its tests check that the documents a user
// reads agree with the code, so that README.md's Go snippets keep compiling
// and running as the package examples they are copied from.
package doccheck
