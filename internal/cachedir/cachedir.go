package cachedir

import (
	"fmt"
	"os"
	"path/filepath"
)

// Env is the environment variable that, when set, names the cache directory.
const Env = "YAMS_CACHE_DIR"

// Dir returns the cache directory: $YAMS_CACHE_DIR if set, else yams/ in the user cache
// directory.
func Dir() (string, error) {
	if d := os.Getenv(Env); d != "" {
		return d, nil
	}
	d, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("no cache directory (set %s): %w", Env, err)
	}
	return filepath.Join(d, "yams"), nil
}
