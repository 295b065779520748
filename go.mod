module github.com/safejson/safejson

go 1.26
