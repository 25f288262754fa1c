// dockerfile-check converts a Dockerfile with BuildKit's own Dockerfile frontend (dockerfile2llb,
// what `docker build` runs), without a Docker engine or a registry: every instruction, flag, stage
// reference and variable is checked as a build would check it, and `docker build --check`'s lint
// rules run. It prints the image configuration the build would produce (user, environment, command,
// health check, ports, labels, working directory) and the lint result as JSON; exit status 1 when the
// Dockerfile does not convert.
//
//	dockerfile-check [-build-arg NAME=VALUE]... [-target STAGE] Dockerfile
//
// Base images cannot be fetched here: each FROM image gets a stand-in configuration (linux/amd64,
// PATH only), so what a base image itself sets (the node image's ENTRYPOINT, say) is not shown.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/moby/buildkit/client/llb"
	"github.com/moby/buildkit/client/llb/sourceresolver"
	"github.com/moby/buildkit/frontend/dockerfile/dockerfile2llb"
	"github.com/moby/buildkit/frontend/dockerui"
	dockerspec "github.com/moby/docker-image-spec/specs-go/v1"
	digest "github.com/opencontainers/go-digest"
	ocispecs "github.com/opencontainers/image-spec/specs-go/v1"
)

type standInBases struct{}

func (standInBases) ResolveImageConfig(_ context.Context, ref string, _ sourceresolver.Opt) (string, digest.Digest, []byte, error) {
	config := dockerspec.DockerOCIImage{Image: ocispecs.Image{
		Platform: ocispecs.Platform{OS: "linux", Architecture: "amd64"},
		Config:   ocispecs.ImageConfig{Env: []string{"PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"}},
	}}
	data, err := json.Marshal(config)
	return ref, digest.FromBytes(data), data, err
}

type buildArgs map[string]string

func (b buildArgs) String() string { return fmt.Sprint(map[string]string(b)) }
func (b buildArgs) Set(value string) error {
	name, val, ok := strings.Cut(value, "=")
	if !ok {
		return fmt.Errorf("%q is not NAME=VALUE", value)
	}
	b[name] = val
	return nil
}

func main() {
	args := buildArgs{}
	flag.Var(args, "build-arg", "a build argument NAME=VALUE (repeatable)")
	target := flag.String("target", "", "the stage to build (default: the last)")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: dockerfile-check [-build-arg NAME=VALUE]... [-target STAGE] Dockerfile")
		os.Exit(2)
	}
	if err := check(flag.Arg(0), args, *target); err != nil {
		fmt.Fprintf(os.Stderr, "dockerfile-check: %v\n", err)
		os.Exit(1)
	}
}

func check(path string, args buildArgs, target string) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	ctx := context.Background()
	// The source the lint results point into (a build context named "dockerfile", as the frontend's).
	source := llb.Local("dockerfile")
	definition, err := source.Marshal(ctx)
	if err != nil {
		return err
	}
	sourceMap := llb.NewSourceMap(&source, path, "Dockerfile", data)
	sourceMap.Definition = definition
	opt := dockerfile2llb.ConvertOpt{
		Config:       dockerui.Config{BuildArgs: args, Target: target},
		MetaResolver: standInBases{},
		SourceMap:    sourceMap,
	}
	lint, err := dockerfile2llb.DockerfileLint(ctx, data, opt)
	if err != nil {
		return err
	}
	result, err := dockerfile2llb.Dockerfile2LLB(ctx, data, opt)
	if err != nil {
		return err
	}
	out := struct {
		Config   any `json:"config"`
		Warnings any `json:"warnings"`
		Error    any `json:"lintError,omitempty"`
	}{Config: result.Image.Config, Warnings: lint.Warnings}
	if lint.Error != nil {
		out.Error = lint.Error
	}
	encoder := json.NewEncoder(os.Stdout)
	encoder.SetIndent("", "  ")
	return encoder.Encode(out)
}
