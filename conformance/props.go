package conformance

// Properties returns every property, in report order: the list to pick
// from for Campaign or Property.Run.
func Properties() []Property {
	var ps []Property
	ps = append(ps, encodeProperties()...)
	ps = append(ps, decodeProperties()...)
	ps = append(ps, streamProperties()...)
	ps = append(ps, syntaxProperties()...)
	ps = append(ps, scriptSafeProperties()...)
	ps = append(ps, timeProperties()...)
	ps = append(ps, v2Properties()...)
	return ps
}
