// Package fiberjson plugs safejson into fiber v2 through its JSONEncoder and
// JSONDecoder settings.
//
// Both belong to one fiber.App's Config, so each app chooses its own:
//
//	app := fiber.New(fiberjson.Config(fiber.Config{}, policy.Policy{}))                // exactly encoding/json
//	app := fiber.New(fiberjson.Config(fiber.Config{}, policy.New(policy.ScriptSafe()))) // safe inside <script>
//
// The same can be written by hand: JSONEncoder: p.Marshal and JSONDecoder:
// compat.Unmarshal.
package fiberjson

import (
	"github.com/gofiber/fiber/v2"
	"github.com/safejson/safejson/compat"
	"github.com/safejson/safejson/policy"
)

// Config returns cfg with JSONEncoder encoding under p ([policy.Policy.Marshal])
// and JSONDecoder decoding as [encoding/json.Unmarshal] does ([compat.Unmarshal]).
// fiber's Ctx.JSON, Ctx.JSONP and Ctx.BodyParser use them.
func Config(cfg fiber.Config, p policy.Policy) fiber.Config {
	cfg.JSONEncoder = p.Marshal
	cfg.JSONDecoder = compat.Unmarshal
	return cfg
}
