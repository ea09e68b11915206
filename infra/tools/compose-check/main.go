// compose-check loads and validates a compose file with compose-go, the library behind
// `docker compose config`, and prints the normalised model: the same check without a Docker CLI.
package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/compose-spec/compose-go/v2/cli"
)

func main() {
	file := "docker-compose.yml"
	if len(os.Args) > 1 {
		file = os.Args[1]
	}
	abs, err := filepath.Abs(file)
	if err != nil {
		fail(err)
	}
	options, err := cli.NewProjectOptions([]string{abs}, cli.WithWorkingDirectory(filepath.Dir(abs)), cli.WithOsEnv, cli.WithInterpolation(true))
	if err != nil {
		fail(err)
	}
	project, err := options.LoadProject(context.Background())
	if err != nil {
		fail(err)
	}
	out, err := project.MarshalYAML()
	if err != nil {
		fail(err)
	}
	if len(os.Args) > 2 && os.Args[2] == "--print" {
		fmt.Print(string(out))
	}
	fmt.Printf("compose-check: %s is valid (%d services: %v)\n", file, len(project.Services), project.ServiceNames())
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "compose-check:", err)
	os.Exit(1)
}
