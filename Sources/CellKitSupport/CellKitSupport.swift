// Shared support: files, JSON, CSV, XDG paths.
