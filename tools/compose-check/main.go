// compose-check loads a Compose file the way `docker compose config` does, with the compose-spec
// reference library (github.com/compose-spec/compose-go/v2): schema validation, variable
// interpolation (`${VAR:?message}` fails when VAR is unset), normalization and the consistency
// checks (depends_on, networks, volumes and secrets naming what exists). It prints the resolved
// model as JSON, or the loader's error and exit status 1. No Docker engine is needed.
//
//	compose-check [-env-file FILE]... [-os-env] docker-compose.yml
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/compose-spec/compose-go/v2/cli"
)

type fileList []string

func (f *fileList) String() string     { return strings.Join(*f, ",") }
func (f *fileList) Set(v string) error { *f = append(*f, v); return nil }

func main() {
	var envFiles fileList
	flag.Var(&envFiles, "env-file", "a .env file to interpolate from (repeatable; later files win)")
	// Off by default: the result depends on the files given, not on the shell that runs the check.
	osEnv := flag.Bool("os-env", false, "also interpolate from this process's environment (it wins over the files)")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: compose-check [-env-file FILE]... [-os-env] <compose file>")
		os.Exit(2)
	}
	var loaders []cli.ProjectOptionsFn
	if *osEnv {
		loaders = append(loaders, cli.WithOsEnv)
	}
	// With no -env-file nothing is read (WithEnvFiles with no names would fall back to ./.env).
	if len(envFiles) > 0 {
		loaders = append(loaders, cli.WithEnvFiles(envFiles...), cli.WithDotEnv)
	}
	loaders = append(loaders, cli.WithConsistency(true), cli.WithNormalization(true), cli.WithResolvedPaths(true))
	options, err := cli.NewProjectOptions([]string{flag.Arg(0)}, loaders...)
	if err == nil {
		err = load(options)
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "compose-check: %v\n", err)
		os.Exit(1)
	}
}

func load(options *cli.ProjectOptions) error {
	project, err := options.LoadProject(context.Background())
	if err != nil {
		return err
	}
	model, err := project.MarshalJSON()
	if err != nil {
		return err
	}
	_, err = os.Stdout.Write(append(model, '\n'))
	return err
}
