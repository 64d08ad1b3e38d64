// Package displayguard keeps the goldvein binary that holds the game window
// from panicking on a Linux or BSD machine that has no display.
//
// Ebitengine v2.8's package internal/ui opens GLFW in its init function:
// glfwInit fails without an X display (it reports the missing DISPLAY as a
// platform error, which Ebitengine's GLFW wrapper only prints), the monitor
// query that follows fails with "The GLFW library is not initialized", and
// ui.init panics. That happens while the program loads, before main and
// before any subcommand is looked at, whatever the command line, and
// Ebitengine reads no setting that would skip it. Ebitengine draws through
// X11 only (under Wayland, XWayland provides DISPLAY), so DISPLAY alone
// decides.
//
// The game binary imports this package (for its side effect, nodisplay.go in
// the root package). Go initialises packages in the order of their import
// paths among those whose imports are done; this package imports only
// standard packages that Ebitengine's internal/ui imports too, and its path
// sorts before Ebitengine's, so its init always runs first. Without a
// display it:
//
//   - for the game window (no subcommand), prints one line saying a display
//     is needed and exits with status 2;
//   - for any subcommand or --help/--version, runs the same command line in
//     goldvein-server, the build without the window (go build -tags
//     headless), when that binary lies beside this one (the Linux release
//     tarball ships both), replacing this process (execve), so the tools run
//     as if the user had called it; without it, prints one line naming
//     goldvein-server and exits with status 2.
//
// With a display, or on any other system, it does nothing.
package displayguard

// ServerName is the file name of the build without the window that a
// display-less command is handed to; it lies in the same folder.
const ServerName = "goldvein-server"

// reexecVar is set in the environment of the binary the guard hands over to,
// so that a goldvein-server that is in fact a copy of the game binary ends
// with a message instead of calling itself forever.
const reexecVar = "GOLDVEIN_DISPLAYGUARD"

// Plan is what a game binary without a display does.
type Plan struct {
	// Exec is the binary to replace this process with, or "" to exit.
	Exec string
	// Message is the line to print on stderr before exiting (status 2).
	Message string
}

// Decide returns the Plan for the command line args (without the program
// name), given the path of a goldvein-server beside the binary ("" when
// there is none) and whether this process was itself started by the guard.
func Decide(args []string, server string, reentered bool) Plan {
	cmd := ""
	if len(args) > 0 {
		switch a := args[0]; {
		case a == "" || a[0] != '-':
			cmd = a
		case a == "-h" || a == "-help" || a == "--help":
			cmd = "--help"
		case a == "-version" || a == "--version":
			cmd = "--version"
		}
	}
	if cmd == "" {
		return Plan{Message: "goldvein: the game window needs a display, and DISPLAY is not set: start it in a desktop session (or under xvfb-run -a for tests); the command-line tools need none (goldvein help)"}
	}
	if server != "" && !reentered {
		return Plan{Exec: server}
	}
	why := "there is no " + ServerName + " beside it"
	if reentered {
		why = "the " + ServerName + " beside it holds the window too"
	}
	return Plan{Message: "goldvein: " + cmd + " needs no display, but this binary holds the game window, which cannot load without one (DISPLAY is not set), and " +
		why + ": run " + ServerName + " " + cmd + " (the build without the window: in the same download, or from the source go build -tags headless -o " + ServerName + " .), or run this one under xvfb-run -a"}
}
