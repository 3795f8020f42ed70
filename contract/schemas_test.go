package contract

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/cedarsim/esim/contract/internal/wiregen"
)

// inlineSchemas lists the places under `paths` where a schema is written inline instead
// of naming one of components/schemas: any object or array schema (type, properties,
// items, composition), and any JSON request or answer body that is not a $ref. oapi-codegen
// generates components only, so an inline schema would be a wire type written by hand.
func inlineSchemas(doc []byte) ([]string, error) {
	var root yaml.Node
	if err := yaml.Unmarshal(doc, &root); err != nil {
		return nil, err
	}
	if len(root.Content) != 1 {
		return nil, fmt.Errorf("not a YAML document")
	}
	paths := value(root.Content[0], "paths")
	if paths == nil {
		return nil, fmt.Errorf("no paths")
	}
	var bad []string
	var walk func(n *yaml.Node, at string, schema, body bool)
	walk = func(n *yaml.Node, at string, schema, body bool) {
		switch n.Kind {
		case yaml.MappingNode:
			if schema {
				if body && value(n, "$ref") == nil {
					bad = append(bad, at+": body schema is not a $ref")
				}
				for _, k := range []string{"properties", "additionalProperties", "items", "prefixItems", "allOf", "oneOf", "anyOf", "not"} {
					if value(n, k) != nil {
						bad = append(bad, at+": inline "+k)
					}
				}
				if t := value(n, "type"); t != nil && (strings.Contains(flat(t), "object") || strings.Contains(flat(t), "array")) {
					bad = append(bad, at+": inline "+flat(t)+" schema")
				}
				return
			}
			for i := 0; i+1 < len(n.Content); i += 2 {
				k, v := n.Content[i].Value, n.Content[i+1]
				isBody := strings.HasSuffix(at, "/content/application/json") || strings.HasSuffix(at, "/content/application/x-www-form-urlencoded") || strings.HasSuffix(at, "/content/application/problem+json")
				walk(v, at+"/"+k, k == "schema", k == "schema" && isBody)
			}
		case yaml.SequenceNode:
			for i, c := range n.Content {
				walk(c, fmt.Sprintf("%s/%d", at, i), false, false)
			}
		}
	}
	walk(paths, "paths", false, false)
	return bad, nil
}

var value = wiregen.Lookup

// flat is a scalar's value, or a sequence's values joined ("[string null]").
func flat(n *yaml.Node) string {
	if n.Kind == yaml.SequenceNode {
		var s []string
		for _, c := range n.Content {
			s = append(s, c.Value)
		}
		return fmt.Sprint(s)
	}
	return n.Value
}

// TestNoInlineSchemaUnderPaths: every request body and answer of openapi.yaml is a named
// schema of components/schemas.
func TestNoInlineSchemaUnderPaths(t *testing.T) {
	bad, err := inlineSchemas(OpenAPI())
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range bad {
		t.Error(b)
	}
}

// TestInlineSchemasAreFound proves the check above can fail.
func TestInlineSchemasAreFound(t *testing.T) {
	op := func(body string) string {
		return "paths:\n  /x:\n    post:\n      requestBody:\n        content:\n          application/json:\n            schema: " + body + "\n" +
			"      parameters:\n        - {name: a, in: path, schema: {type: string}}\n"
	}
	for _, c := range []struct {
		name, doc string
		want      []string
	}{
		{"named body", op("{$ref: '#/components/schemas/A'}"), nil},
		{"inline object", op("{type: object, properties: {a: {type: string}}}"), []string{
			"paths//x/post/requestBody/content/application/json/schema: body schema is not a $ref",
			"paths//x/post/requestBody/content/application/json/schema: inline properties",
			"paths//x/post/requestBody/content/application/json/schema: inline object schema",
		}},
		{"inline array", op("{type: array, items: {$ref: '#/components/schemas/A'}}"), []string{
			"paths//x/post/requestBody/content/application/json/schema: body schema is not a $ref",
			"paths//x/post/requestBody/content/application/json/schema: inline items",
			"paths//x/post/requestBody/content/application/json/schema: inline array schema",
		}},
		{"inline union", op("{oneOf: [{$ref: '#/components/schemas/A'}]}"), []string{
			"paths//x/post/requestBody/content/application/json/schema: body schema is not a $ref",
			"paths//x/post/requestBody/content/application/json/schema: inline oneOf",
		}},
		{"object parameter", "paths:\n  /x:\n    get:\n      parameters:\n        - {name: a, in: query, schema: {type: object}}\n", []string{
			"paths//x/get/parameters/0/schema: inline object schema",
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, err := inlineSchemas([]byte(c.doc))
			if err != nil {
				t.Fatal(err)
			}
			slices.Sort(got)
			slices.Sort(c.want)
			if !slices.Equal(got, c.want) {
				t.Errorf("got %q\nwant %q", got, c.want)
			}
		})
	}
}
