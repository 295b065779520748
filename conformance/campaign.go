package conformance

// chunk is how many cases of one property run before the next property's
// turn, so that a campaign cut short by time covers every property.
const chunk = 50

// Campaign runs props against impl round-robin, chunk by chunk, until each
// has run cfg.Cases cases (0: no limit) or cfg.Stop says so; it is what
// cmd/safejson conform runs. Property k's case i uses seed cfg.Seed+i
// whatever the chunking. A property that has left cfg.MaxTimeouts calls of
// encoding/json running past the deadline stops (its Result says so) and
// the others go on. progress, if not nil, is called after each chunk with
// the totals so far.
func Campaign(props []Property, impl Impl, cfg Config, progress func(cases, failures int)) []Result {
	results := make([]Result, len(props))
	for k, p := range props {
		results[k] = Result{Property: p.Name, ByKind: map[Kind]int{}}
	}
	stopped := func() bool { return cfg.Stop != nil && cfg.Stop() }
	maxTimeouts := cfg.MaxTimeouts
	if maxTimeouts <= 0 {
		maxTimeouts = defaultMaxTimeouts
	}
	cases, failures := 0, 0
	for next := 0; !stopped(); next += chunk {
		ran := false
		for k, p := range props {
			n := chunk
			if cfg.Cases > 0 {
				n = min(chunk, cfg.Cases-next)
			}
			if n <= 0 || stopped() || results[k].Stopped {
				continue
			}
			ran = true
			part := p.Run(impl, Config{Cases: n, Seed: cfg.Seed + int64(next), MaxSize: cfg.MaxSize, Stop: cfg.Stop,
				NoShrink: cfg.NoShrink, OracleTimeout: cfg.OracleTimeout, MaxTimeouts: maxTimeouts - results[k].TimedOut})
			results[k].add(part)
			cases += part.Cases
			failures += part.Failures
		}
		if progress != nil {
			progress(cases, failures)
		}
		if !ran {
			break
		}
	}
	return results
}

// add merges the result of a later part of the same property's run.
func (r *Result) add(part Result) {
	r.Cases += part.Cases
	r.Failures += part.Failures
	for k, n := range part.ByKind {
		r.ByKind[k] += n
	}
	if r.First == nil {
		r.First = part.First
	}
	r.NoReturn += part.NoReturn
	r.TimedOut += part.TimedOut
	if r.FirstNoReturn == nil {
		r.FirstNoReturn = part.FirstNoReturn
	}
	r.Stopped = r.Stopped || part.Stopped
}
