package packaging

import (
	"os"
	"path/filepath"
)

// RelayFiles are the files of packaging/relay/ that the relay's deployment
// download carries as they are (docs/LAN.md, "Running a relay"): the
// container image's recipe, the systemd unit and the Caddy configuration.
var RelayFiles = []string{"Containerfile", "goldvein-relay.service", "Caddyfile"}

// RelayTree lays out the relay's deployment download in dir: RelayFiles
// copied from src (packaging/relay/) and README.txt (RelayReadme of
// version). A file of RelayFiles missing from src is an error.
func RelayTree(dir, version, src string) error {
	for _, f := range RelayFiles {
		if err := copyFile(filepath.Join(dir, f), filepath.Join(src, f), 0o644); err != nil {
			return err
		}
	}
	return os.WriteFile(filepath.Join(dir, "README.txt"), []byte(RelayReadme(version)), 0o644)
}

// RelayReadme is README.txt of the relay's deployment download: how its
// files go with the downloaded goldvein-linux-*-server binaries.
// A release version names its tag to check out for the Containerfile.
func RelayReadme(version string) string {
	checkout := ""
	if version != "dev" {
		checkout = "    git checkout " + version + "\n"
	}
	return "goldvein " + version + ": running a relay (internet play)\n\n" +
		"A relay pairs each host's room with its guests and forwards their frames,\n" +
		"sealed end to end; docs/LAN.md, \"Running a relay\", tells it in full:\n" +
		"https://github.com/goldvein/goldvein/blob/main/docs/LAN.md#running-a-relay\n\n" +
		"The relay is the headless binary of the same release:\n" +
		"goldvein-linux-amd64-server or goldvein-linux-arm64-server.\n\n" +
		"goldvein-relay.service  systemd unit. Copy the binary to\n" +
		"    /usr/local/bin/goldvein-server (chmod +x), this file to\n" +
		"    /etc/systemd/system/, put your domain in ExecStart (or use the\n" +
		"    commented line behind Caddy), then\n" +
		"    systemctl daemon-reload && systemctl enable --now goldvein-relay\n\n" +
		"Caddyfile  Caddy in front of the relay: Caddy gets the certificate and\n" +
		"    ends TLS, the relay listens on 127.0.0.1:47476. Put your domain in\n" +
		"    place of relay.example.org.\n\n" +
		"Containerfile  builds the image from a source checkout, not from this\n" +
		"    download (it compiles the browser build and the server):\n" +
		"    git clone https://github.com/goldvein/goldvein && cd goldvein\n" +
		checkout +
		"    podman build -f packaging/relay/Containerfile --build-arg VERSION=" + version + " -t goldvein-relay .\n" +
		"    Its header says how to run the image.\n"
}
