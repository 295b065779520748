package conformance

// Properties returns every property, in report order.
func Properties() []Property {
	var ps []Property
	ps = append(ps, encodeProperties()...)
	return ps
}
