package conformance

import (
	"reflect"
	"strconv"
	"time"
)

// copyValue copies v deeply, so that decoding into the copy leaves v
// alone. A non-nil canon rewrites every time.Time on the way.
func copyValue(v reflect.Value, canon func(time.Time) time.Time) reflect.Value {
	w := reflect.New(v.Type()).Elem()
	if canon != nil && v.Type() == timeType && v.CanInterface() {
		w.Set(reflect.ValueOf(canon(v.Interface().(time.Time))))
		return w
	}
	switch v.Kind() {
	case reflect.Pointer:
		if !v.IsNil() {
			p := reflect.New(v.Type().Elem())
			p.Elem().Set(copyValue(v.Elem(), canon))
			w.Set(p)
		}
	case reflect.Slice:
		if !v.IsNil() {
			s := reflect.MakeSlice(v.Type(), v.Len(), v.Len())
			for i := range v.Len() {
				s.Index(i).Set(copyValue(v.Index(i), canon))
			}
			w.Set(s)
		}
	case reflect.Map:
		if !v.IsNil() {
			m := reflect.MakeMapWithSize(v.Type(), v.Len())
			for it := v.MapRange(); it.Next(); {
				m.SetMapIndex(copyValue(it.Key(), canon), copyValue(it.Value(), canon))
			}
			w.Set(m)
		}
	case reflect.Interface:
		if !v.IsNil() {
			w.Set(copyValue(v.Elem(), canon))
		}
	case reflect.Array:
		for i := range v.Len() {
			w.Index(i).Set(copyValue(v.Index(i), canon))
		}
	case reflect.Struct:
		w.Set(v)
		for i := range v.NumField() {
			if w.Field(i).CanSet() {
				w.Field(i).Set(copyValue(v.Field(i), canon))
			}
		}
	default:
		w.Set(v)
	}
	return w
}

// zoneCache hands out one *time.Location per zone name and offset.
type zoneCache struct{ zones map[string]*time.Location }

func (c *zoneCache) canon(t time.Time) time.Time {
	name, off := t.Zone()
	if t.Location() == time.UTC {
		return t
	}
	key := name + " " + strconv.Itoa(off)
	loc, ok := c.zones[key]
	if !ok {
		if c.zones == nil {
			c.zones = map[string]*time.Location{}
		}
		loc = time.FixedZone(name, off)
		c.zones[key] = loc
	}
	return t.In(loc)
}
